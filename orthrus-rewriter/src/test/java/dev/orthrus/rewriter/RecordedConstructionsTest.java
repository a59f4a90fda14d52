package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closure that makes user data whose constructor draws an id from the program's sequence, reads a
 * clock and a setting the control path changes ({@code src/test/resources/recorded-constructions}):
 * APP records the object it made and VAL takes it, so the constructor runs once (the validator drew
 * a second id from the sequence, which changed the program's output, and every execution was a
 * detection).
 */
class RecordedConstructionsTest {

  private static final Path SOURCES = Path.of("src/test/resources/recorded-constructions");

  @Test
  void aConstructorWithRecordedCallsRunsOnceAndItsObjectIsTheApplications(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, RecordedConstructionsTest::run, 900);
    String generated = Builds.generated(out, "orders/Book.java");
    assertTrue(generated.contains("log.nondetRef(new Order(quantity))"), generated);
    assertTrue(generated.contains("replay.nondetRef(quantity)"), generated);
    assertTrue(generated.contains("log.nondetRef(new Ticket())"), generated);
    assertTrue(generated.contains("(ref$0) -> log.nondetRef(new Order(ref$0))"), generated);
    assertTrue(generated.contains("(ref$0) -> ((Order) replay.nondetRef(ref$0))"), generated);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> book = loader.loadClass("orders.Book");
    Class<?> ids = loader.loadClass("orders.Ids");
    Object b = book.getConstructor().newInstance();
    var place = book.getMethod("place", int.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      seen.append(place.invoke(b, i % 7)).append(' ');
      seen.append(book.getMethod("ticket").invoke(b)).append(' ');
      seen.append(book.getMethod("plainTicket").invoke(b)).append(' ');
      if (i % 50 == 0) {
        ids.getMethod("defaultLimit", long.class).invoke(null, 100L + i);
      }
    }
    seen.append('\n').append(book.getMethod("total").invoke(b));
    return seen.append(" issued ").append(ids.getMethod("issued").invoke(null)).toString();
  }
}

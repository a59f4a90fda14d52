package dev.orthrus.rewriter;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that use JDK objects a service's own fields hold ({@code src/test/resources/
 * shared-objects}): a registry map the control path removes from right after the closure returns, a
 * {@code computeIfAbsent} that makes user data inside the map's call, an audit list and an atomic
 * counter. Each such call is made once, by the application, and recorded; a validator takes its
 * result from the log. Trial 7: the validator re-ran the calls on the live objects, so a closed
 * account was a false detection on every deposit, the get-or-create one on every first credit, and
 * the audit trail got every line twice.
 */
class SharedObjectsTest {

  private static final Path SOURCES = Path.of("src/test/resources/shared-objects");

  @Test
  void callsOnTheServicesOwnJdkObjectsRunOnceAndValidate(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, SharedObjectsTest::run, 80);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> bank = loader.loadClass("bank.Bank");
    Object b = bank.getConstructor().newInstance();
    Method open = bank.getMethod("open", String.class);
    Method close = bank.getMethod("close", String.class);
    Method deposit = bank.getMethod("deposit", String.class, long.class);
    Method credit = bank.getMethod("credit", String.class, long.class);
    Method note = bank.getMethod("note", String.class, long.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      String id = "a" + i;
      open.invoke(b, id);
      seen.append(deposit.invoke(b, id, 10L)).append(',');
      seen.append(deposit.invoke(b, id, 95L)).append(',');
      seen.append(note.invoke(b, id, 7L)).append(',');
      close.invoke(b, id);
      seen.append(deposit.invoke(b, id, 1L)).append(',');
      seen.append(credit.invoke(b, "c" + (i % 3), (long) i)).append(';');
    }
    return seen + bank.getMethod("report").invoke(b).toString();
  }
}

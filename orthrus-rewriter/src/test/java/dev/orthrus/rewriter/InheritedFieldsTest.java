package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data subclass whose constructor sets fields its superclass declares ({@code
 * src/test/resources/inherited-fields}): after {@code super(...)} the object has made its first
 * store, so an assignment is a plain store through the superclass's store helper, and a read its
 * plain accessor. Written into the fields directly, as it was, the object's checksum no longer
 * matched its fields and its first closure reported a corruption on a fault-free run.
 */
class InheritedFieldsTest {

  private static final Path SOURCES = Path.of("src/test/resources/inherited-fields");

  @Test
  void aSubclassConstructorStoresInheritedFieldsThroughTheirHelpers(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    String savings = Builds.generated(out, "acct/Savings.java");
    assertTrue(savings.contains("this.set$limit(credit);"), savings);
    assertTrue(savings.contains("this.set$balance(this.lv$balance() + credit / 2);"), savings);
    assertTrue(savings.contains("this.set$ops(this.lv$ops() + credit > 100 ? 2 : 3);"), savings);
  }

  @Test
  void accountsMadeBySubclassesComputeWhatVanillaDoesWithoutDetections(@TempDir Path out)
      throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("acct.Driver").getMethod("run", int.class).invoke(null, 500),
        500 * 4);
  }
}

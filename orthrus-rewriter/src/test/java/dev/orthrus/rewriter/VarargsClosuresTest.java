package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures with a variable number of arguments ({@code src/test/resources/varargs}): called with
 * none, one, several arguments or an array the caller reuses, from the control path and from
 * another closure; every execution logged and validated, results vanilla's. A dispatcher takes its
 * site before the variable arguments, so that a call keeps passing them as it did.
 */
class VarargsClosuresTest {

  private static final Path SOURCES = Path.of("src/test/resources/varargs");

  @Test
  void theSiteComesBeforeTheVariableArguments(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String tally = Builds.generated(out, "tally/Tally.java");
    assertTrue(tally.contains("long add(CallSite site, long... amounts)"), tally);
    assertTrue(tally.contains("return add(ADD_ANY, amounts);"), tally);
    assertTrue(tally.contains("bumpAll(long by, CallSite site, Item... items)"), tally);
    assertTrue(tally.contains("bumpAll(2, BUMP_ALL_FROM_LABEL);"), tally);
    String driver = Builds.generated(out, "tally/Driver.java");
    assertTrue(driver.contains("t.add(ADD_FROM_RUN, i, 2L * i, 3);"), driver);
    assertTrue(driver.contains("t.add(ADD_FROM_RUN, buffer);"), driver);
  }

  @Test
  void varargsClosuresComputeWhatVanillaDoesAndAreValidated(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("tally.Driver").getMethod("run", int.class).invoke(null, 200),
        200 * 9);
  }
}

package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user-data field holding a JDK functional interface the program set ({@code Consumer<String>
 * listener = heard::add}, a {@code Runnable}, a {@code LongUnaryOperator}), called by a closure.
 * The validator called it again, so the program's list and counters grew by one more per validated
 * execution (1,411 heard where the vanilla build heard 1,000), with no detection and no warning.
 * Such a call is now recorded, as one on a service's field is: APP makes it, VAL takes its result.
 * So is one on what a local, a shared map, a getter or a record's accessor gives of such a field; a
 * supplier reading a thread-local (the current user) was a detection on every execution.
 */
class CallbacksInUserDataTest {

  private static final Path SOURCES = Path.of("src/test/resources/listeners");

  /**
   * Observers registered with a service and reached in every other way a closure reaches them: each
   * ran twice per validated execution (4,000 heard for 2,000 calls), and a current-user supplier
   * taken from a list was a detection every time.
   */
  @Test
  void observersRegisteredWithTheProgramRunOncePerCall(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader ->
            loader.loadClass("events.Observers").getMethod("drive", int.class).invoke(null, 200),
        400);
  }

  @Test
  void aCallbackHeldInUserDataRunsOncePerCall(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        SOURCES,
        out,
        loader -> loader.loadClass("events.Svc").getMethod("drive", int.class).invoke(null, 300),
        2_700);
  }
}

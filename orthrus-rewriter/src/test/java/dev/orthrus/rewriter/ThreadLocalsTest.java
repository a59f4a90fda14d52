package dev.orthrus.rewriter;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that use what a {@code ThreadLocal} holds ({@code src/test/resources/thread-locals},
 * from an outside trial): the recorded {@code get()} gives VAL the application thread's own object.
 * A reused {@code StringBuilder} was changed by VAL while the application used it (wrong results in
 * the program, and detections), and an element of a {@code long[]} the control path changes in
 * place was read by VAL after the change (every execution a detection). Calls on such an object and
 * reads of its elements are now the application's, recorded for VAL, as for what a shared map
 * returns.
 */
class ThreadLocalsTest {

  private static final int CALLS = 20_000;

  @Test
  void whatAThreadLocalHoldsIsTheApplications(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/thread-locals"), out, ThreadLocalsTest::run, 2L * CALLS);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> handler = loader.loadClass("tl.Handler");
    Constructor<?> request = loader.loadClass("tl.Req").getConstructor(long.class);
    Method enter = handler.getMethod("enter", long.class);
    Method render = handler.getMethod("render", request.getDeclaringClass());
    Method trace = handler.getMethod("trace", request.getDeclaringClass());
    int wrong = 0;
    for (int i = 0; i < CALLS; i++) {
      enter.invoke(null, 1000L + i);
      Object r = request.newInstance((long) i);
      wrong += render.invoke(null, r).equals(i + ":DONE") ? 0 : 1;
      wrong += (long) trace.invoke(null, r) == 2 * (1000L + i) ? 0 : 1;
    }
    return "wrong results: " + wrong;
  }
}

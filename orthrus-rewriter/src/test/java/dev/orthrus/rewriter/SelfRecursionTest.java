package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.Detection;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that call themselves ({@code src/test/resources/self-recursion}): the plain variant of a
 * static closure, or of an instance closure no override can replace, runs the next level itself,
 * one frame a level as the vanilla method, instead of through the dispatcher (two frames and a
 * check of the arguments a level, which overflowed a stack that vanilla's recursion fit). A call
 * from a lambda, which may run after the execution, and a call an override may take keep the
 * dispatcher. Results are vanilla's whether the executions are logged or not.
 */
class SelfRecursionTest {

  private static final Path SOURCES = Path.of("src/test/resources/self-recursion");

  @Test
  void theNextLevelRunsInThePlainVariantUnlessALambdaOrAnOverrideMayTakeIt(@TempDir Path out)
      throws Exception {
    Builds.instrument(SOURCES, out);
    String levels = Builds.generated(out, "deep/Levels.java");
    assertTrue(levels.contains("1 + depthPlain(a, n - 1)"), levels);
    assertFalse(levels.contains("DEPTH_FROM_DEPTH"), levels);
    assertTrue(levels.contains("later(a, k, LATER_FROM_LATER)"), levels);
    String walker = Builds.generated(out, "deep/Walker.java");
    assertTrue(walker.contains("1 + walkPlain(n - 1)"), walker);
    String open = Builds.generated(out, "deep/OpenWalker.java");
    assertTrue(open.contains("1 + walk(n - 1, WALK_FROM_WALK)"), open);
  }

  @Test
  void unloggedAndLoggedRecursionsComputeWhatVanillaDoes(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out.resolve("logged"), SelfRecursionTest::run, 100);

    Path plainOut = out.resolve("plain");
    Builds.instrument(SOURCES, plainOut);
    Path vanilla = Builds.vanilla(SOURCES, plainOut);
    List<Detection> found = new CopyOnWriteArrayList<>();
    OrthrusRuntime rt = Builds.detecting(found, plainOut.resolve("reproducers"), 0.0);
    try (URLClassLoader p = Builds.loader(plainOut.resolve("classes"));
        URLClassLoader v = Builds.loader(vanilla)) {
      assertEquals(run(v), run(p));
      assertTrue(rt.awaitDrained(10_000));
      assertEquals(List.of(), found, "no detection on a fault-free run");
    } finally {
      rt.close();
    }
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> levels = loader.loadClass("deep.Levels");
    Class<?> accType = loader.loadClass("deep.Acc");
    Object a = accType.getConstructor().newInstance();
    var depth = levels.getMethod("depth", accType, int.class);
    var later = levels.getMethod("later", accType, int.class);
    var bump = levels.getMethod("bump", accType, int.class);
    Class<?> walkerType = loader.loadClass("deep.Walker");
    Object walker = walkerType.getConstructor(accType).newInstance(a);
    var walk = walkerType.getMethod("walk", int.class);
    Class<?> openType = loader.loadClass("deep.OpenWalker");
    Object open = openType.getConstructor(accType).newInstance(a);
    var openWalk = openType.getMethod("walk", int.class);
    long sum = 0;
    for (int i = 0; i < 20; i++) {
      bump.invoke(null, a, i);
      sum += (int) depth.invoke(null, a, 1_500) + (int) later.invoke(null, a, 20);
      sum += (int) walk.invoke(walker, 1_000) + (int) openWalk.invoke(open, 100);
    }
    return Long.toString(sum);
  }
}

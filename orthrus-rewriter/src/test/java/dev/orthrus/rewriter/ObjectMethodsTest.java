package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code equals}, {@code hashCode}, {@code toString} and {@code compareTo} called through an
 * interface or {@code Object} on user data ({@code src/test/resources/object-methods}): javac
 * resolves the JDK's declarations, the JVM runs the user-data classes' overrides, and the closure
 * is validated through their variants (it was never validated: a validator reached their plain
 * bodies). The same through a type variable ({@code src/test/resources/generic-helpers}): a generic
 * helper's {@code a.compareTo(b)}.
 */
class ObjectMethodsTest {

  private static final Path SOURCES = Path.of("src/test/resources/object-methods");

  @Test
  void overridesReachedThroughAnInterfaceRunTheirVariants(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, ObjectMethodsTest::run, 30);
    String generated = Builds.generated(out, "shapes/Scene.java");
    assertTrue(generated.contains(".equalsApp(log, "), generated);
    assertTrue(generated.contains(".hashCodeVal(replay)"), generated);
  }

  @Test
  void overridesReachedThroughATypeVariableRunTheirVariants(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(
        Path.of("src/test/resources/generic-helpers"), out, ObjectMethodsTest::offer, 40);
    String generated = Builds.generated(out, "ranks/Podium.java");
    assertTrue(generated.contains(".compareToVal(replay, (Podium.Score) (b))"), generated);
    assertTrue(generated.contains(".equalsApp(log, (b))"), generated);
  }

  private static String offer(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> podium = loader.loadClass("ranks.Podium");
    Object p = podium.getConstructor().newInstance();
    Method offer = podium.getMethod("offer", long.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      seen.append(offer.invoke(p, (i * 7L) % 11)).append('\n');
    }
    return seen.toString();
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> scene = loader.loadClass("shapes.Scene");
    Object s = scene.getConstructor().newInstance();
    Method grow = scene.getMethod("grow", int.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      seen.append(grow.invoke(s, i)).append('\n');
    }
    return seen.toString();
  }
}

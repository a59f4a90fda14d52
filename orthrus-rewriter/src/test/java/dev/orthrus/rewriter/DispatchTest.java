package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.runtime.OrthrusRuntime;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closures that call an interface's abstract or default method, an abstract class's method, or a
 * method a subclass overrides ({@code src/test/resources/dispatch}): the call reaches the APP and
 * VAL variants of the implementation the rewriter saw (a user-data class, a class holding user
 * data, a subclass, an anonymous and a local class), and the plain method of one it gave none (a
 * proxy, an anonymous class that reads no user data), so every execution validates and computes
 * what the plain code computes. A file whose only change is a read of a versioned field is
 * rewritten too.
 */
class DispatchTest {

  private static final Path SOURCES = Path.of("src/test/resources/dispatch");

  @Test
  void callsOfAbstractMethodsReachTheImplementationsVariants(@TempDir Path out) throws Exception {
    Builds.instrument(SOURCES, out);
    String shape = Builds.generated(out, "shapes/Shape.java");
    assertTrue(shape.contains("default long areaApp(ClosureLog log)"), shape);
    OrthrusRuntime rt = Builds.validatingEverything();
    try (URLClassLoader loader = Builds.loader(out.resolve("classes"))) {
      Class<?> shapeType = loader.loadClass("shapes.Shape");
      Class<?> squareType = loader.loadClass("shapes.Square");
      Class<?> boardType = loader.loadClass("shapes.Board");
      Object square = squareType.getConstructor(long.class).newInstance(3L);
      Object fixed = loader.loadClass("shapes.Fixed").getConstructor(long.class).newInstance(5L);
      Object unseen = Proxy.newProxyInstance(loader, new Class<?>[] {shapeType}, (p, m, a) -> 2L);
      Class<?> measureType = loader.loadClass("shapes.Measure");
      Object squareMeasure =
          loader.loadClass("shapes.SquareMeasure").getConstructor(squareType).newInstance(square);
      Object board =
          boardType
              .getConstructor(shapeType, shapeType, shapeType, measureType)
              .newInstance(square, fixed, unseen, squareMeasure);
      Method add = boardType.getMethod("add");
      Method measure = boardType.getMethod("measure", long.class);
      Method grow = boardType.getMethod("grow", squareType);
      Method doubled = boardType.getMethod("doubled");
      Method priced = boardType.getMethod("priced", squareType);
      long expected = 0;
      for (int i = 0; i < 200; i++) {
        expected += 9 + 5 + 2;
        assertEquals(expected, add.invoke(board));
        expected += 3 * 10;
        assertEquals(expected, measure.invoke(board, 10L));
        // The proxy answers 2 for its default method too.
        assertEquals(18L + 10 + 2, doubled.invoke(board));
        assertEquals(30L + 24 + 1 + 15 + 300, priced.invoke(board, square));
        expected += 30 + 24 + 1 + 15 + 300;
      }
      Object growing = squareType.getConstructor(long.class).newInstance(1L);
      for (long side = 2; side <= 101; side++) {
        assertEquals(side * side, grow.invoke(null, growing));
      }
      // Plain code that no closure reaches reads the versioned field too.
      assertEquals(
          101L,
          loader.loadClass("shapes.Describe").getMethod("side", squareType).invoke(null, growing));
      Builds.assertAllValidated(rt, 900);
    } finally {
      rt.close();
    }
  }
}

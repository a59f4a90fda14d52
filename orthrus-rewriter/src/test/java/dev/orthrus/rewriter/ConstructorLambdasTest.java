package dev.orthrus.rewriter;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lambda that reads user data passed straight to a JDK constructor ({@code new
 * PriorityQueue<>((x, y) -> ...)}, {@code src/test/resources/constructor-lambdas}) is accepted as
 * one passed to a call is, and validated. It was refused as a kept lambda.
 */
class ConstructorLambdasTest {

  private static final Path SOURCES = Path.of("src/test/resources/constructor-lambdas");

  @Test
  void aLambdaPassedToAConstructorIsValidated(@TempDir Path out) throws Exception {
    Builds.assertSameAsVanilla(SOURCES, out, ConstructorLambdasTest::run, 40);
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> board = loader.loadClass("queues.Board");
    Object b = board.getConstructor().newInstance();
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      seen.append(board.getMethod("smallest", int.class).invoke(b, 1 + i % 5)).append(' ');
    }
    return seen.toString();
  }
}

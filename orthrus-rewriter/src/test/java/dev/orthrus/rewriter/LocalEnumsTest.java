package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An enum declared in a method, which the rewriter's parser cannot read (javaparser issue 3990): a
 * file with nothing to rewrite is compiled as written (an outside trial's build failed on one in a
 * plain utility class), and one the rewriter must change is refused with the enum's line and what
 * to do instead of the parser's message.
 */
class LocalEnumsTest {

  private static final String COUNTER =
      """
      package p;
      @dev.orthrus.annotations.UserData
      public class Counter {
        long count;
        @dev.orthrus.annotations.Closure
        public long add(int i) {
          count += Util.code(i);
          return count;
        }
      }
      """;

  private static final String UTIL =
      """
      package p;
      final class Util {
        static int code(int i) {
          enum Dir { UP, DOWN }
          return i + (i % 2 == 0 ? Dir.UP : Dir.DOWN).ordinal();
        }
      }
      """;

  @Test
  void aFileWithNothingToRewriteKeepsItsLocalEnum(@TempDir Path dir) throws Exception {
    Path src = write(dir, COUNTER, UTIL);
    Builds.assertSameAsVanilla(src, dir.resolve("out"), LocalEnumsTest::run, 20);
  }

  @Test
  void aLocalEnumInAFileToRewriteIsRefusedWithItsLine(@TempDir Path dir) throws IOException {
    String counter =
        COUNTER.replace(
            "    count += Util.code(i);",
            "    enum Step { ONE, TWO }\n    count += Step.values()[i % 2].ordinal();");
    Path src = write(dir, counter, UTIL);
    InstrumentException e =
        assertThrows(InstrumentException.class, () -> Builds.instrument(src, dir.resolve("out")));
    List<Problem> problems = e.problems();
    assertEquals(1, problems.size(), problems::toString);
    Problem p = problems.get(0);
    assertTrue(p.file().endsWith(Path.of("p/Counter.java")), p::toString);
    assertEquals(7, p.line(), p::toString);
    assertTrue(p.construct().contains("an enum declared in a method"), p::toString);
    assertEquals("declare the enum as a member of its class", p.advice());
  }

  private static Path write(Path dir, String counter, String util) throws IOException {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("p"));
    Files.writeString(src.resolve("p/Counter.java"), counter);
    Files.writeString(src.resolve("p/Util.java"), util);
    return src;
  }

  private static String run(ClassLoader loader) throws ReflectiveOperationException {
    Class<?> counter = loader.loadClass("p.Counter");
    Object c = counter.getConstructor().newInstance();
    Method add = counter.getMethod("add", int.class);
    StringBuilder seen = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      seen.append(add.invoke(c, i)).append('\n');
    }
    return seen.toString();
  }
}

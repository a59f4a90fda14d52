package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build run again without {@code clean}: Maven compiles against the class output, which then
 * holds the protected classes of the previous run ({@link OwnClasses}). The second run must make
 * what the first made. Before, a method that touches user data only through the user-data class's
 * own methods lost its variants on the second run (its calls looked like library code reading the
 * runtime's static state), and another module's closures ran it unlogged.
 */
class RebuildTest {

  private static final String COUNTER =
      """
      package r;

      import dev.orthrus.annotations.UserData;

      @UserData
      public class Counter {
        long n;

        public void bump(long d) {
          n = n + d;
        }

        public long get() {
          return n;
        }
      }
      """;

  private static final String COUNTERS =
      """
      package r;

      public final class Counters {
        private Counters() {}

        public static void bumpTwice(Counter c, long d) {
          c.bump(d);
          c.bump(d + 1);
        }
      }
      """;

  @Test
  void aSecondRunOverItsOwnProtectedClassesExportsWhatTheFirstDid(@TempDir Path dir)
      throws Exception {
    Path sources = dir.resolve("src");
    write(sources.resolve("r/Counter.java"), COUNTER);
    write(sources.resolve("r/Counters.java"), COUNTERS);
    Path classes = dir.resolve("classes");
    List<String> first = build(sources, dir, classes).exportedMethods();
    assertEquals(
        List.of("r.Counter#bump(long)", "r.Counter#get()", "r.Counters#bumpTwice(r.Counter,long)"),
        first.stream().sorted().toList());
    // The class output is on the class path, as Maven's compile class path has it.
    assertEquals(first, build(sources, dir, classes).exportedMethods());
  }

  private static InstrumentResult build(Path sources, Path dir, Path classes)
      throws InstrumentException {
    List<Path> classPath = new ArrayList<>();
    classPath.add(classes);
    classPath.addAll(Builds.classPath());
    return Instrumenter.instrument(
        new InstrumentRequest(List.of(sources), classPath, dir.resolve("generated"), classes, 17));
  }

  private static void write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}

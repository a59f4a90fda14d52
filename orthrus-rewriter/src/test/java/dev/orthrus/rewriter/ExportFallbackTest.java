package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.rewriter.compile.Javac;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exporting a method for other builds' closures (decision 0075) never stops a build that protects
 * its own closures: a file that holds nothing but an exported helper and a nested class named like
 * a type the generated code imports would have to be rewritten, which it cannot be, so the build is
 * made without exports.
 */
class ExportFallbackTest {

  /** A user-data class with a closure and a getter another build's closures may call. */
  private static final String ACCOUNT =
      """
      package p;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;

      @UserData
      public final class Acct {
        long value;

        @Closure
        public long add(long x) {
          value += x;
          return value;
        }

        public long value() {
          return value;
        }
      }
      """;

  @Test
  void aFileThatCannotTakeItsExportsKeepsNone(@TempDir Path dir) throws Exception {
    Path sources = dir.resolve("src");
    write(sources.resolve("p/Acct.java"), ACCOUNT);
    write(
        sources.resolve("p/View.java"),
        """
        package p;

        public final class View {
          private View() {}

          public static long twice(Acct a) {
            return a.value() * 2;
          }

          /** Named like the log type generated code imports. */
          public static final class ClosureLog {}
        }
        """);
    InstrumentResult result = Builds.instrument(sources, dir.resolve("out"));
    assertEquals(List.of("p.Acct#add(long)"), result.closures());
    // View's helper is not exported (its file cannot import ClosureLog); the getter is.
    assertEquals(List.of("p.Acct#value()"), result.exportedMethods());
    String view = Files.readString(sources.resolve("p/View.java"));
    assertTrue(view.contains("class ClosureLog"), view);
    String report = Files.readString(result.report());
    assertEquals(
        List.of(new InstrumentReport.Method("p.Acct#value()", "value")),
        InstrumentReport.exportsOf(report).methods(),
        report);
    assertTrue(Builds.generated(dir.resolve("out"), "p/Acct.java").contains("valueApp"));
    assertFalse(Builds.generated(dir.resolve("out"), "p/View.java").contains("twiceApp"));
  }

  /**
   * The variants of an exported method that would not compile (a library superclass declares a
   * final method of a variant's name and parameters): the build is made again without exports.
   */
  @Test
  void aBuildWhoseExportsDoNotCompileIsMadeWithoutThem(@TempDir Path dir) throws Exception {
    Path library = dir.resolve("libx-src");
    write(
        library.resolve("libx/Base.java"),
        """
        package libx;

        public class Base {
          public final long sizeApp(dev.orthrus.runtime.api.ClosureLog log) {
            return 0;
          }
        }
        """);
    Path libraryClasses = dir.resolve("libx-classes");
    Javac.compile(
        List.of(library.resolve("libx/Base.java")), Builds.classPath(), 17, libraryClasses);
    Path sources = dir.resolve("src");
    write(sources.resolve("p/Acct.java"), ACCOUNT);
    write(
        sources.resolve("p/Sized.java"),
        """
        package p;

        public final class Sized extends libx.Base {
          private final Acct acct;

          public Sized(Acct acct) {
            this.acct = acct;
          }

          public long size() {
            return acct.value;
          }
        }
        """);
    List<Path> classPath = new ArrayList<>(Builds.classPath());
    classPath.add(libraryClasses);
    Path out = dir.resolve("out");
    InstrumentResult result =
        Instrumenter.instrument(
            new InstrumentRequest(
                List.of(sources), classPath, out.resolve("generated"), out.resolve("classes"), 17));
    assertEquals(List.of("p.Acct#add(long)"), result.closures());
    assertEquals(List.of(), result.exportedMethods());
    assertFalse(Builds.generated(out, "p/Sized.java").contains("sizeApp"));
    assertTrue(Files.exists(out.resolve("classes/p/Sized.class")));
  }

  private static void write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}

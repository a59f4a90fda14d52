package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class IoRuleTest {

  private static final String KEY = "[orthrus.closure.io]";

  @Test
  void ioIsAnError() {
    JavaFileObject f =
        source(
            "t.Loud",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.io.IOException;
        import java.nio.file.Files;
        import java.nio.file.Path;
        public class Loud {
          @Closure
          public int get(int k) throws IOException {
            System.out.println(k);
            Files.writeString(Path.of("x"), "y");
            return k;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("System.out.println(k)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Files.writeString");
  }

  @Test
  void inMemoryStreamsAndRuntimeFiguresAreNotIo() {
    JavaFileObject f =
        source(
            "t.Quiet",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Quiet {
          @Closure
          public int render(int k) {
            java.io.StringWriter out = new java.io.StringWriter();
            out.write(Integer.toString(k));
            int cpus = Runtime.getRuntime().availableProcessors();
            return out.toString().length() + cpus;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.io");
    assertThat(c)
        .hadNoteContaining("[orthrus.closure.nondeterministic]")
        .inFile(f)
        .onLineContaining("availableProcessors()");
  }
}

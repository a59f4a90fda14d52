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

  /**
   * Streams a closure makes over in-memory ones (encoding into bytes, formatting into a string) do
   * no I/O (trial 7: six errors on correct code); a stream made over one the closure was given, a
   * file stream, and a stream the closure did not make still are I/O.
   */
  @Test
  void streamsMadeOverInMemoryStreamsAreNotIo() {
    JavaFileObject f =
        source(
            "t.Codec",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.io.*;
        public class Codec {
          private final OutputStream wire = new ByteArrayOutputStream();
          @Closure
          public byte[] encode(long id, String name) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
              out.writeLong(id);
              out.writeUTF(name);
            }
            return bytes.toByteArray();
          }
          @Closure
          public String render(long id) {
            StringWriter text = new StringWriter();
            PrintWriter pw = new PrintWriter(text);
            pw.printf("%d", id);
            pw.flush();
            return text.toString();
          }
          @Closure
          public long decode(byte[] data) throws IOException {
            return new DataInputStream(new ByteArrayInputStream(data)).readLong();
          }
          @Closure
          public void send(long id) throws IOException {
            DataOutputStream out = new DataOutputStream(wire);
            out.writeLong(id);
            new FileOutputStream("x").write(1);
            wire.flush();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("new DataOutputStream(wire)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("new FileOutputStream");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("wire.flush()");
    assertThat(c).hadErrorCount(3);
  }
}

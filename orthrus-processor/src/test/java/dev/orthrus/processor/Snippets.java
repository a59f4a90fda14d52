package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.json.ClosureReportJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/** Compiles snippets with the Orthrus processor and inspects its findings. */
public final class Snippets {

  private Snippets() {}

  public static JavaFileObject source(String qualifiedName, String code) {
    return JavaFileObjects.forSourceString(qualifiedName, code);
  }

  public static Compilation compile(JavaFileObject... files) {
    return javac().withProcessors(new OrthrusProcessor()).compile(files);
  }

  public static Compilation compile(List<String> options, JavaFileObject... files) {
    return javac().withProcessors(new OrthrusProcessor()).withOptions(options).compile(files);
  }

  /** Messages of every diagnostic that carries {@code [key]} ({@code key} with or without them). */
  public static List<String> findings(Compilation c, String key) {
    String tag = key.startsWith("[") ? key : "[" + key + "]";
    return c.diagnostics().stream()
        .map(d -> d.getMessage(Locale.ROOT))
        .filter(m -> m.contains(tag))
        .collect(Collectors.toList());
  }

  public static void assertNoFinding(Compilation c, String key) {
    assertWithMessage("diagnostics with [%s]", key).that(findings(c, key)).isEmpty();
  }

  /** The closure report the processor wrote. */
  public static ClosureReport report(Compilation c) {
    try {
      return ClosureReportJson.read(
          c.generatedFile(StandardLocation.CLASS_OUTPUT, ClosureReport.RESOURCE_PATH)
              .orElseThrow()
              .getCharContent(true)
              .toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The compilation has no errors at all (rules of other keys may still add notes). */
  public static void assertNoErrors(Compilation c) {
    assertWithMessage("errors")
        .that(
            c.diagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> d.getMessage(Locale.ROOT))
                .collect(Collectors.toList()))
        .isEmpty();
  }
}

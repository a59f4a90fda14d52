package dev.orthrus.cli.compile;

import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * One javac diagnostic, detached from the compiler so it outlives the compilation.
 *
 * @param kind error, warning, note ...
 * @param file the source file, or empty when the message is not about a file
 * @param line 1-based, 0 when unknown
 * @param column 1-based, 0 when unknown
 * @param text the message as javac prints it
 * @param code javac's diagnostic code, e.g. {@code compiler.err.expected}
 */
public record CompilerMessage(
    Diagnostic.Kind kind, String file, long line, long column, String text, String code) {

  /** The prefix of every message the Orthrus processor reports for a rule. */
  public static final String ORTHRUS_PREFIX = "[orthrus.";

  static CompilerMessage of(Diagnostic<? extends JavaFileObject> d) {
    JavaFileObject source = d.getSource();
    String file = source == null ? "" : fileName(source);
    return new CompilerMessage(
        d.getKind(),
        file,
        Math.max(0, d.getLineNumber()),
        Math.max(0, d.getColumnNumber()),
        d.getMessage(Locale.ROOT),
        d.getCode() == null ? "" : d.getCode());
  }

  private static String fileName(JavaFileObject source) {
    try {
      return java.nio.file.Path.of(source.toUri()).toString();
    } catch (RuntimeException e) {
      return source.getName();
    }
  }

  public boolean isError() {
    return kind == Diagnostic.Kind.ERROR;
  }

  /** Reported by an Orthrus rule rather than by javac itself. */
  public boolean isOrthrus() {
    return text.startsWith(ORTHRUS_PREFIX);
  }

  /**
   * Reported by an annotation processor through its {@code Messager}. Processor messages that are
   * not rule findings are the processor speaking about itself, not about the user's code.
   */
  public boolean isFromProcessor() {
    return code.endsWith(".proc.messager");
  }

  /**
   * This message as one of the project's own annotation processors reported it ({@link
   * ProjectProcessors}): about the user's code, as javac's own errors are, so not {@link
   * #isFromProcessor}.
   */
  CompilerMessage fromTheProject() {
    return new CompilerMessage(
        kind, file, line, column, text, code.replace(".proc.messager", ".proc.project"));
  }

  /**
   * The rule key, e.g. {@code orthrus.closure.static-write}, or null when not an Orthrus message.
   */
  public String ruleKey() {
    int end = text.indexOf(']');
    return isOrthrus() && end > 1 ? text.substring(1, end) : null;
  }

  /** {@code file:line: error: text}, the shape editors and terminals link to sources. */
  public String format() {
    StringBuilder out = new StringBuilder();
    if (!file.isEmpty()) {
      out.append(file);
      if (line > 0) {
        out.append(':').append(line);
      }
      out.append(": ");
    }
    out.append(kind.name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(": ");
    // javac's multi-line messages (a source excerpt, a hint) stay readable when indented.
    out.append(text.replace("\n", "\n    "));
    return out.toString();
  }
}

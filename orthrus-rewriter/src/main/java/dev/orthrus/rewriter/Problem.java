package dev.orthrus.rewriter;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Something in the user's sources that stops instrumentation: a syntax or type error, a rule the
 * processor enforces, or a construct the rewriter cannot protect. Nothing is left unprotected
 * silently; every such place is one problem.
 *
 * @param file the source file (null when the problem is not in a file, such as a missing jar)
 * @param line 1-based line, 0 when unknown
 * @param column 1-based column, 0 when unknown
 * @param construct what was found there, e.g. {@code a user-data array copied into a local}
 * @param advice what to do instead
 */
public record Problem(Path file, int line, int column, String construct, String advice) {

  public Problem {
    Objects.requireNonNull(construct, "construct");
    Objects.requireNonNull(advice, "advice");
  }

  /** This problem led by a rule's key, {@code [orthrus.rewriter.unprotectable] construct}. */
  public Problem keyed(String rule) {
    return new Problem(file, line, column, "[" + rule + "] " + construct, advice);
  }

  /** {@code file:line:column: construct: advice}, the shape compilers and editors link. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    if (file != null) {
      out.append(file);
      if (line > 0) {
        out.append(':').append(line);
        if (column > 0) {
          out.append(':').append(column);
        }
      }
      out.append(": ");
    }
    out.append(construct);
    if (!advice.isEmpty()) {
      out.append(": ").append(advice);
    }
    return out.toString();
  }
}

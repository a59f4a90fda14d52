package dev.orthrus.rewriter;

import java.util.List;
import java.util.Map;

/**
 * What instrumenting a project's sources would report, found without writing or compiling the
 * protected classes ({@link Instrumenter#check}).
 *
 * @param problems what the rewriter cannot protect: a build stops on each
 * @param notValidated for each closure id, the uses that leave its executions not validated where
 *     they reach one (see {@link InstrumentResult#notValidated()})
 * @param foreignOverrides one warning per method that overrides a method of another module's
 *     user-data class and reaches user data (see {@link InstrumentResult#foreignOverrides()})
 */
public record InstrumentCheck(
    List<Problem> problems, Map<String, List<String>> notValidated, List<String> foreignOverrides) {

  public InstrumentCheck {
    problems = List.copyOf(problems);
    notValidated = Map.copyOf(notValidated);
    foreignOverrides = List.copyOf(foreignOverrides);
  }

  /** The build's warning for a closure whose executions that reach {@code uses} go unvalidated. */
  static String notValidatedWarning(String closure, List<String> uses) {
    return closure + ": " + notValidatedText(uses);
  }

  /** {@link #notValidatedWarning} without the closure's id, for a report that lists by closure. */
  public static String notValidatedText(List<String> uses) {
    return "its executions that reach "
        + String.join("; ", uses)
        + " are not validated when that code reads or writes user data that can change (the log"
        + " does not follow it; code that reads only final fields is validated;"
        + " docs/rewriter.md#known-gaps says why and what to change)";
  }
}

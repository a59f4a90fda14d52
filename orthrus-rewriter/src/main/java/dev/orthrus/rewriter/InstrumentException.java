package dev.orthrus.rewriter;

import java.util.List;
import java.util.stream.Collectors;

/** Instrumentation stopped; {@link #problems()} says where and why, one line each. */
public final class InstrumentException extends Exception {

  private static final long serialVersionUID = 1L;

  private final List<Problem> problems;

  public InstrumentException(List<Problem> problems) {
    super(
        problems.stream()
            .map(Problem::toString)
            .collect(Collectors.joining(System.lineSeparator())));
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("an instrumentation failure names at least one problem");
    }
    this.problems = List.copyOf(problems);
  }

  public List<Problem> problems() {
    return problems;
  }
}

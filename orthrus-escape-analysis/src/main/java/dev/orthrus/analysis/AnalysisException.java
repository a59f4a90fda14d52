package dev.orthrus.analysis;

/** The analysis could not run: unreadable input ({@link #badInput()}) or an internal failure. */
public final class AnalysisException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final boolean badInput;

  private AnalysisException(String message, Throwable cause, boolean badInput) {
    super(message, cause);
    this.badInput = badInput;
  }

  public static AnalysisException badInput(String message) {
    return new AnalysisException(message, null, true);
  }

  public static AnalysisException internal(String message, Throwable cause) {
    return new AnalysisException(message, cause, false);
  }

  /** True when the caller passed something unusable (CLI exit code 3), false for a bug (4). */
  public boolean badInput() {
    return badInput;
  }
}

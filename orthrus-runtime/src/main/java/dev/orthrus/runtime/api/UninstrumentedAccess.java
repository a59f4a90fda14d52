package dev.orthrus.runtime.api;

/**
 * A validator reached versioned memory through code the rewriter did not instrument: a call it
 * cannot see from the closure (an interface's default method, {@code close()} at the end of a
 * try-with-resources, an implicit {@code toString()}, a {@code compareTo} the JDK calls back),
 * whose plain variant reads or writes the application's live user data. The read would give the
 * validator other values than the application read; the write would change the application's data.
 * Thrown instead of either, so that the execution is not validated rather than reported as
 * corrupted or repeated. Also thrown where a closure hands a shared object of the control path to
 * code the log does not follow ({@link Replay#unrecorded}). An {@link Error}, so that a closure's
 * {@code catch (Exception e)} does not swallow it.
 */
public final class UninstrumentedAccess extends Error {

  private static final long serialVersionUID = 1L;

  /** Whether a shared object reached unrecorded code, rather than a call reached user data. */
  private final boolean shared;

  UninstrumentedAccess(String access, Object target) {
    this(access + " of a " + target.getClass().getName(), false);
  }

  private UninstrumentedAccess(String message, boolean shared) {
    super(message);
    this.shared = shared;
  }

  /** A shared object of the program's control path {@code use}d where the log records nothing. */
  static UninstrumentedAccess unrecordedShared(String use, Object target) {
    return new UninstrumentedAccess(
        "a shared "
            + target.getClass().getName()
            + " "
            + use
            + ", whose reads the log does not record",
        true);
  }

  /** Why the execution is not validated, for the validator's count of reasons. */
  public String reason() {
    String where = where();
    return shared
        ? "VAL stopped"
            + (where != null ? " in " + where : "")
            + " where it would read the application's live object: "
            + getMessage()
        : "VAL reached code the rewriter did not instrument ("
            + getMessage()
            + (where != null ? " in " + where : "")
            + "), a call the rewriter cannot see from the closure: the application's live data is"
            + " neither read nor written by a validator";
  }

  /**
   * The first frame outside Orthrus's own classes and the members the rewriter generated in the
   * program's (whose names hold a {@code $}: the load helper {@code lv$id} a user's {@code equals}
   * called, at the line of its class's declaration) in {@code e}'s stack: the method the rewriter
   * did not instrument, as {@code class.method:line} ({@code class.method} when it has no line); or
   * null.
   */
  public String where() {
    for (StackTraceElement frame : getStackTrace()) {
      String method = frame.getMethodName();
      if (!frame.getClassName().startsWith("dev.orthrus.runtime.")
          && (method.indexOf('$') < 0 || method.startsWith("lambda$"))) {
        String where = frame.getClassName() + "." + frame.getMethodName();
        // A method the rewriter made from nothing has no line (decision 0081).
        return frame.getLineNumber() > 0 ? where + ":" + frame.getLineNumber() : where;
      }
    }
    return null;
  }
}

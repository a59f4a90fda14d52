package dev.orthrus.runtime.api;

/**
 * A validator reached versioned memory through code the rewriter did not instrument: a call it
 * cannot see from the closure (an interface's default method, {@code close()} at the end of a
 * try-with-resources, an implicit {@code toString()}, a {@code compareTo} the JDK calls back),
 * whose plain variant reads or writes the application's live user data. The read would give the
 * validator other values than the application read; the write would change the application's data.
 * Thrown instead of either, so that the execution is not validated rather than reported as
 * corrupted or repeated. An {@link Error}, so that a closure's {@code catch (Exception e)} does not
 * swallow it.
 */
public final class UninstrumentedAccess extends Error {

  private static final long serialVersionUID = 1L;

  UninstrumentedAccess(String access, Object target) {
    super(access + " of a " + target.getClass().getName());
  }

  /**
   * The first frame outside Orthrus's own classes in {@code e}'s stack: the method the rewriter did
   * not instrument, as {@code class.method:line}; or null.
   */
  public String where() {
    for (StackTraceElement frame : getStackTrace()) {
      if (!frame.getClassName().startsWith("dev.orthrus.runtime.")) {
        return frame.getClassName() + "." + frame.getMethodName() + ":" + frame.getLineNumber();
      }
    }
    return null;
  }
}

package dev.orthrus.runtime.api;

/**
 * The runtime as generated code sees it: {@link #begin} before a closure runs (null means "run the
 * unlogged variant"), {@link #publish} after its APP variant ran with the log, {@link #corrupted}
 * when a control-path check failed, {@link #verify} before data leaves the process.
 *
 * <pre>{@code
 * static final CallSite GET_FROM_HANDLER = GET.site(7); // one per call site
 * ...
 * ClosureRuntime rt = Orthrus.runtime();
 * ClosureLog log = rt.begin(GET_FROM_HANDLER);
 * if (log == null) return getPlain(key);
 * log.argRef(key);
 * byte[] r;
 * try { r = getApp(log, key); } catch (Throwable t) { log.threw(t); rt.publish(log); throw t; }
 * log.returnRef(r);
 * rt.publish(log);
 * return r;
 * }</pre>
 *
 * <p>The engine ({@code dev.orthrus.runtime.OrthrusRuntime}) is the one subclass; this class sits
 * below it so that generated code and everything it names depend on nothing above (decision 0013).
 * The fast path of {@link #begin} is final and reads one field of this object and the site's armed
 * word; only an execution that is logged calls into the engine.
 */
public abstract class ClosureRuntime {

  /** Fast-path modes: logging off, the policy decides, every closure strict, armed sampling. */
  protected static final int OFF = 0;

  protected static final int SAMPLED = 1;
  protected static final int ALL_STRICT = 2;
  protected static final int ARMED = 3;

  /** The only field of this object the fast path of {@link #begin} reads. */
  private volatile int mode = OFF;

  protected ClosureRuntime() {}

  /**
   * Starts logging one execution at {@code site}, or returns null when this execution is not
   * validated (runtime disabled, not sampled, memory budget reached, or no free log).
   */
  public final ClosureLog begin(CallSite site) {
    // Kept to a few dozen bytes of bytecode so that the JIT inlines it into every dispatcher.
    int m = mode;
    if (m == ARMED) {
      // Decisions 0009 and 0012: not due is one read of the site's armed word, a line the
      // application only reads; a strict closure's site is always due.
      return site.takeDue() ? beginLogged(site) : null;
    }
    if (m == OFF) {
      return null;
    }
    return m == ALL_STRICT ? beginLogged(site) : beginSampled(site);
  }

  /**
   * {@link #begin(CallSite)} for hand-written callers that have no site at hand: looks the site up
   * in the closure's map on every call. Generated code keeps its sites in static fields.
   */
  public final ClosureLog begin(ClosureBinding closure, int callerId) {
    return begin(closure.site(callerId));
  }

  /** Sets the mode {@link #begin} dispatches on; the engine calls it when its settings change. */
  protected final void mode(int mode) {
    this.mode = mode;
  }

  /** The execution is to be logged (due, or strict): the calling thread's next log, or null. */
  protected abstract ClosureLog beginLogged(CallSite site);

  /** Mode {@link #SAMPLED}: asks the sampling policy, then as {@link #beginLogged}. */
  protected abstract ClosureLog beginSampled(CallSite site);

  /**
   * Hands a finished log to the validators. For a strict closure, waits until a validator confirmed
   * it and throws {@link SdcDetectedException} if it did not. A log that ended with a {@link
   * ChecksumMismatchException} reports it first, as {@link #corrupted} does.
   */
  public abstract void publish(ClosureLog log);

  /**
   * Reports a control-path checksum failure that a closure's execution met (generated dispatchers
   * call it from their handler for {@link ChecksumMismatchException}, in every variant), applies
   * the detection policy, and returns {@code e} for the dispatcher to rethrow: the caller must not
   * go on with corrupted data. A failure is reported once: a closure's APP variant runs the
   * closures it calls inline, and a failure met there ends the outer execution, whose dispatcher
   * may have no handler, so {@link #publish} of a log that ended with one reports it too.
   */
  public final ChecksumMismatchException corrupted(CallSite site, ChecksumMismatchException e) {
    if (firstReport(e)) {
      reportCorrupted(site, e);
    }
    return e;
  }

  /** Reports {@code e}, met by an execution of {@code site}'s closure, for {@link #corrupted}. */
  protected abstract void reportCorrupted(CallSite site, ChecksumMismatchException e);

  /** True the first time it is asked about {@code e}: a failure is reported once. */
  protected static boolean firstReport(ChecksumMismatchException e) {
    return e.claimReport();
  }

  /**
   * The control path's check before data leaves the process (e.g. before a value is written to a
   * socket): verifies the newest version of {@code object}; on a mismatch reports a detection,
   * applies the policy and throws {@link ChecksumMismatchException}.
   */
  public abstract void verify(VersionedObject<?> object);
}

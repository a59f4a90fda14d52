package tl;

import dev.orthrus.annotations.Closure;

/**
 * A request handler with per-thread state (from an outside trial): a scratch buffer reused to
 * avoid garbage, and the current request's trace id, which the control path sets in place before
 * each request. What a thread-local gives a closure is the application thread's own object.
 */
public final class Handler {
  private static final ThreadLocal<StringBuilder> BUFFER =
      ThreadLocal.withInitial(StringBuilder::new);
  private static final ThreadLocal<long[]> TRACE = ThreadLocal.withInitial(() -> new long[1]);

  private Handler() {}

  /** The control path: the trace id of the request about to run. */
  public static void enter(long traceId) {
    TRACE.get()[0] = traceId;
  }

  @Closure
  public static String render(Req r) {
    r.status = "DONE";
    StringBuilder sb = BUFFER.get();
    sb.setLength(0);
    sb.append(r.id).append(':').append(r.status);
    return sb.toString();
  }

  @Closure
  public static long trace(Req r) {
    r.trace = TRACE.get()[0];
    long[] again = TRACE.get();
    return r.trace + again[0];
  }
}

package dev.orthrus.runtime.api;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One (closure, caller) pair: a place in the application that calls a closure. Generated code keeps
 * one per call site in a static field ({@code ClosureBinding.site(callerId)}) and passes it to
 * {@link ClosureRuntime#begin(CallSite)}, so the sampling decision needs no lookup.
 *
 * <p>It carries the armed word of armed sampling (decision 0009, per pair since decision 0012):
 * {@link #due} is 0 (the common case: not due), a count of executions the controller armed to be
 * logged, which the first executions that see it take one by one, or {@link #ALWAYS} for a strict
 * closure. Because arms are per pair, a caller that runs rarely keeps its arm until it runs again
 * and is not starved by a hot caller of the same closure: the pairs not validated recently are the
 * ones holding arms.
 */
public final class CallSite {

  /** {@link #due()} of a strict closure's site: never taken down, every execution is logged. */
  public static final int ALWAYS = Integer.MAX_VALUE;

  private static final VarHandle DUE;

  static {
    try {
      DUE = MethodHandles.lookup().findVarHandle(CallSite.class, "due", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final ClosureBinding closure;
  private final int callerId;

  /**
   * The application only reads it until it is armed, and the controller writes it at the logging
   * rate, so the line it shares with the final fields changes rarely.
   */
  private volatile int due;

  /**
   * Controller only: fractional arms owed to this site (see {@link #arm}), which the controller
   * updates every arming period, on a line of its own: on this object's line each update would cost
   * the application's next read of {@link #due} a transfer from the controller's CPU (decision
   * 0073).
   */
  private final Credit credit = new Credit();

  CallSite(ClosureBinding closure, int callerId) {
    this.closure = closure;
    this.callerId = callerId;
    // Armed once from the start: the first execution of every pair is logged.
    this.due = closure.strict() ? ALWAYS : 1;
  }

  public ClosureBinding closure() {
    return closure;
  }

  public int callerId() {
    return callerId;
  }

  /**
   * The armed-sampling test on the hot path: an opaque read, and only when armed one CAS that takes
   * an arm. True when this execution is to be logged.
   */
  public boolean takeDue() {
    int d = (int) DUE.getOpaque(this);
    while (d > 0) {
      if (d == ALWAYS) {
        return true;
      }
      int seen = (int) DUE.compareAndExchange(this, d, d - 1);
      if (seen == d) {
        return true;
      }
      d = seen;
    }
    return false;
  }

  /** Arms left (for tests and monitoring); {@link #ALWAYS} for a strict closure. */
  public int due() {
    return due;
  }

  /**
   * Controller only: owes this site {@code arms} more logged executions (fractions carry over) and
   * arms the whole ones, never above {@code cap} armed at once, so a site that is not running does
   * not hoard a burst for later. Returns the arms added.
   */
  public int arm(double arms, int cap) {
    if (closure.strict()) {
      return 0;
    }
    int limit = Math.max(1, cap);
    double owed = Math.min(credit.owed + arms, limit);
    credit.owed = owed;
    int whole = (int) owed;
    if (whole <= 0) {
      return 0;
    }
    int d = due;
    while (true) {
      int next = (int) Math.min(limit, (long) Math.max(0, d) + whole);
      if (next <= d) {
        return 0;
      }
      int seen = (int) DUE.compareAndExchange(this, d, next);
      if (seen == d) {
        credit.owed = owed - (next - d);
        return next - d;
      }
      d = seen;
    }
  }

  @Override
  public String toString() {
    return closure.name() + " from caller " + callerId;
  }

  /** Padding before the credit's value: a superclass's fields are laid out before a subclass's. */
  abstract static class CreditPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07;
  }

  abstract static class CreditValue extends CreditPadBefore {
    double owed;
  }

  /** What the controller owes a site, with a cache line of padding on either side of the value. */
  static final class Credit extends CreditValue {
    long p10, p11, p12, p13, p14, p15, p16, p17;
  }
}

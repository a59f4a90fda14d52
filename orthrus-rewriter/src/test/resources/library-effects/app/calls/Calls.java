package calls;

import dev.orthrus.annotations.Closure;
import libx.Audit;
import libx.Limits;
import libx.Pure;
import libx.Span;
import libx.Tally;
import libx.Ticks;
import libx.Util;

/** Closures that call library code outside the sources. */
public final class Calls {

  private Calls() {}

  /** The service's count of {@code key} (control path). */
  public static long tally(String key) {
    return TALLY.get(key);
  }

  @Closure
  public static long remote(Acc a, int x) {
    a.total += x;
    return a.total * 1_000 + Util.jitter();
  }

  @Closure
  public static long stamped(Acc a) {
    return a.total ^ Util.clock();
  }

  @Closure
  public static long ticked(Acc a) {
    return a.total ^ Ticks.system().read();
  }

  @Closure
  public static long spanned(Acc a) {
    return a.total ^ new Span().start();
  }

  @Closure
  public static int audited(Acc a, int x) {
    a.total += x;
    return Audit.log("op " + a.total) + x;
  }

  @Closure
  public static void noted(Acc a, int x) {
    a.total += x;
    Audit.note("noted " + (a.total - x));
  }

  @Closure
  public static long fee(Acc a, int x) {
    return Pure.fee(a.total, x);
  }

  static final Limits LIMITS = new Limits();

  /** Reads a setting of the library's through its getter; the application changes it. */
  @Closure
  public static long capped(Acc a) {
    return Math.min(a.total, LIMITS.getLimit());
  }

  static final Tally TALLY = new Tally();

  /**
   * Counts in the service's counter map of a library: APP alone counts, and a builder of the
   * closure's own is filled by both.
   */
  @Closure
  public static long tallied(Acc a, int x) {
    a.total += x;
    long n = TALLY.increment(x % 2 == 0 ? "even" : "odd");
    StringBuilder text = new StringBuilder();
    TALLY.label(text, x % 2 == 0 ? "even" : "odd");
    long first = TALLY.computeIfAbsent("first" + x % 3, () -> 7L * x);
    long seen = a.seen.increment("k" + x % 3) + TALLY.addAll(java.util.List.of("all" + x % 5));
    return n * 100 + TALLY.get("even") + text.length() + first + seen * 1_000_000;
  }

  /**
   * Makes a counter map of the library, counts in it and keeps it in user data: each variant counts
   * in the one it made (APP alone counting left VAL's empty: a detection on every execution).
   */
  @Closure
  public static long renewed(Acc a, int x) {
    a.fresh = new Tally();
    return a.fresh.increment("k") + a.fresh.increment("k" + x % 2);
  }

  /** The same with a class of the library that is not final. */
  @Closure
  public static long metered(Acc a) {
    a.meter = new libx.Meter();
    return a.meter.inc() + a.meter.inc();
  }

  /** One made in a local, counted in, then kept and counted in again. */
  @Closure
  public static long swapped(Acc a) {
    libx.Meter n = new libx.Meter();
    n.inc();
    a.meter = n;
    return a.meter.inc();
  }

  public static void limit(long limit) {
    LIMITS.setLimit(limit);
  }
}

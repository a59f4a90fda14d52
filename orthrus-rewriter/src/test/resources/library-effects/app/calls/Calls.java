package calls;

import dev.orthrus.annotations.Closure;
import libx.Audit;
import libx.Limits;
import libx.Pure;
import libx.Span;
import libx.Ticks;
import libx.Util;

/** Closures that call library code outside the sources. */
public final class Calls {

  private Calls() {}

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

  public static void limit(long limit) {
    LIMITS.setLimit(limit);
  }
}

package dev.orthrus.testkit;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test-only fault injection for hand-written APP variants: a site calls {@link #bits} on a value it
 * just loaded or computed, and an armed fault corrupts that value a given number of times.
 *
 * <p>Only APP variants call this; VAL variants never do, so a validator cannot see the fault by
 * construction, like a faulty core the validator does not run on. Disarmed, the cost is one
 * volatile read.
 */
public final class FaultHook {

  private static volatile Fault armed;

  private FaultHook() {}

  /** A fault at one site: xor {@code mask} into the value, {@code times} times. */
  public static final class Fault {
    private final int site;
    private final long mask;
    private final AtomicInteger remaining;
    private final AtomicLong fired = new AtomicLong();

    public Fault(int site, long mask, int times) {
      if (mask == 0 || times < 1) {
        throw new IllegalArgumentException("a fault needs a non-zero mask and times >= 1");
      }
      this.site = site;
      this.mask = mask;
      this.remaining = new AtomicInteger(times);
    }

    public long fired() {
      return fired.get();
    }

    long apply(int atSite, long value) {
      if (atSite != site || remaining.get() <= 0 || remaining.getAndDecrement() <= 0) {
        return value;
      }
      fired.incrementAndGet();
      return value ^ mask;
    }
  }

  public static void arm(Fault fault) {
    armed = fault;
  }

  public static void disarm() {
    armed = null;
  }

  /** Returns {@code value}, or a corrupted value when a fault is armed for {@code site}. */
  public static long bits(int site, long value) {
    Fault f = armed;
    return f == null ? value : f.apply(site, value);
  }

  public static int bits(int site, int value) {
    Fault f = armed;
    return f == null ? value : (int) f.apply(site, value);
  }
}

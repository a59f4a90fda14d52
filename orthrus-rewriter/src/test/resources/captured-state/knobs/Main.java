package knobs;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Strategies that answer from what their maker's method captured and keeps changing: an array's
 * element, an {@code AtomicLong}; one counts its calls.
 */
public final class Main {
  private Main() {}

  public static String run(long[] knob, AtomicLong rate, AtomicLong calls) {
    Policy anonymous =
        new Policy() {
          @Override
          public long fee(long amount) {
            calls.incrementAndGet();
            return knob[0] * 2 + amount / 100;
          }
        };
    class Local extends Policy {
      @Override
      public long fee(long amount) {
        return amount * rate.get() / 100;
      }
    }
    Svc first = new Svc(anonymous);
    Svc second = new Svc(new Local());
    Acc a = new Acc();
    long last = 0;
    for (int i = 0; i < 200; i++) {
      knob[0] = i;
      rate.set(i % 9);
      last = first.charge(a, 1_000) + second.charge(a, 1_000);
    }
    Tally tally = new Tally();
    for (int i = 0; i < 100; i++) {
      last += tally.tally(a, i);
    }
    return last + "/" + calls.get();
  }
}

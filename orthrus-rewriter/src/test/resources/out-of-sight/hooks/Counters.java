package hooks;

import dev.orthrus.annotations.Closure;

/**
 * Steps declared in a closure's body that keep their state in their own fields: an anonymous class
 * counting its calls and a local class summing what it saw, whose sum the closure reads afterwards,
 * handed to a helper or called directly (through a {@code var} of the anonymous class's type).
 * Another closure hands its own lambda to the helper that calls {@code Step.apply}, which once made
 * the build refuse the counter's write.
 */
public final class Counters {
  @Closure
  public long counted(Account a, long n) {
    Step counting =
        new Step() {
          long calls;

          @Override
          public long apply(long x) {
            calls++;
            return x + calls;
          }
        };
    class Summing implements Step {
      long sum;

      @Override
      public long apply(long x) {
        sum += x;
        return sum;
      }
    }
    Summing summing = new Summing();
    long total = Tally.run(counting, n) + Tally.run(summing, n) + summing.sum;
    a.balance = a.balance + total;
    return a.balance;
  }

  @Closure
  public long direct(Account a, long n) {
    var counting =
        new Step() {
          long calls;

          @Override
          public long apply(long x) {
            calls++;
            return x + calls;
          }
        };
    class Keeping implements Step {
      long kept;

      @Override
      public long apply(long x) {
        kept += x;
        return kept;
      }
    }
    Keeping keeping = new Keeping();
    long total =
        counting.apply(n) + counting.apply(n) + counting.calls + keeping.apply(n) + keeping.apply(n)
            + keeping.kept;
    a.balance = a.balance + total;
    return a.balance;
  }

  @Closure
  public long doubled(Account a, long n) {
    long total = Tally.run(x -> 2 * x, n);
    a.balance = a.balance + total;
    return a.balance;
  }
}

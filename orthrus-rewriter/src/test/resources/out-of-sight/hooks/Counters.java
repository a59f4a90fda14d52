package hooks;

import dev.orthrus.annotations.Closure;

/**
 * Steps declared in a closure's body that keep their state in their own fields: an anonymous class
 * counting its calls and a local class summing what it saw, whose sum the closure reads afterwards.
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
  public long doubled(Account a, long n) {
    long total = Tally.run(x -> 2 * x, n);
    a.balance = a.balance + total;
    return a.balance;
  }
}

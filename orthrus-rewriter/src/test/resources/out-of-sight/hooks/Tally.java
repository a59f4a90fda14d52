package hooks;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.List;

/**
 * A closure that makes its own steps, an anonymous class, a lambda and a method reference, each
 * adding to a list the closure made, and hands them to a helper.
 */
public final class Tally {
  static long run(Step s, long n) {
    long t = 0;
    for (long i = 0; i < n; i++) {
      t += s.apply(i);
    }
    return t;
  }

  private static long note(List<Long> seen, long x) {
    seen.add(x);
    return 1;
  }

  @Closure
  public long tally(Account a, long n) {
    List<Long> seen = new ArrayList<>();
    long total =
        run(
            new Step() {
              @Override
              public long apply(long x) {
                seen.add(x);
                return x * 2;
              }
            },
            n);
    total += run(x -> {
      seen.add(-x);
      return x;
    }, n);
    Step counter = x -> note(seen, x);
    total += run(counter, n) + run(seen::indexOf, 2);
    a.balance = a.balance + total + seen.size();
    return a.balance;
  }
}

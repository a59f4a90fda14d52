package knobs;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;

/** A closure whose own strategy object captures what the closure itself made. */
public final class Tally {

  @Closure
  public long tally(Acc a, long x) {
    List<Long> seen = new ArrayList<>();
    long[] weights = {a.balance % 7, 3};
    LongUnaryOperator step =
        new LongUnaryOperator() {
          @Override
          public long applyAsLong(long y) {
            seen.add(y);
            return y * weights[0] + weights[1];
          }
        };
    long r = step.applyAsLong(x) + step.applyAsLong(x + 1);
    a.balance += r + seen.size();
    return a.balance;
  }
}

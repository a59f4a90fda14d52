package kept;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;

/** Lambdas and method references kept in locals that only calls use, inside closures. */
@UserData
public class Ledger {
  private final Acc a = new Acc(5);
  private final Acc b = new Acc(3);
  private final Acc c = new Acc(9);

  /** A Runnable run twice, and one run from a lambda passed straight to a call. */
  @Closure
  public int bump(int times) {
    Runnable r = () -> a.calls += 1000;
    r.run();
    for (int i = 0; i < times; i++) {
      r.run();
    }
    List.of(1, 2).forEach(x -> r.run());
    return a.calls;
  }

  /** The control path sorts by a closure's reference: each comparison is an execution. */
  public String plainRanked() {
    List<Acc> all = new ArrayList<>(List.of(a, b, c));
    all.sort(Comparator.comparingLong(Acc::score).reversed());
    return all.get(0).total + " " + all.get(2).total;
  }

  /** A comparator kept in a local, given to a sort; a method reference kept for a stream. */
  @Closure
  public String ranked(long add) {
    Comparator<Acc> byTotal = (x, y) -> Long.compare(x.total, y.total);
    List<Acc> all = new ArrayList<>(List.of(a, b, c));
    all.sort(byTotal.reversed());
    // One of two functions, chosen by a conditional, and one given straight to a call that way.
    Function<Acc, Long> weight = add > 0 ? x -> x.total * 2 : (x -> (long) x.calls);
    all.sort(add < 0 ? Comparator.comparing(weight) : (x, y) -> Long.compare(y.total, x.total));
    // One chosen by a switch expression, an arm's expression or a yield.
    LongUnaryOperator bonus =
        switch ((int) Math.floorMod(add, 3L)) {
          case 0 -> v -> v + a.calls % 7;
          case 1 -> {
            long base = b.total % 5;
            yield v -> v + base + c.calls % 3;
          }
          default -> v -> v;
        };
    c.total = bonus.applyAsLong(c.total);
    // A closure's reference, in a comparator whose type only inference gives.
    all.sort(Comparator.comparingLong(Acc::score).reversed());
    Function<Acc, Long> total = Acc::total;
    LongUnaryOperator grow = v -> v + add;
    StringBuilder out = new StringBuilder();
    for (Acc acc : all) {
      acc.total = grow.applyAsLong(acc.total);
      out.append(total.apply(acc)).append(' ');
    }
    return out.toString();
  }
}

package rules;

import dev.orthrus.annotations.Closure;
import java.util.List;

/** Closures that reach overridable helpers of every kind. */
public final class Book {
  private final List<Rule> rules;
  private final Scale scale;
  private final Box<String> box;

  public Book(List<Rule> rules, Scale scale, Box<String> box) {
    this.rules = rules;
    this.scale = scale;
    this.box = box;
  }

  @Closure
  public long post(Ledger l, long x) {
    long sum = 0;
    for (Rule r : rules) {
      sum += r.apply(x) + r.depth(x % 50);
    }
    sum += scale.scaled(x) + box.weight((int) (x % 10));
    Rule anonymous =
        new Rule() {
          @Override
          protected long adjust(long y) {
            return y - 1;
          }
        };
    sum += anonymous.apply(x) + rules.get(0).label((int) x).length();
    l.total += sum;
    l.count++;
    return l.total;
  }
}

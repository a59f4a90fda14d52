package batch;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Arrays of user-data handles that are plain Java arrays: locals, parameters, a record's. */
public final class Ledger {

  @UserData
  public static final class Acc {
    long total;
  }

  /** A batch the control path builds and hands around. */
  public record Batch(Acc[] accounts, long amount) {}

  @Closure
  public static long add(Acc a, long amount) {
    a.total = a.total + amount;
    return a.total;
  }

  /** A closure that takes an array of handles and makes one of its own. */
  @Closure
  public static long spread(Acc[] accounts, long amount) {
    Acc[] picked = new Acc[accounts.length];
    long sum = 0;
    for (int i = 0; i < accounts.length; i++) {
      picked[i] = accounts[accounts.length - 1 - i];
      picked[i].total = picked[i].total + amount * (i + 1);
      sum += picked[i].total;
    }
    return sum;
  }

  public static String run() {
    Acc[] accs = {new Acc(), new Acc(), new Acc()};
    long seen = 0;
    for (int round = 0; round < 10; round++) {
      for (int i = 0; i < accs.length; i++) {
        seen += add(accs[i], round + i);
      }
      Batch batch = new Batch(accs, round);
      seen += spread(batch.accounts(), batch.amount());
    }
    return seen + " " + show(accs);
  }

  private static String show(Acc[] accounts) {
    StringBuilder out = new StringBuilder();
    for (Acc a : accounts) {
      out.append(a.total).append(';');
    }
    return out.toString();
  }
}

package ledger;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import org.pcollections.HashTreePMap;
import org.pcollections.PMap;
import org.pcollections.PVector;
import org.pcollections.TreePVector;

/**
 * User data in persistent collections, as the mutable-collection rule advises: a map of lists that
 * a closure reads, extends and stores back.
 */
@UserData
public class Ledger {
  PMap<String, PVector<Long>> byAccount = HashTreePMap.empty();

  @Closure
  public long post(String account, long amount) {
    PVector<Long> entries = byAccount.getOrDefault(account, TreePVector.empty());
    entries = entries.plus(amount);
    byAccount = byAccount.plus(account, entries);
    long sum = 0;
    for (long e : entries) {
      sum += e;
    }
    return sum * 31 + entries.size();
  }
}

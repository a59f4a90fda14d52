package stock;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Closures that return new collections, which their caller then changes. */
@UserData
public final class Stock {
  long apples;
  long pears;
  long plums;

  @Closure
  public void deliver(long k) {
    apples += k;
    pears += 2 * k;
    plums += 3 * k;
  }

  @Closure
  public List<Long> below(long limit) {
    List<Long> out = new ArrayList<>();
    for (long n : new long[] {apples, pears, plums}) {
      if (n < limit) {
        out.add(n);
      }
    }
    return out;
  }

  @Closure
  public Map<String, Long> byName() {
    Map<String, Long> m = new HashMap<>();
    m.put("apples", apples);
    m.put("pears", pears);
    m.put("plums", plums);
    return m;
  }

  @Closure
  public TreeMap<Long, String> byCount() {
    TreeMap<Long, String> m = new TreeMap<>();
    m.put(apples, "apples");
    m.put(pears + 1, "pears");
    return m;
  }
}

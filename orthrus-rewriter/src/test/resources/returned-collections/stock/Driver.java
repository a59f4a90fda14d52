package stock;

import java.util.List;
import java.util.Map;

/** Changes every collection it gets, as soon as it has it. */
public final class Driver {
  private Driver() {}

  public static String run(int rounds) {
    Stock s = new Stock();
    long sum = 0;
    for (int i = 0; i < rounds; i++) {
      s.deliver(i % 5);
      List<Long> low = s.below(50L * (i % 7));
      sum += low.size();
      low.clear();
      Map<String, Long> named = s.byName();
      sum += named.get("pears");
      named.put("pears", -1L);
      var counted = s.byCount();
      sum += counted.firstKey();
      counted.clear();
    }
    return Long.toString(sum);
  }
}

package inbox;

import dev.orthrus.annotations.Closure;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Locals that hold the service's own list on one path and a list the closure makes on another: a
 * validator that ran their calls itself would add to the service's lists.
 */
public class Service {
  final List<String> audit = new ArrayList<>();
  final Map<String, List<String>> byKey = new HashMap<>();
  final Acc acc = new Acc();

  /** Assigned on both branches of an if, declared without a value. */
  @Closure
  public int branches(boolean verbose, long x) {
    acc.v = acc.v + x;
    List<String> sink;
    if (verbose) {
      sink = audit;
    } else {
      sink = new ArrayList<>();
    }
    sink.add("b=" + acc.v);
    return sink.size();
  }

  /** A new list first, the service's list on one path. */
  @Closure
  public int reassigned(boolean verbose, long x) {
    acc.v = acc.v + x;
    List<String> sink = new ArrayList<>();
    if (verbose) {
      sink = audit;
    }
    sink.add("r=" + acc.v);
    return sink.size();
  }

  /** Get or create: the service's list when there is one, else a new one it keeps. */
  @Closure
  public int getOrCreate(long x) {
    acc.v = acc.v + x;
    String k = "k" + (x % 7);
    List<String> l = byKey.get(k);
    if (l == null) {
      l = new ArrayList<>();
      byKey.put(k, l);
    }
    l.add("g=" + acc.v);
    return l.size();
  }

  /**
   * A list the closure makes and hands to a helper that keeps it: the helper's calls on its field
   * count as the application's, so the execution is not validated (it was a detection).
   */
  @Closure
  public String collect(long x) {
    acc.v = acc.v + x;
    List<String> found = new ArrayList<>();
    Collector c = new Collector(found);
    c.accept("x", x);
    c.accept("v", acc.v);
    return found.size() + " " + String.join(",", found);
  }

  /** A record that only carries what it is made with. */
  public record Found(String key, List<String> items) {}

  /**
   * A list the closure makes and returns in a record that only carries it: the closure's own list,
   * read back through the record's accessor; validated.
   */
  @Closure
  public Found carried(long x) {
    acc.v = acc.v + x;
    List<String> found = new ArrayList<>();
    Found result = new Found("k" + x, found);
    found.add("v" + acc.v);
    result.items().add("x" + x);
    return result;
  }

  public String state() {
    int listed = byKey.values().stream().mapToInt(List::size).sum();
    return "audit=" + audit.size() + " byKey=" + listed + " v=" + acc.v + " k3=" + byKey.get("k3").get(0);
  }
}

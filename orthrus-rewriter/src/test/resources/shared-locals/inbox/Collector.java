package inbox;

import java.util.List;

/** A small visitor that appends what it sees to a list its creator owns. */
final class Collector {
  private final List<String> out;

  Collector(List<String> out) {
    this.out = out;
  }

  void accept(String name, long value) {
    if (value % 2 == 0) {
      out.add(name + "=" + value);
    }
  }
}

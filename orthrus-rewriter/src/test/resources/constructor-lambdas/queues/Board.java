package queues;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * Lambdas that read user data passed straight to a JDK constructor: a priority queue's and a tree
 * map's ordering, used while the closure runs.
 */
@UserData
public class Board {
  Cell[] cells = new Cell[8];

  public Board() {
    for (int i = 0; i < cells.length; i++) {
      cells[i] = new Cell((i * 5) % 8);
    }
  }

  @Closure
  public long smallest(int k) {
    PriorityQueue<Cell> queue = new PriorityQueue<>((x, y) -> Long.compare(x.weight, y.weight));
    for (int i = 0; i < cells.length; i++) {
      queue.add(cells[i]);
    }
    long sum = 0;
    for (int i = 0; i < k; i++) {
      sum = sum * 31 + queue.poll().weight;
    }
    TreeMap<Cell, Integer> ranked = new TreeMap<>(Comparator.comparingLong(c -> -c.weight));
    for (int i = 0; i < cells.length; i++) {
      ranked.put(cells[i], i);
    }
    cells[k % cells.length].weight += k;
    return sum * 31 + ranked.firstEntry().getValue();
  }
}

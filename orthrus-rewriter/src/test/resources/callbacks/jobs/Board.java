package jobs;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Closures that make small helpers holding a comparator built from a lambda that reads user data:
 * the helper's calls on its JDK objects are recorded, and the comparator runs inside them.
 */
@UserData
public final class Board {
  final Job[] jobs = new Job[12];

  public Board() {
    for (int i = 0; i < jobs.length; i++) {
      jobs[i] = new Job("j" + i, (i * 7) % 12);
    }
  }

  /** Keeps the k largest by a comparator, in a priority queue. */
  static final class TopK<T> {
    final PriorityQueue<T> queue;
    final int k;

    TopK(int k, Comparator<T> order) {
      this.k = k;
      this.queue = new PriorityQueue<>(order);
    }

    void offer(T x) {
      queue.add(x);
      if (queue.size() > k) {
        queue.poll();
      }
    }

    List<T> drain() {
      List<T> out = new ArrayList<>();
      while (!queue.isEmpty()) {
        out.add(queue.poll());
      }
      return out;
    }
  }

  /** Keeps the largest by a comparator it holds. */
  static final class Best<T> {
    private final Comparator<? super T> order;
    private T best;

    Best(Comparator<? super T> order) {
      this.order = order;
    }

    void offer(T x) {
      if (best == null || order.compare(x, best) > 0) {
        best = x;
      }
    }

    T get() {
      return best;
    }
  }

  @Closure
  public String top(int k) {
    TopK<Job> top = new TopK<>(k, Comparator.comparingInt((Job j) -> j.priority));
    for (int i = 0; i < jobs.length; i++) {
      top.offer(jobs[i]);
    }
    StringBuilder names = new StringBuilder();
    for (Job j : top.drain()) {
      names.append(j.name).append(' ');
      j.priority = j.priority - 2;
    }
    return names.toString();
  }

  /** Sorts a list a helper holds by a comparator that reads user data: a void recorded call. */
  @Closure
  public String sorted() {
    Sorter<Job> sorter = new Sorter<>(Comparator.comparingInt((Job j) -> j.priority));
    for (int i = 0; i < jobs.length; i++) {
      sorter.add(jobs[i]);
    }
    sorter.sort();
    Job first = sorter.first();
    first.priority = first.priority + 1;
    return first.name;
  }

  /** Holds a list and the order to sort it by. */
  static final class Sorter<T> {
    private final List<T> items = new ArrayList<>();
    private final Comparator<T> order;

    Sorter(Comparator<T> order) {
      this.order = order;
    }

    void add(T x) {
      items.add(x);
    }

    void sort() {
      items.sort(order);
    }

    T first() {
      return items.get(0);
    }
  }

  @Closure
  public String runBest() {
    Best<Job> best = new Best<>(Comparator.comparingInt((Job j) -> j.priority));
    for (int i = 0; i < jobs.length; i++) {
      best.offer(jobs[i]);
    }
    Job chosen = best.get();
    chosen.priority = chosen.priority - 5;
    return chosen.name;
  }
}

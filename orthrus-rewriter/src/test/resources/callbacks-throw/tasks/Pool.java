package tasks;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A closure whose helper holds a priority queue ordered by a lambda that reads user data and may
 * throw for some of it: the recorded call on the queue then fails inside the closure's own code, and
 * the closure catches the failure and goes on reading user data.
 */
@UserData
public final class Pool {
  final Task[] tasks = new Task[8];

  public Pool() {
    for (int i = 0; i < tasks.length; i++) {
      tasks[i] = new Task("t" + i, i % 3 == 2 ? -i : i);
    }
  }

  static final class Ranker {
    final PriorityQueue<Task> queue;

    Ranker(Comparator<Task> order) {
      this.queue = new PriorityQueue<>(order);
    }

    void offer(Task t) {
      queue.add(t);
    }

    int size() {
      return queue.size();
    }
  }

  static int checked(int weight) {
    if (weight < 0) {
      throw new IllegalStateException("negative weight " + weight);
    }
    return weight;
  }

  /**
   * Ranks the tasks; when {@code strict}, the order refuses a negative weight, and the refused
   * tasks are counted.
   */
  @Closure
  public int rank(boolean strict) {
    Ranker ranker =
        new Ranker(
            Comparator.comparingInt(
                (Task t) -> strict ? checked(t.weight) : Math.abs(t.weight)));
    int rejected = 0;
    for (int i = 0; i < tasks.length; i++) {
      try {
        ranker.offer(tasks[i]);
      } catch (IllegalStateException e) {
        rejected++;
      }
    }
    int total = 0;
    for (int i = 0; i < tasks.length; i++) {
      total += tasks[i].weight;
    }
    tasks[0].weight = tasks[0].weight + 1;
    return rejected * 10_000 + total * 10 + ranker.size();
  }
}

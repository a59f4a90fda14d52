package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.concurrent.SpmcRingQueue;

/**
 * The queues validators poll: the first {@code count} of {@code slots}, in the application threads'
 * registration order. Those slots never change once published, so a validator reads them without a
 * lock; the runtime publishes a new instance when a thread registers (appended past {@code count},
 * in the same array while it has room) or ended threads are retired (a new array).
 */
public record PolledQueues(SpmcRingQueue<ClosureLog>[] slots, int count) {

  public static final PolledQueues NONE = of(new AppThread[0]);

  /** The queues of {@code threads}, in a new array. */
  public static PolledQueues of(AppThread[] threads) {
    SpmcRingQueue<ClosureLog>[] slots = newArray(threads.length);
    for (int i = 0; i < threads.length; i++) {
      slots[i] = threads[i].queue();
    }
    return new PolledQueues(slots, slots.length);
  }

  @SuppressWarnings("unchecked")
  public static SpmcRingQueue<ClosureLog>[] newArray(int n) {
    return (SpmcRingQueue<ClosureLog>[]) new SpmcRingQueue<?>[n];
  }
}

package dev.orthrus.runtime.validate;

import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.concurrent.SpmcRingQueue;

/**
 * The queues validators poll: the first {@code count} of {@code slots}, in the application threads'
 * registration order. Those slots never change once published, so a validator reads them without a
 * lock; the runtime publishes a new instance when a thread registers (appended past {@code count},
 * in the same array while it has room) or ended threads are retired (a new array).
 */
public record PolledQueues(SpmcRingQueue<ClosureLog>[] slots, int count) {

  /** No queues. */
  public static final PolledQueues NONE = new PolledQueues(newArray(0), 0);

  @SuppressWarnings("unchecked")
  public static SpmcRingQueue<ClosureLog>[] newArray(int n) {
    return (SpmcRingQueue<ClosureLog>[]) new SpmcRingQueue<?>[n];
  }
}

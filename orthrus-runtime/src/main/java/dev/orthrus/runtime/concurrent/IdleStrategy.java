package dev.orthrus.runtime.concurrent;

/**
 * How an agent waits when its {@link Agent#doWork()} found nothing to do (Agrona's shape). One
 * instance per agent: strategies keep state between calls.
 */
public interface IdleStrategy {

  /**
   * Called after every {@link Agent#doWork()} with what it returned: above 0 resets the strategy, 0
   * waits a little longer each time.
   */
  void idle(int workCount);

  /** Forgets how long the agent has been idle. */
  default void reset() {}

  /**
   * The validators' default: spin 20 times (about a microsecond), then park from 50 us growing to 1
   * ms. No yields: on a machine whose other CPU is shared with other processes, a yielding
   * validator hands its CPU away for a whole scheduler slice (milliseconds of validation delay); a
   * parked one costs nothing and gets the wake-up preference of a sleeper. Under steady load it
   * wakes every 50 us and drains what arrived (validation delay of tens of microseconds); spinning
   * longer cost the application more than it saved in delay (decision 0006).
   */
  static IdleStrategy backoff() {
    return new BackoffIdleStrategy(20, 0, 50_000, 1_000_000);
  }

  /**
   * For machines with a core to spare per validator: spin, never park. Lowest validation delay
   * (microseconds), one CPU fully used by each validator.
   */
  static IdleStrategy busySpin() {
    return new BusySpinIdleStrategy();
  }
}

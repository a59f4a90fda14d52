package dev.orthrus.runtime.validate;

import java.util.concurrent.locks.LockSupport;

/**
 * How an agent waits when it found no work: spin a little (lowest latency), then optionally yield,
 * then park with a growing timeout. Parking matters on small machines, where a spinning validator
 * would take the core an application thread needs.
 */
public final class IdleStrategy {

  private final int maxSpins;
  private final int maxYields;
  private final long minParkNanos;
  private final long maxParkNanos;

  private int spins;
  private int yields;
  private long parkNanos;

  public IdleStrategy(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
    if (maxSpins < 0 || maxYields < 0 || minParkNanos < 1 || maxParkNanos < minParkNanos) {
      throw new IllegalArgumentException("bad idle strategy bounds");
    }
    this.maxSpins = maxSpins;
    this.maxYields = maxYields;
    this.minParkNanos = minParkNanos;
    this.maxParkNanos = maxParkNanos;
    reset();
  }

  /**
   * The validators' default: spin 20 times (about a microsecond), then park from 50 us growing to
   * 1 ms. No yields: on a machine whose other CPU is shared with other processes, a yielding
   * validator hands its CPU away for a whole scheduler slice (milliseconds of validation delay);
   * a parked one costs nothing and gets the wake-up preference of a sleeper. Under steady load
   * it wakes every 50 us and drains what arrived (validation delay of tens of microseconds);
   * measured on a 2-vCPU VM, spinning longer cost the application more than it saved in delay.
   */
  public static IdleStrategy backoff() {
    return new IdleStrategy(20, 0, 50_000, 1_000_000);
  }

  /**
   * For machines with a core to spare per validator: spin, never park. Lowest validation delay
   * (microseconds), one CPU fully used by each validator.
   */
  public static IdleStrategy busySpin() {
    return new IdleStrategy(Integer.MAX_VALUE, 0, 1, 1);
  }

  public void idle(int workCount) {
    if (workCount > 0) {
      reset();
      return;
    }
    if (spins < maxSpins) {
      spins++;
      Thread.onSpinWait();
    } else if (yields < maxYields) {
      yields++;
      Thread.yield();
    } else {
      LockSupport.parkNanos(parkNanos);
      parkNanos = Math.min(parkNanos * 2, maxParkNanos);
    }
  }

  public void reset() {
    spins = 0;
    yields = 0;
    parkNanos = minParkNanos;
  }
}

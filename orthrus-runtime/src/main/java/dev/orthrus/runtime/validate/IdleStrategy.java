package dev.orthrus.runtime.validate;

import java.util.concurrent.locks.LockSupport;

/**
 * How an agent waits when it found no work: spin a little (lowest latency), then yield, then park
 * with a growing timeout. Parking matters on small machines, where a spinning validator would take
 * the core an application thread needs.
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

  /** Spin 100, yield 20, park 1 us growing to 100 us: validation latency stays in microseconds. */
  public static IdleStrategy backoff() {
    return new IdleStrategy(100, 20, 1_000, 100_000);
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

package dev.orthrus.runtime.concurrent;

import java.util.concurrent.locks.LockSupport;

/**
 * Spin a little (lowest latency), then optionally yield, then park with a growing timeout. Parking
 * matters on small machines, where a spinning agent would take the core another thread needs.
 */
public final class BackoffIdleStrategy implements IdleStrategy {

  private final int maxSpins;
  private final int maxYields;
  private final long minParkNanos;
  private final long maxParkNanos;

  private int spins;
  private int yields;
  private long parkNanos;

  public BackoffIdleStrategy(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
    if (maxSpins < 0 || maxYields < 0 || minParkNanos < 1 || maxParkNanos < minParkNanos) {
      throw new IllegalArgumentException("bad idle strategy bounds");
    }
    this.maxSpins = maxSpins;
    this.maxYields = maxYields;
    this.minParkNanos = minParkNanos;
    this.maxParkNanos = maxParkNanos;
    reset();
  }

  @Override
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

  @Override
  public void reset() {
    spins = 0;
    yields = 0;
    parkNanos = minParkNanos;
  }
}

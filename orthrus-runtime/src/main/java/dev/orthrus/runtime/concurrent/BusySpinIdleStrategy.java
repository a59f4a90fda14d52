package dev.orthrus.runtime.concurrent;

/** Never gives the CPU away: spins with {@link Thread#onSpinWait()} while there is no work. */
public final class BusySpinIdleStrategy implements IdleStrategy {

  @Override
  public void idle(int workCount) {
    if (workCount == 0) {
      Thread.onSpinWait();
    }
  }
}

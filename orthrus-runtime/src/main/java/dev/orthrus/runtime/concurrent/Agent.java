package dev.orthrus.runtime.concurrent;

/** A unit of background work driven by an {@link AgentRunner} (Agrona's shape). */
public interface Agent {

  /** Does a bounded amount of work; returns how much (0 means idle). */
  int doWork();

  /**
   * True while this agent has a CPU to itself: its runner then spins with {@link
   * Thread#onSpinWait()} when idle instead of following its {@link IdleStrategy}, so new work is
   * picked up within microseconds. Asked after every idle {@link #doWork()}; keep it cheap.
   */
  default boolean ownsCpu() {
    return false;
  }

  default void onStart() {}

  default void onClose() {}

  String roleName();
}

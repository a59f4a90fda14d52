package dev.orthrus.samples.kvcache.replica;

import dev.orthrus.samples.kvcache.protocol.ServerClock;

/**
 * The clock of mode rbv: a step reads the time once ({@link #live()}), pins it, and every reading
 * during the step ({@code now}, relative expiration times, {@code flush_all} delays) gives that
 * value; the replica pins the value the primary logged. Pinned and read under the order's lock (the
 * primary) or by the one replaying thread (the replica).
 */
public final class PinnedClock extends ServerClock {

  private int pinned;

  PinnedClock(long processStarted) {
    super(processStarted);
    pinned = live();
  }

  /** A clock started as {@link ServerClock#ServerClock()} starts it, for a primary. */
  public static PinnedClock startingNow() {
    return new PinnedClock(new ServerClock().processStarted());
  }

  /** The time now, ignoring the pin. */
  int live() {
    return super.now();
  }

  void pin(int now) {
    pinned = now;
  }

  @Override
  public int now() {
    return pinned;
  }
}

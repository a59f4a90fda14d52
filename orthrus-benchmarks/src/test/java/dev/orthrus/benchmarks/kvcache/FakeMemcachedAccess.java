package dev.orthrus.benchmarks.kvcache;

import java.nio.channels.ByteChannel;

/** Lets the stand-in {@code InProcessServer}, in another package, use {@link FakeMemcached}. */
public final class FakeMemcachedAccess {

  private FakeMemcachedAccess() {}

  public static Object newStore() {
    return new FakeMemcached(FakeMemcached.Fault.NONE);
  }

  /** A store whose {@code stats} report {@code detections} as the server's total. */
  public static Object newStore(long detections) {
    return new FakeMemcached(FakeMemcached.Fault.NONE, detections);
  }

  public static ByteChannel connect(Object store) {
    return ((FakeMemcached) store).connect();
  }
}

package dev.orthrus.benchmarks.kvcache;

import java.nio.channels.ByteChannel;

/** Lets the stand-in {@code InProcessServer}, in another package, use {@link FakeMemcached}. */
public final class FakeMemcachedAccess {

  private FakeMemcachedAccess() {}

  public static Object newStore() {
    return new FakeMemcached(FakeMemcached.Fault.NONE);
  }

  public static ByteChannel connect(Object store) {
    return ((FakeMemcached) store).connect();
  }
}

package dev.orthrus.samples.kvcache.server;

import dev.orthrus.benchmarks.kvcache.FakeMemcachedAccess;
import java.nio.channels.ByteChannel;
import java.util.Arrays;

/**
 * A stand-in with the kvcache sample's {@code InProcessServer} signatures (the contract the
 * benchmark finds reflectively), serving from an in-memory get/set store, so that the in-process
 * transport's plumbing is tested in this module without the sample.
 */
public final class InProcessServer implements AutoCloseable {

  private final Object store = FakeMemcachedAccess.newStore();
  private final String[] args;

  private InProcessServer(String[] args) {
    this.args = args;
  }

  public static InProcessServer start(String... mainArgs) {
    if (!Arrays.asList(mainArgs).contains("--mode")) {
      throw new IllegalArgumentException("no --mode in " + Arrays.toString(mainArgs));
    }
    return new InProcessServer(mainArgs);
  }

  public ByteChannel connect() {
    return FakeMemcachedAccess.connect(store);
  }

  @Override
  public void close() {
    System.out.println("kvcache stopped: in-process stand-in " + String.join(" ", args));
  }
}

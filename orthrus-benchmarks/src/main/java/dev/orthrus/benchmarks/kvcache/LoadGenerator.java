package dev.orthrus.benchmarks.kvcache;

import dev.orthrus.runtime.cpu.Pinning;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Drives one server with a {@link Workload}: one thread per connection, each running its {@link
 * Conversation} closed-loop, optionally pinned to one CPU; plus a control connection for {@code
 * stats}.
 */
public final class LoadGenerator implements AutoCloseable {

  /** Opens a new connection to the server. */
  @FunctionalInterface
  public interface ChannelSource {
    ByteChannel open() throws IOException;

    /** TCP connections to {@code port} on the loopback address, without Nagle's delay. */
    static ChannelSource loopback(int port) {
      InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
      return () -> {
        SocketChannel channel = SocketChannel.open(address);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        return channel;
      };
    }
  }

  /**
   * What a phase measured: requests done, wall nanoseconds, every request's latency in nanoseconds,
   * gets and misses among them, sets, and the CPU time the generator's threads spent.
   */
  public record Phase(
      long ops,
      long nanos,
      Histogram latency,
      long gets,
      long misses,
      long sets,
      long clientCpuNanos) {
    public double opsPerSec() {
      return ops * 1e9 / nanos;
    }
  }

  /** How long past its planned end a phase may run before the server counts as hung. */
  private static final long GRACE_MILLIS = 30_000;

  private final Workload workload;
  private final ChannelSource source;
  private final int clientCpu;

  /** Every connection opened, for {@link #close}: counting conversations open more as they go. */
  private final List<ByteChannel> channels = Collections.synchronizedList(new ArrayList<>());

  private final List<Conversation> conversations = new ArrayList<>();
  private final ZipfKeys popularity;
  private final byte[][] keys;
  private final Conversation loader;

  /** Whether a warm-up slice saw evictions before it reset the server's counters. */
  private boolean evictedInWarmUp;

  /**
   * Opens the workload's connections and a control connection; {@code clientCpu} is the CPU the
   * generator's threads pin to, or -1 to leave them where the scheduler puts them.
   */
  public LoadGenerator(Workload workload, ChannelSource source, int clientCpu) throws IOException {
    this(workload, source, clientCpu, false);
  }

  /**
   * As above; {@code countWrongReplies}: a wrong reply is counted ({@link #wrongReplies}) and the
   * load goes on, instead of failing the run (a server with an emulated faulty core).
   */
  public LoadGenerator(
      Workload workload, ChannelSource source, int clientCpu, boolean countWrongReplies)
      throws IOException {
    this.workload = workload;
    this.source = source;
    this.clientCpu = clientCpu;
    this.popularity = new ZipfKeys(workload.keys(), workload.zipfExponent());
    this.keys = new byte[workload.keys()][];
    for (int rank = 0; rank < keys.length; rank++) {
      keys[rank] = Workload.key(rank).getBytes(StandardCharsets.US_ASCII);
    }
    ChannelSource reopen = countWrongReplies ? this::open : null;
    this.loader = new Conversation(open(), workload, popularity, keys, Conversation.LOADER, reopen);
    for (int c = 0; c < workload.connections(); c++) {
      conversations.add(new Conversation(open(), workload, popularity, keys, c + 1, reopen));
    }
  }

  private ByteChannel open() throws IOException {
    ByteChannel channel = source.open();
    channels.add(channel);
    return channel;
  }

  /** Stores every key once (through the control connection, as writer 0). */
  public void preload() throws IOException {
    loader.preload();
  }

  /** Wrong replies counted so far, the preload's included (read it when no load runs). */
  public long wrongReplies() {
    long n = loader.wrongReplies();
    for (Conversation c : conversations) {
      n += c.wrongReplies();
    }
    return n;
  }

  /** What was wrong with the first wrong reply of the preload or a connection, or null. */
  public String firstWrongReply() {
    String first = loader.firstWrongReply();
    for (int c = 0; first == null && c < conversations.size(); c++) {
      first = conversations.get(c).firstWrongReply();
    }
    return first;
  }

  /** The server's {@code stats}. */
  public ServerStats stats() throws IOException {
    return ServerStats.read(loader.channel());
  }

  /** {@code stats reset}; see {@link ServerStats#reset}. */
  public boolean resetStats() throws IOException {
    return ServerStats.reset(loader.channel());
  }

  /**
   * A slice of warm-up: load for {@code nanos}, then {@code stats} and {@code stats reset}, the
   * requests the measured phase starts with, so that the server's compiled code has seen them. A
   * first {@code stats} after a warm-up without any made the JIT discard the server's compiled
   * request dispatch (a branch it had never seen taken) and recompile it, with all it inlines,
   * during the measured phase. Whether the server evicted anything is kept for {@link
   * #evictedSinceStart}.
   */
  public void warmUp(long nanos) throws IOException {
    run(nanos, 0);
    evictedInWarmUp |= KvcacheBenchmark.evicted(stats());
    resetStats();
  }

  /** Whether the server evicted any item since it started, warm-up slices included. */
  public boolean evictedSinceStart() throws IOException {
    return evictedInWarmUp || KvcacheBenchmark.evicted(stats());
  }

  /**
   * Runs every connection for {@code nanos} (when {@code ops} is 0) or until the connections did
   * {@code ops} requests together (each its share, rounded up to whole batches).
   *
   * @throws ReplyException when a reply is wrong or missing
   */
  public Phase run(long nanos, long ops) throws IOException {
    int n = conversations.size();
    long perConnection = ops > 0 ? (ops + n - 1) / n : Long.MAX_VALUE;
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicLong done = new AtomicLong();
    AtomicLong cpu = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    conversations.forEach(Conversation::reset);
    long start = System.nanoTime();
    long end = ops > 0 ? Long.MAX_VALUE : start + nanos;
    for (int c = 0; c < n; c++) {
      Conversation conversation = conversations.get(c);
      Thread t =
          new Thread(
              () -> {
                ThreadMXBean mx = ManagementFactory.getThreadMXBean();
                if (clientCpu >= 0) {
                  Pinning.pin(clientCpu);
                }
                long cpu0 = mx.getCurrentThreadCpuTime();
                long mine = 0;
                try {
                  while (mine < perConnection && System.nanoTime() < end && failure.get() == null) {
                    mine += conversation.batch();
                  }
                } catch (IOException | RuntimeException e) {
                  failure.compareAndSet(null, e);
                }
                done.addAndGet(mine);
                cpu.addAndGet(mx.getCurrentThreadCpuTime() - cpu0);
              },
              "kvcache-load-" + c);
      threads.add(t);
      t.start();
    }
    long waitMillis = ops > 0 ? Long.MAX_VALUE : nanos / 1_000_000 + GRACE_MILLIS;
    long deadline = System.currentTimeMillis() + Math.min(waitMillis, Long.MAX_VALUE / 2);
    for (Thread t : threads) {
      try {
        t.join(Math.max(1, deadline - System.currentTimeMillis()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        close();
        throw new IOException("interrupted while the load ran", e);
      }
      if (t.isAlive()) {
        close(); // unblocks the threads' reads
        throw new ReplyException(
            "the load did not finish within " + GRACE_MILLIS / 1000 + " s of its end: server hung");
      }
    }
    long elapsed = System.nanoTime() - start;
    Throwable error = failure.get();
    if (error instanceof IOException io) {
      throw io;
    }
    if (error != null) {
      throw (RuntimeException) error;
    }
    Histogram latency = new Histogram(3);
    long gets = 0;
    long misses = 0;
    long sets = 0;
    for (Conversation c : conversations) {
      latency.add(c.latency());
      gets += c.gets();
      misses += c.misses();
      sets += c.sets();
    }
    return new Phase(done.get(), elapsed, latency, gets, misses, sets, cpu.get());
  }

  /** Closes every connection; a connection that fails to close is already unusable. */
  @Override
  public void close() {
    for (ByteChannel channel : List.copyOf(channels)) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // Nothing is lost: the run's figures are taken before closing.
      }
    }
  }
}

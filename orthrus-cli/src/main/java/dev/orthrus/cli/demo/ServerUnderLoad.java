package dev.orthrus.cli.demo;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Mode;
import dev.orthrus.benchmarks.kvcache.LoadGenerator;
import dev.orthrus.benchmarks.kvcache.ServerProcess;
import dev.orthrus.benchmarks.kvcache.ServerStats;
import dev.orthrus.benchmarks.kvcache.Workload;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * A kvcache server in a process of its own and the benchmark's load generator on it over loopback
 * TCP. The load runs on threads of its own while the caller watches the server every few
 * milliseconds ({@link #drive}).
 */
final class ServerUnderLoad implements AutoCloseable {

  /** How often {@link #drive} calls its watcher. */
  static final long TICK_MILLIS = 50;

  private final ServerProcess server;
  private final LoadGenerator load;

  /** A connection of its own for {@code stats}: the generator's control connection preloads. */
  private final SocketChannel statsChannel;

  /** When the last {@link #drive}'s onset came ({@code Long.MAX_VALUE}: not yet), and its end. */
  private final AtomicLong onsetAt = new AtomicLong(Long.MAX_VALUE);

  private volatile long loadEnd;

  private ServerUnderLoad(ServerProcess server, LoadGenerator load, SocketChannel statsChannel) {
    this.server = server;
    this.load = load;
    this.statsChannel = statsChannel;
  }

  /**
   * Starts {@code command} (a server in {@code mode}), waits for it to listen and connects the load
   * generator, whose threads pin to {@code clientCpu} (-1: unpinned); {@code countWrongReplies}:
   * wrong replies are counted instead of failing the load.
   */
  static ServerUnderLoad start(
      Mode mode, List<String> command, Workload workload, int clientCpu, boolean countWrongReplies)
      throws IOException {
    ServerProcess server = ServerProcess.start(mode.label(), command, false);
    try {
      int port = server.awaitListeningLine(mode.serverMode());
      LoadGenerator.ChannelSource tcp = LoadGenerator.ChannelSource.loopback(port);
      LoadGenerator load = new LoadGenerator(workload, tcp, clientCpu, countWrongReplies);
      // Non-blocking, so that a server that stops answering fails stats() after 10 s instead of
      // blocking the caller for good.
      SocketChannel stats = (SocketChannel) tcp.open();
      stats.configureBlocking(false);
      return new ServerUnderLoad(server, load, stats);
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /**
   * Stores every key, runs the load for {@code warmupMillis}, calls {@code onset}, then runs it for
   * {@code millis}; {@code watcher} gets the milliseconds since the onset (negative before it)
   * every {@value #TICK_MILLIS} ms while the load runs. Returns what the load after the onset
   * measured.
   */
  LoadGenerator.Phase drive(long warmupMillis, Runnable onset, long millis, LongConsumer watcher)
      throws IOException {
    onsetAt.set(Long.MAX_VALUE);
    loadEnd = 0;
    AtomicReference<Exception> failure = new AtomicReference<>();
    AtomicReference<LoadGenerator.Phase> measured = new AtomicReference<>();
    Thread driver =
        new Thread(
            () -> {
              try {
                load.preload();
                if (warmupMillis > 0) {
                  load.run(warmupMillis * 1_000_000, 0);
                }
                // The clock starts before the onset: the agent's look for it counts too.
                onsetAt.set(System.nanoTime());
                onset.run();
                measured.set(load.run(millis * 1_000_000, 0));
              } catch (IOException | RuntimeException e) {
                failure.set(e);
              }
            },
            "demo-load");
    driver.start();
    try {
      while (driver.isAlive()) {
        driver.join(TICK_MILLIS);
        long at = onsetAt.get();
        watcher.accept(at == Long.MAX_VALUE ? -1 : (System.nanoTime() - at) / 1_000_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      load.close();
      throw new IOException("interrupted while the load ran", e);
    }
    loadEnd = System.nanoTime();
    Exception e = failure.get();
    if (e instanceof IOException io) {
      throw io;
    }
    if (e != null) {
      throw (RuntimeException) e;
    }
    return measured.get();
  }

  /** The load generator, for its wrong-reply counts once the load has ended. */
  LoadGenerator load() {
    return load;
  }

  ServerStats stats() throws IOException {
    return ServerStats.read(statsChannel);
  }

  /** The server's {@code stats}, failing when they take longer than {@code patienceMillis}. */
  ServerStats stats(long patienceMillis) throws IOException {
    return ServerStats.read(statsChannel, patienceMillis);
  }

  /** How long the last {@link #drive} has run its load since the onset, in milliseconds. */
  long loadMillis() {
    long onset = onsetAt.get();
    if (onset == Long.MAX_VALUE) {
      return 0;
    }
    return ((loadEnd != 0 ? loadEnd : System.nanoTime()) - onset) / 1_000_000;
  }

  List<String> newStderrLines() {
    return server.newStderrLines();
  }

  /** The server's failure: {@code what}, with the end of its output. */
  RuntimeException failure(String what) {
    return server.failure(what);
  }

  /** Stops the server (SIGTERM, so its shutdown hooks run) and returns its summary line. */
  String stop() throws IOException {
    load.close();
    statsChannel.close();
    return server.stop();
  }

  @Override
  public void close() throws IOException {
    load.close();
    statsChannel.close();
    server.close();
  }
}

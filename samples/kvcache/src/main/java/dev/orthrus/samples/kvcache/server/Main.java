package dev.orthrus.samples.kvcache.server;

import dev.orthrus.samples.kvcache.protocol.CommandHandler;
import dev.orthrus.samples.kvcache.protocol.ExtraStats;
import dev.orthrus.samples.kvcache.protocol.ServerClock;
import dev.orthrus.samples.kvcache.protocol.ServerStats;
import dev.orthrus.samples.kvcache.replica.PinnedClock;
import dev.orthrus.samples.kvcache.replica.Primary;
import dev.orthrus.samples.kvcache.replica.Replica;
import dev.orthrus.samples.kvcache.replica.Report;
import dev.orthrus.samples.kvcache.store.Cache;
import dev.orthrus.samples.kvcache.store.CacheItem;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The kvcache server: {@code Main [--mode vanilla|orthrus|rbv] [--port P] [-m MB] [-t THREADS] [-I
 * SIZE]}. Prints one line when it listens, serves until SIGINT or SIGTERM, then prints a summary
 * line (in mode orthrus, with the executions validated and the detections; in mode rbv, with the
 * steps replicated, compared by the replica JVM and found different).
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    ServerConfig config;
    try {
      config = ServerConfig.parse(args);
      checkBuild(config.mode());
    } catch (IllegalArgumentException e) {
      System.err.println("kvcache: " + e.getMessage());
      System.exit(2);
      return;
    }
    if (config.mode().equals("rbv-replica")) {
      // Ctrl-C reaches the terminal's whole process group: the replica must outlive it until its
      // primary has ended the log, and it ends when the log does.
      Signal.handle(new Signal("INT"), SignalHandler.SIG_IGN);
      System.exit(Replica.run(config));
      return;
    }
    Primary primary = null;
    CommandHandler handler;
    if (config.mode().equals("rbv")) {
      PinnedClock clock = PinnedClock.startingNow();
      primary = startReplica(config, clock);
      handler = newHandler(config, primary::figures, clock);
      handler.recordSteps(primary);
    } else {
      handler = newHandler(config);
    }
    Primary replication = primary;
    NioServer server = NioServer.start(config.port(), handler, config.threads());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    server.close();
                  } catch (IOException e) {
                    System.err.println("kvcache: closing the listener failed: " + e);
                  }
                  System.out.println(
                      replication == null
                          ? summary(config.mode(), handler)
                          : rbvSummary(handler, replication));
                  System.out.flush();
                  stopped.countDown();
                },
                "kvcache-shutdown"));
    System.out.printf(
        "kvcache listening on 127.0.0.1:%d mode=%s threads=%d memory=%dMB%n",
        server.port(), config.mode(), config.threads(), config.memoryMb());
    System.out.flush();
    stopped.await();
  }

  /** A handler over a new cache as {@code config} says; the in-process transport uses it too. */
  static CommandHandler newHandler(ServerConfig config) {
    return newHandler(
        config,
        config.mode().equals("orthrus") ? new RuntimeFigures() : Map::of,
        new ServerClock());
  }

  private static CommandHandler newHandler(
      ServerConfig config, ExtraStats figures, ServerClock clock) {
    return new CommandHandler(
        new Cache(config.memoryBytes()),
        figures,
        clock,
        new ServerStats(),
        config.itemSizeMax(),
        config.threads());
  }

  /**
   * Mode rbv's replica, started and connected. A mismatch prints the detection line and exits with
   * status 1 (as a detection does); a replica that fails, dies or stalls exits with status 4. The
   * exit runs the shutdown hook: the summary is printed either way.
   */
  private static Primary startReplica(ServerConfig config, PinnedClock clock) throws IOException {
    return Primary.startReplica(
        config,
        clock,
        new Primary.Listener() {
          @Override
          public void mismatch(Report report) {
            System.out.println(Primary.describe(report));
            System.out.flush();
            exitSoon(1);
          }

          @Override
          public void failed(String message) {
            System.err.println("kvcache rbv: " + message + "; stopping");
            exitSoon(4);
          }
        });
  }

  /** Exits from a thread of its own: the shutdown hook waits for threads that may be the caller. */
  private static void exitSoon(int status) {
    new Thread(() -> System.exit(status), "kvcache-exit").start();
  }

  /** {@code kvcache stopped: ...} of mode rbv, once the replica compared the whole log. */
  private static String rbvSummary(CommandHandler handler, Primary primary) {
    boolean complete;
    try {
      complete = primary.finish(20_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      complete = false;
    }
    String line =
        "kvcache stopped: "
            + handler.stats().requests()
            + " requests, "
            + primary.replicated()
            + " steps replicated, "
            + primary.compared()
            + " compared, "
            + primary.mismatches()
            + " mismatches";
    if (!complete) {
      line +=
          " ("
              + (primary.stopped() != null
                  ? primary.stopped()
                  : "the replica did not finish comparing within 20 s")
              + ")";
    }
    return line;
  }

  /** The build on the class path: {@code orthrus} (protected) or {@code vanilla}. */
  public static String build() {
    // The protected build's user-data classes extend the runtime's versioned handle.
    return CacheItem.class.getSuperclass().getName().startsWith("dev.orthrus.runtime.api.")
        ? "orthrus"
        : "vanilla";
  }

  /** Mode orthrus needs the protected build; the others (vanilla, rbv) the vanilla one. */
  static void checkBuild(String mode) {
    boolean protectedBuild = build().equals("orthrus");
    switch (mode) {
      case "orthrus" -> {
        if (!protectedBuild) {
          throw new IllegalArgumentException(
              "mode orthrus needs the protected build (target/orthrus-classes) on the class path");
        }
      }
      default -> {
        if (protectedBuild) {
          throw new IllegalArgumentException(
              "mode " + mode + " needs the vanilla build (target/classes) on the class path");
        }
      }
    }
  }

  /**
   * {@code kvcache stopped: ...}; in mode orthrus after the validators drained, with the runtime's
   * counts. The runtime is reached reflectively so that the sources compile without it (the vanilla
   * build and the analyses that read them).
   */
  private static String summary(String mode, CommandHandler handler) {
    String line = "kvcache stopped: " + handler.stats().requests() + " requests";
    if (!mode.equals("orthrus")) {
      return line;
    }
    if (handler.stats().closureCalls() == 0) {
      // The runtime starts at the first closure call; none means nothing to report.
      return line + ", no closure ran";
    }
    try {
      Map<String, Number> figures = RuntimeFigures.since(null, 2000);
      return line
          + ", "
          + figures.get("orthrus_validated")
          + " executions validated, "
          + figures.get("orthrus_not_validated")
          + " not validated, "
          + figures.get("orthrus_detections")
          + " detections";
    } catch (IllegalStateException e) {
      return line + " (" + e.getMessage() + ")";
    }
  }
}

package dev.orthrus.samples.kvcache.server;

import dev.orthrus.samples.kvcache.protocol.CommandHandler;
import dev.orthrus.samples.kvcache.protocol.ServerClock;
import dev.orthrus.samples.kvcache.protocol.ServerStats;
import dev.orthrus.samples.kvcache.store.Cache;
import dev.orthrus.samples.kvcache.store.CacheItem;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The kvcache server: {@code Main [--mode vanilla|orthrus|rbv] [--port P] [-m MB] [-t THREADS] [-I
 * SIZE]}. Prints one line when it listens, serves until SIGINT or SIGTERM, then prints a summary
 * line (in mode orthrus, with the executions validated and the detections).
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
    CommandHandler handler = newHandler(config);
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
                  System.out.println(summary(config.mode(), handler));
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
    return new CommandHandler(
        new Cache(config.memoryBytes()),
        config.mode().equals("orthrus") ? () -> RuntimeFigures.read(0) : Map::of,
        new ServerClock(),
        new ServerStats(),
        config.itemSizeMax(),
        config.threads());
  }

  /** The build on the class path: {@code orthrus} (protected) or {@code vanilla}. */
  public static String build() {
    return CacheItem.class
            .getSuperclass()
            .getName()
            .equals("dev.orthrus.runtime.api.VersionedObject")
        ? "orthrus"
        : "vanilla";
  }

  /**
   * Mode orthrus needs the protected build and mode vanilla the vanilla one; the replica mode (rbv)
   * is not built.
   */
  static void checkBuild(String mode) {
    boolean protectedBuild = build().equals("orthrus");
    switch (mode) {
      case "rbv" ->
          throw new IllegalArgumentException(
              "mode rbv (a replica JVM fed by an ordered log) is not built yet; use vanilla or orthrus");
      case "orthrus" -> {
        if (!protectedBuild) {
          throw new IllegalArgumentException(
              "mode orthrus needs the protected build (target/orthrus-classes) on the class path");
        }
      }
      default -> {
        if (protectedBuild) {
          throw new IllegalArgumentException(
              "mode vanilla needs the vanilla build (target/classes) on the class path");
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
      Map<String, Number> figures = RuntimeFigures.read(2000);
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

package dev.orthrus.samples.kvcache.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.samples.kvcache.protocol.CommandHandler;
import dev.orthrus.samples.kvcache.protocol.ServerStats;
import dev.orthrus.samples.kvcache.server.NioServer;
import dev.orthrus.samples.kvcache.server.ServerConfig;
import dev.orthrus.samples.kvcache.store.Cache;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A primary (the socket server with four workers) and a replica in this JVM, joined by a real
 * loopback connection, under pipelining clients that send every kind of request, split at random
 * places, with expirations, delayed flushes, oversized data and {@code stats}: the replica must
 * agree on every step; a log that disagrees must stop the primary.
 */
class ReplicationTest {

  /** A primary and its replica; {@code log} wraps the primary's end of the log. */
  private static final class Pair implements AutoCloseable {
    final AtomicReference<Report> mismatch = new AtomicReference<>();
    final AtomicReference<String> failure = new AtomicReference<>();
    final Primary primary;
    final NioServer server;
    final Future<Integer> replica;
    final ExecutorService replicaThread = Executors.newSingleThreadExecutor();

    Pair(UnaryOperator<OrderedLog.Appender> log) throws IOException {
      ServerConfig config = ServerConfig.parse("-t", "4", "-I", "2k", "-m", "1");
      PinnedClock clock = PinnedClock.startingNow();
      try (ServerSocket rendezvous = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
        String port = String.valueOf(rendezvous.getLocalPort());
        replica =
            replicaThread.submit(
                () ->
                    Replica.run(
                        ServerConfig.parse(
                            "--mode",
                            "rbv-replica",
                            "--port",
                            port,
                            "-t",
                            "4",
                            "-I",
                            "2k",
                            "-m",
                            "1")));
        Socket socket = rendezvous.accept();
        primary =
            Primary.over(
                socket,
                log.apply(TcpOrderedLog.appender(socket.getOutputStream())),
                clock,
                new Primary.Listener() {
                  @Override
                  public void mismatch(Report report) {
                    mismatch.set(report);
                  }

                  @Override
                  public void failed(String message) {
                    failure.set(message);
                  }
                });
      }
      CommandHandler handler =
          new CommandHandler(
              new Cache(config.memoryBytes()),
              primary::figures,
              clock,
              new ServerStats(),
              config.itemSizeMax(),
              config.threads());
      handler.recordSteps(primary);
      server = NioServer.start(0, handler, config.threads());
    }

    @Override
    public void close() throws Exception {
      server.close();
      primary.finish(30_000);
      replicaThread.shutdown();
      replicaThread.awaitTermination(30, TimeUnit.SECONDS);
    }
  }

  /** One request of the seeded workload, terminated. */
  private static String request(Random random, long unixNow) {
    String key = "k" + random.nextInt(40);
    int value = random.nextInt(30);
    String data = "v".repeat(value);
    int exptime =
        switch (random.nextInt(4)) {
          case 0 -> 1 + random.nextInt(2); // expires during the run
          case 1 -> (int) unixNow + 1 + random.nextInt(2); // absolute
          default -> 0;
        };
    return switch (random.nextInt(20)) {
      case 0, 1, 2 ->
          "set "
              + key
              + " "
              + random.nextInt(5)
              + " "
              + exptime
              + " "
              + value
              + "\r\n"
              + data
              + "\r\n";
      case 3 -> "add " + key + " 0 " + exptime + " " + value + "\r\n" + data + "\r\n";
      case 4 -> "append " + key + " 0 0 2\r\nab\r\n";
      case 5 -> "prepend " + key + " 0 0 2\r\nzz\r\n";
      case 6 -> "cas " + key + " 0 0 1 " + random.nextInt(50) + "\r\nc\r\n";
      case 7 -> "incr " + key + " " + random.nextInt(100) + "\r\n";
      case 8 -> "decr " + key + " 3\r\n";
      case 9 -> "set n" + random.nextInt(4) + " 0 0 2\r\n" + random.nextInt(10) + "0\r\n";
      case 10 -> "delete " + key + "\r\n";
      case 11 -> "touch " + key + " " + exptime + "\r\n";
      case 12 -> "gats " + exptime + " " + key + " k" + random.nextInt(40) + "\r\n";
      case 13 -> "mg " + key + " v c f t s k\r\n";
      case 14 -> "ms " + key + " 3 T" + exptime + "\r\nabc\r\n";
      case 15 -> "ma n" + random.nextInt(4) + " N0 J5 v\r\n";
      case 16 ->
          random.nextInt(10) == 0 ? "flush_all " + random.nextInt(2) + "\r\n" : "version\r\n";
      case 17 -> random.nextInt(5) == 0 ? "stats\r\n" : "bogus command\r\n";
      case 18 -> "set big 0 0 3000\r\n" + "x".repeat(3000) + "\r\n"; // too large: discarded
      default -> "gets " + key + " k" + random.nextInt(40) + " n" + random.nextInt(4) + "\r\n";
    };
  }

  /**
   * A client: batches of pipelined requests written in random pieces, each batch ended by {@code
   * mn}, whose {@code MN} reply ends the batch's replies (no value holds capitals).
   */
  private static int client(int port, long seed, int batches) throws IOException {
    Random random = new Random(seed);
    int requests = 0;
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      for (int b = 0; b < batches; b++) {
        StringBuilder batch = new StringBuilder();
        int n = 1 + random.nextInt(12);
        for (int i = 0; i < n; i++) {
          batch.append(request(random, System.currentTimeMillis() / 1000));
        }
        requests += n;
        byte[] bytes = batch.append("mn\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        for (int at = 0; at < bytes.length; ) {
          int piece = Math.min(bytes.length - at, 1 + random.nextInt(bytes.length));
          out.write(bytes, at, piece);
          out.flush();
          at += piece;
          if (random.nextInt(8) == 0) {
            sleep(1 + random.nextInt(3)); // the server reads the rest later: steps span reads
          }
        }
        readUntilMn(in);
        if (random.nextInt(40) == 0) {
          sleep(600); // lets the clock tick past expirations
        }
      }
    }
    return requests;
  }

  private static void readUntilMn(InputStream in) throws IOException {
    ByteArrayOutputStream seen = new ByteArrayOutputStream();
    int last = 0; // the last bytes read, one per 8 bits
    while (true) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("the server closed the connection after " + seen);
      }
      seen.write(c);
      last = last << 8 | c;
      boolean mn = last == ('M' << 24 | 'N' << 16 | '\r' << 8 | '\n');
      if (mn
          && (seen.size() == 4
              || seen.toString(StandardCharsets.ISO_8859_1).endsWith("\nMN\r\n"))) {
        return;
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void aFaultFreeRunWithPipeliningClientsHasNoMismatch() throws Exception {
    Pair pair = new Pair(UnaryOperator.identity());
    int requests = 0;
    try (pair) {
      ExecutorService clients = Executors.newFixedThreadPool(6);
      List<Future<Integer>> done = new ArrayList<>();
      for (int c = 0; c < 6; c++) {
        long seed = 11 + c;
        done.add(clients.submit(() -> client(pair.server.port(), seed, 150)));
      }
      for (Future<Integer> f : done) {
        requests += f.get(5, TimeUnit.MINUTES);
      }
      clients.shutdown();
    }
    assertNull(pair.mismatch.get(), () -> Primary.describe(pair.mismatch.get()));
    assertNull(pair.failure.get());
    assertEquals(0, pair.replica.get(30, TimeUnit.SECONDS));
    assertTrue(pair.primary.replicated() > requests, pair.primary.replicated() + " steps");
    assertEquals(pair.primary.replicated(), pair.primary.compared());
    assertEquals(0, pair.primary.mismatches());
    assertNull(pair.primary.stopped());
  }

  @Test
  void aReplyHashTheReplicaDoesNotGiveStopsThePrimary() throws Exception {
    // The log writer flips the hash of one step, as a fault in the primary's reply would.
    UnaryOperator<OrderedLog.Appender> flipPoison =
        log ->
            new OrderedLog.Appender() {
              @Override
              public void append(LogRecord r) throws IOException {
                boolean poison =
                    new String(r.request(), StandardCharsets.ISO_8859_1).startsWith("get poison");
                log.append(
                    poison
                        ? new LogRecord(
                            r.sequence(),
                            r.connection(),
                            r.now(),
                            r.compared(),
                            r.request(),
                            r.replyHash() ^ 1)
                        : r);
              }

              @Override
              public void flush() throws IOException {
                log.flush();
              }

              @Override
              public void close() throws IOException {
                log.close();
              }
            };
    Pair pair = new Pair(flipPoison);
    try (pair;
        Socket client = new Socket(InetAddress.getLoopbackAddress(), pair.server.port())) {
      OutputStream out = client.getOutputStream();
      InputStream in = client.getInputStream();
      out.write(
          "set poison 0 0 1\r\nx\r\nget poison\r\nmn\r\n".getBytes(StandardCharsets.ISO_8859_1));
      readUntilMn(in);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (pair.mismatch.get() == null && System.nanoTime() < deadline) {
        sleep(10);
      }
      Report report = pair.mismatch.get();
      assertNotNull(report, "no mismatch reported");
      assertEquals(
          "get poison\r\n", new String(report.mismatch().request(), StandardCharsets.ISO_8859_1));
      assertEquals(report.mismatch().replyHash() ^ 1, report.replicaHash());
      assertTrue(
          Primary.describe(report).contains("request 'get poison\\r\\n'"),
          Primary.describe(report));
      // The primary stops: the next request is not run and the conversation ends.
      out.write("get poison\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      assertEquals(-1, in.read());
      assertEquals(1, pair.primary.mismatches());
      assertNotNull(pair.primary.stopped());
    }
    assertNull(pair.failure.get());
  }
}

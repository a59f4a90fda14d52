package dev.orthrus.samples.kvcache.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.samples.kvcache.protocol.Conversation;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.spy.memcached.CASResponse;
import net.spy.memcached.CASValue;
import net.spy.memcached.MemcachedClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Both builds as servers in JVMs of their own, driven over TCP: by a real client library
 * (spymemcached), by the differential conversation, by concurrent pipelining clients with every
 * execution validated (no detection allowed), and by Debian's {@code memccapable}.
 */
class KvcacheServerIT {

  private static final List<String> VALIDATE_ALL =
      List.of("-Dorthrus.sampling=all", "-Dorthrus.summary=true");

  private static final Pattern SUMMARY =
      Pattern.compile(
          "kvcache stopped: (\\d+) requests, (\\d+) executions validated, (\\d+) not validated, (\\d+) detections");

  @ParameterizedTest
  @ValueSource(strings = {"vanilla", "orthrus"})
  void spymemcachedStoresReadsAndUpdates(String mode) throws Exception {
    try (ServerProcess server = ServerProcess.start(mode, VALIDATE_ALL, "-t", "2")) {
      MemcachedClient client =
          new MemcachedClient(new InetSocketAddress("127.0.0.1", server.port()));
      try {
        assertTrue(client.set("a", 0, "alpha").get(5, TimeUnit.SECONDS));
        assertEquals("alpha", client.get("a"));
        assertFalse(client.add("a", 0, "other").get(5, TimeUnit.SECONDS));
        assertTrue(client.replace("a", 0, "beta").get(5, TimeUnit.SECONDS));
        assertTrue(client.append(0, "a", "!").get(5, TimeUnit.SECONDS));
        assertTrue(client.prepend(0, "a", "<").get(5, TimeUnit.SECONDS));
        assertEquals("<beta!", client.get("a"));
        CASValue<Object> cas = client.gets("a");
        assertEquals(CASResponse.OK, client.cas("a", cas.getCas(), "gamma"));
        assertEquals(CASResponse.EXISTS, client.cas("a", cas.getCas(), "delta"));
        assertEquals("gamma", client.get("a"));
        byte[] large = new byte[300_000];
        for (int i = 0; i < large.length; i++) {
          large[i] = (byte) (i * 31);
        }
        assertTrue(client.set("large", 0, large).get(5, TimeUnit.SECONDS));
        assertArrayEquals(large, (byte[]) client.get("large"));
        assertEquals(10, client.incr("n", 10, 10));
        assertEquals(15, client.incr("n", 5));
        assertEquals(12, client.decr("n", 3));
        assertTrue(client.touch("a", 100).get(5, TimeUnit.SECONDS));
        Map<String, Object> bulk = client.getBulk("a", "n", "missing");
        assertEquals(Map.of("a", "gamma", "n", "12"), bulk);
        assertTrue(client.delete("a").get(5, TimeUnit.SECONDS));
        assertNull(client.get("a"));
        assertTrue(client.flush().get(5, TimeUnit.SECONDS));
        assertNull(client.get("n"));
        assertEquals("2", client.getStats().values().iterator().next().get("threads"));
      } finally {
        client.shutdown(5, TimeUnit.SECONDS);
      }
      assertNoDetection(mode, server.stop());
    }
  }

  /**
   * The protected build run with {@code -Dorthrus.mode=off} (no validation) serves, and its {@code
   * stats} says it validated nothing (it answered SERVER_ERROR: the runtime's stand-in has no
   * figures).
   */
  @Test
  void theProtectedServerWithTheRuntimeOffReportsNoValidation() throws Exception {
    try (ServerProcess server = ServerProcess.start("orthrus", List.of("-Dorthrus.mode=off"))) {
      pipelineClients(server.port(), 5);
      String stats = exchange(server.port(), "stats\r\n", "END\r\n");
      assertEquals(0, stat(stats, "orthrus_validated"), stats);
      assertEquals(0, stat(stats, "orthrus_validation_latency_samples"), stats);
      assertEquals("RESET\r\n", exchange(server.port(), "stats reset\r\n", "RESET\r\n"));
      pipelineClients(server.port(), 2);
      List<String> output = server.stop();
      Matcher summary = SUMMARY.matcher(output.get(output.size() - 1));
      assertTrue(summary.matches(), String.join("\n", output));
      assertTrue(Long.parseLong(summary.group(1)) > 0, summary.group());
      assertEquals("0", summary.group(2), summary.group());
    }
  }

  @Test
  void theProtectedServerAnswersTheConversationAsMemcached() throws Exception {
    try (ServerProcess server = ServerProcess.start("orthrus", VALIDATE_ALL)) {
      List<String> replies = conversation(server.port());
      List<String> expected = memcachedReplies();
      assertEquals(expected, replies);
      assertNoDetection("orthrus", server.stop());
    }
  }

  /**
   * Four clients pipeline batches of mixed requests on overlapping keys into a server whose memory
   * (1 MB) holds a fraction of them, so evictions happen throughout; every execution is logged and
   * validated, and none may be a detection.
   */
  @Test
  void concurrentPipelinedClientsWithEvictionsGiveNoDetection() throws Exception {
    try (ServerProcess server =
        ServerProcess.start("orthrus", VALIDATE_ALL, "-m", "1", "-t", "3")) {
      pipelineClients(server.port(), 300);
      String stats = exchange(server.port(), "stats\r\n", "END\r\n");
      Matcher evictions = Pattern.compile("STAT evictions (\\d+)").matcher(stats);
      assertTrue(evictions.find(), stats);
      assertTrue(Long.parseLong(evictions.group(1)) > 0, "no eviction happened: " + stats);
      // The validation delay: timed logs were validated, and the percentiles are in order.
      double p50 = stat(stats, "orthrus_validation_latency_p50_us");
      double p99 = stat(stats, "orthrus_validation_latency_p99_us");
      assertTrue(p50 > 0 && p50 <= p99, stats);
      assertTrue(stat(stats, "orthrus_validation_latency_mean_us") > 0, stats);

      // `stats reset` starts the latency figures over: once the validators caught up, none since.
      awaitValidatorsCaughtUp(server.port());
      assertEquals("RESET\r\n", exchange(server.port(), "stats reset\r\n", "RESET\r\n"));
      String afterReset = exchange(server.port(), "stats\r\n", "END\r\n");
      assertEquals(0, stat(afterReset, "orthrus_validation_latency_samples"), afterReset);
      assertEquals(0, stat(afterReset, "orthrus_validation_latency_mean_us"), afterReset);
      pipelineClients(server.port(), 20);
      awaitValidatorsCaughtUp(server.port());
      String later = exchange(server.port(), "stats\r\n", "END\r\n");
      double samples = stat(later, "orthrus_validation_latency_samples");
      assertTrue(samples > 0 && samples < stat(stats, "orthrus_validation_latency_samples"), later);
      long validated = assertNoDetection("orthrus", server.stop());
      assertTrue(validated > 4 * 300 * 8, "validated only " + validated);
    }
  }

  /** Waits until {@code orthrus_validated} stops growing for half a second. */
  private static void awaitValidatorsCaughtUp(int port) throws Exception {
    double last = -1;
    for (int i = 0; i < 200; i++) {
      double validated = stat(exchange(port, "stats\r\n", "END\r\n"), "orthrus_validated");
      if (validated == last) {
        return;
      }
      last = validated;
      Thread.sleep(500);
    }
    throw new AssertionError("the validators never caught up: " + last);
  }

  private static double stat(String stats, String name) {
    Matcher m = Pattern.compile("STAT " + name + " ([0-9.]+)\r\n").matcher(stats);
    assertTrue(m.find(), name + " missing: " + stats);
    return Double.parseDouble(m.group(1));
  }

  private static final Pattern RBV_SUMMARY =
      Pattern.compile(
          "kvcache stopped: (\\d+) requests, (\\d+) steps replicated, (\\d+) compared, (\\d+) mismatches");

  /**
   * Mode rbv: the conversation answered as memcached answers it, then pipelining clients with
   * evictions; on SIGTERM the replica JVM compares every step, finds no mismatch, and exits with
   * the primary.
   */
  @Test
  void theReplicatedServerComparesEveryStepAndStopsWithItsReplica() throws Exception {
    try (ServerProcess server = ServerProcess.start("rbv", List.of(), "-m", "1", "-t", "3")) {
      List<ProcessHandle> replicas = server.children();
      assertEquals(1, replicas.size(), "the replica JVM");
      List<String> replies = conversation(server.port());
      assertEquals(memcachedReplies(), replies);
      pipelineClients(server.port(), 100);
      String stats = exchange(server.port(), "stats\r\n", "END\r\n");
      assertTrue(stats.contains("STAT rbv_mismatches 0\r\n"), stats);
      List<String> output = server.stop();
      String last = output.get(output.size() - 1);
      Matcher m = RBV_SUMMARY.matcher(last);
      assertTrue(m.matches(), String.join("\n", output));
      assertEquals("0", m.group(4), last);
      assertEquals(m.group(2), m.group(3), "every step compared: " + last);
      assertTrue(Long.parseLong(m.group(2)) > 4 * 100 * 8, last);
      assertFalse(replicas.get(0).isAlive(), "the replica outlived its primary");
    }
  }

  /** {@code memccapable -a} (Debian's libmemcached-tools) against the protected server. */
  @Test
  void memccapablePassesAgainstTheProtectedServer() throws Exception {
    Path binary = Path.of("/usr/bin/memccapable");
    if (!Files.isExecutable(binary)) {
      // .ci/run installs libmemcached-tools; a CI run without it is a broken setup, not a pass.
      assertTrue(System.getenv("CI") == null, "memccapable is not installed on CI");
      System.err.println("memccapable not installed: install libmemcached-tools to run this test");
      return;
    }
    try (ServerProcess server = ServerProcess.start("orthrus", VALIDATE_ALL)) {
      Process run =
          new ProcessBuilder(
                  binary.toString(), "-a", "-h", "127.0.0.1", "-p", String.valueOf(server.port()))
              .redirectErrorStream(true)
              .start();
      String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(run.waitFor(2, TimeUnit.MINUTES));
      assertTrue(out.contains("All tests passed"), out);
      assertNoDetection("orthrus", server.stop());
    }
  }

  /** One client's batches: each a mix of stores, reads, arithmetic and deletes, then mn. */
  private static int pipeline(int port, int client, int batches) throws IOException {
    StringBuilder value = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      value.append("value-of-client-").append(client).append(';');
    }
    try (Socket socket = new Socket("127.0.0.1", port)) {
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      for (int b = 0; b < batches; b++) {
        StringBuilder batch = new StringBuilder();
        for (int r = 0; r < 8; r++) {
          int key = (b * 8 + r) * 7 % 2000;
          String v = value + Integer.toString(b);
          batch
              .append("set k")
              .append(key)
              .append(" 1 0 ")
              .append(v.length())
              .append("\r\n")
              .append(v)
              .append("\r\n");
          batch.append("get k").append(key).append(" k").append((key + 1) % 2000).append("\r\n");
          batch.append("incr n").append(r).append(" 1\r\n");
          batch.append("ms n").append(r).append(" 1 T0\r\n").append(r).append("\r\n");
          batch.append("ma n").append(r).append(" v\r\n");
          batch.append("append k").append(key).append(" 0 0 1\r\n!\r\n");
          batch.append("mg k").append((key + 3) % 2000).append(" v f c t\r\n");
          batch.append("touch k").append(key).append(" 100\r\n");
          if (r % 3 == 0) {
            batch.append("delete k").append((key + 5) % 2000).append("\r\n");
          }
        }
        batch.append("mn\r\n");
        out.write(batch.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        readUntil(in, "MN\r\n");
      }
    }
    return batches;
  }

  /** The differential conversation over connections to {@code port}. */
  private static List<String> conversation(int port) throws Exception {
    return Conversation.run(
        () -> {
          try {
            return SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /** Four {@link #pipeline} clients at once, each sending {@code batches} batches. */
  private static void pipelineClients(int port, int batches) throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(4);
    List<Future<Integer>> done = new ArrayList<>();
    for (int c = 0; c < 4; c++) {
      int client = c;
      done.add(clients.submit(() -> pipeline(port, client, batches)));
    }
    for (Future<Integer> f : done) {
      assertEquals(batches, f.get(5, TimeUnit.MINUTES));
    }
    clients.shutdown();
  }

  private static String exchange(int port, String request, String end) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      return readUntil(socket.getInputStream(), end);
    }
  }

  private static String readUntil(InputStream in, String end) throws IOException {
    StringBuilder reply = new StringBuilder();
    byte[] buffer = new byte[65536];
    while (!reply.toString().endsWith(end)) {
      int n = in.read(buffer);
      if (n < 0) {
        throw new IOException("the server closed the connection: " + reply);
      }
      reply.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
      if (reply.indexOf("ERROR") >= 0) {
        throw new IOException("an error reply: " + reply);
      }
    }
    return reply.toString();
  }

  private static List<String> memcachedReplies() throws IOException {
    List<String> lines =
        new ArrayList<>(
            Files.readAllLines(Conversation.MEMCACHED_REPLIES, StandardCharsets.ISO_8859_1));
    lines.remove(0);
    return lines;
  }

  /** The summary line says 0 detections (mode orthrus) and the executions validated. */
  private static long assertNoDetection(String mode, List<String> output) {
    String last = output.get(output.size() - 1);
    if (!mode.equals("orthrus")) {
      assertTrue(last.startsWith("kvcache stopped: "), String.join("\n", output));
      return 0;
    }
    Matcher m = SUMMARY.matcher(last);
    assertTrue(m.matches(), String.join("\n", output));
    assertEquals("0", m.group(4), last);
    long validated = Long.parseLong(m.group(2));
    assertTrue(validated > 0, last);
    return validated;
  }
}

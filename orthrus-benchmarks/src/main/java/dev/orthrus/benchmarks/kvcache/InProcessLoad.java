package dev.orthrus.benchmarks.kvcache;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The load generator of {@code --transport inproc}, run inside the server's JVM: it starts the
 * kvcache sample's {@code InProcessServer} (found reflectively: the benchmark does not compile
 * against the sample) and drives it through its in-process channels, whose writes run the parser
 * and handler on the writing thread. So the same request bytes reach the same protocol handler as
 * over TCP, without sockets.
 *
 * <p>It talks to the benchmark driver over stdin/stdout: after warm-up ({@link WarmUp}, the JIT's
 * compile time read from this JVM) it prints {@code warmed-up MILLIS} and {@code ready} and waits
 * for {@code go} (the driver reads the process's CPU time in between), measures, prints {@code
 * measured}, and then the phase ({@code phase ...}), whether the server had evicted before the
 * {@code stats reset} ({@code evicted-before true|false}), the {@code stats} before and after
 * ({@code stat-before NAME VALUE}, {@code stat-after NAME VALUE}), and {@code done}; on {@code
 * stop} or the end of stdin it closes the server.
 *
 * <p>Arguments: {@code KEYS ZIPF GET_PERCENT MIN_BYTES MAX_BYTES CONNECTIONS DEPTH SEED WARMUP_MS
 * WARMUP_MAX_MS MEASURE_MS OPS} then the server's own arguments.
 */
public final class InProcessLoad {

  static final String SERVER_CLASS = "dev.orthrus.samples.kvcache.server.InProcessServer";

  private static final int FIXED_ARGS = 12;

  private static final String WARMED_UP = "warmed-up ";

  private InProcessLoad() {}

  /** The warm-up's length from the lines a child printed before {@code ready}; 0 when absent. */
  static long warmupMillis(List<String> linesBeforeReady) {
    for (String line : linesBeforeReady) {
      if (line.startsWith(WARMED_UP)) {
        return Long.parseLong(line.substring(WARMED_UP.length()).strip());
      }
    }
    return 0;
  }

  public static void main(String... args) throws Exception {
    if (args.length < FIXED_ARGS) {
      throw new IllegalArgumentException(
          "usage: InProcessLoad KEYS ZIPF GET% MIN MAX CONNECTIONS DEPTH SEED WARMUP_MS WARMUP_MAX_MS"
              + " MEASURE_MS"
              + " OPS [server args...]");
    }
    Workload workload =
        new Workload(
            Integer.parseInt(args[0]),
            Double.parseDouble(args[1]),
            Integer.parseInt(args[2]),
            Integer.parseInt(args[3]),
            Integer.parseInt(args[4]),
            Integer.parseInt(args[5]),
            Integer.parseInt(args[6]),
            Long.parseLong(args[7]));
    long warmupMillis = Long.parseLong(args[8]);
    long warmupMaxMillis = Long.parseLong(args[9]);
    long measureMillis = Long.parseLong(args[10]);
    long ops = Long.parseLong(args[11]);
    String[] serverArgs = Arrays.copyOfRange(args, FIXED_ARGS, args.length);
    PrintStream out = System.out;
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

    Class<?> serverClass = Class.forName(SERVER_CLASS);
    Object server =
        invoke(serverClass.getMethod("start", String[].class), null, (Object) serverArgs);
    Method connect = serverClass.getMethod("connect");
    try (LoadGenerator load =
        new LoadGenerator(workload, () -> (ByteChannel) invoke(connect, server), -1)) {
      load.preload();
      CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
      long warmedUp =
          WarmUp.run(
              load::warmUp,
              warmupMillis,
              warmupMaxMillis,
              jit != null && jit.isCompilationTimeMonitoringSupported()
                  ? () -> jit.getTotalCompilationTime() * 1_000_000
                  : null);
      boolean evictedBefore = load.evictedSinceStart();
      load.resetStats();
      ServerStats before = load.stats();
      out.println(WARMED_UP + warmedUp);
      out.println("ready");
      out.flush();
      if (!"go".equals(in.readLine())) {
        return;
      }
      LoadGenerator.Phase phase = load.run(measureMillis * 1_000_000, ops);
      out.println("measured");
      out.flush();
      ServerStats after = load.stats();
      ByteBuffer histogram = ByteBuffer.allocate(phase.latency().getNeededByteBufferCapacity());
      int length = phase.latency().encodeIntoCompressedByteBuffer(histogram);
      out.println(
          String.join(
              " ",
              "phase",
              Long.toString(phase.ops()),
              Long.toString(phase.nanos()),
              Long.toString(phase.gets()),
              Long.toString(phase.misses()),
              Long.toString(phase.sets()),
              Long.toString(phase.clientCpuNanos()),
              Base64.getEncoder().encodeToString(Arrays.copyOf(histogram.array(), length))));
      out.println("evicted-before " + evictedBefore);
      print(out, "stat-before", before);
      print(out, "stat-after", after);
      out.println("done");
      out.flush();
      in.readLine();
    } finally {
      invoke(serverClass.getMethod("close"), server);
    }
  }

  private static void print(PrintStream out, String prefix, ServerStats stats) {
    for (Map.Entry<String, String> e : stats.values().entrySet()) {
      out.println(prefix + " " + e.getKey() + " " + e.getValue());
    }
  }

  private static Object invoke(Method method, Object target, Object... args) throws IOException {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw new IllegalStateException(method + " failed: " + e.getCause(), e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(method + " is not accessible", e);
    }
  }

  /** The measured phase and stats a child printed, read back by the driver. */
  record Report(
      LoadGenerator.Phase phase, ServerStats before, ServerStats after, boolean evictedBefore) {

    static Report parse(List<String> lines) {
      LoadGenerator.Phase phase = null;
      Map<String, String> before = new java.util.LinkedHashMap<>();
      Map<String, String> after = new java.util.LinkedHashMap<>();
      boolean evictedBefore = false;
      for (String line : lines) {
        String[] w = line.split(" ", 3);
        switch (w[0]) {
          case "phase" -> {
            String[] f = line.split(" ", -1);
            org.HdrHistogram.Histogram latency;
            try {
              latency =
                  org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(
                      ByteBuffer.wrap(Base64.getDecoder().decode(f[7])), 0);
            } catch (java.util.zip.DataFormatException e) {
              throw new ReplyException("the in-process load printed a damaged histogram");
            }
            phase =
                new LoadGenerator.Phase(
                    Long.parseLong(f[1]),
                    Long.parseLong(f[2]),
                    latency,
                    Long.parseLong(f[3]),
                    Long.parseLong(f[4]),
                    Long.parseLong(f[5]),
                    Long.parseLong(f[6]));
          }
          case "evicted-before" -> evictedBefore = Boolean.parseBoolean(w[1]);
          case "stat-before" -> before.put(w[1], w.length > 2 ? w[2] : "");
          case "stat-after" -> after.put(w[1], w.length > 2 ? w[2] : "");
          default -> {}
        }
      }
      if (phase == null) {
        throw new ReplyException("the in-process load printed no measured phase");
      }
      return new Report(phase, new ServerStats(before), new ServerStats(after), evictedBefore);
    }
  }
}

package dev.orthrus.benchmarks.kvcache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The memcached {@code stats} counters of a server, read over a control connection. Besides the
 * usual counters ({@code evictions}, ...) a kvcache server in mode orthrus reports {@value
 * #VALIDATED}, {@value #EXECUTIONS}, {@value #DETECTIONS}, {@value #VALIDATION_MEAN_US} and {@value
 * #VALIDATION_P99_US}, and in mode rbv {@value #RBV_MISMATCHES}; counters absent from a server
 * (real memcached, vanilla) read as empty.
 */
public record ServerStats(Map<String, String> values) {

  public static final String VALIDATED = "orthrus_validated";
  public static final String EXECUTIONS = "orthrus_executions";
  public static final String DETECTIONS = "orthrus_detections";

  /** Nanoseconds the server's threads waited for a free log, every execution being logged. */
  public static final String LOG_WAIT_NS = "orthrus_log_wait_ns";

  /** Mode rbv's detections: steps whose reply the replica gave differently. */
  public static final String RBV_MISMATCHES = "rbv_mismatches";

  public static final String VALIDATION_MEAN_US = "orthrus_validation_latency_mean_us";
  public static final String VALIDATION_P50_US = "orthrus_validation_latency_p50_us";
  public static final String VALIDATION_P99_US = "orthrus_validation_latency_p99_us";

  private static final long NO_REPLY_MILLIS = 10_000;

  public ServerStats {
    values = Map.copyOf(values);
  }

  /** Sends {@code stats} and reads the {@code STAT name value} lines up to {@code END}. */
  public static ServerStats read(ByteChannel channel) throws IOException {
    return read(channel, NO_REPLY_MILLIS);
  }

  /**
   * As {@link #read(ByteChannel)}, failing when the reply is not complete within {@code
   * patienceMillis} (on a non-blocking channel; a blocking one waits in its read).
   */
  public static ServerStats read(ByteChannel channel, long patienceMillis) throws IOException {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : exchange(channel, "stats", "END", patienceMillis)) {
      String[] parts = line.split(" ", 3);
      if (parts.length != 3 || !parts[0].equals("STAT")) {
        throw new ReplyException(
            "stats: expected 'STAT <name> <value>' or END, got '" + line + "'");
      }
      values.put(parts[1], parts[2]);
    }
    return new ServerStats(values);
  }

  /**
   * Sends {@code stats reset}, which zeroes the server's counters and latency figures, so that what
   * {@code stats} reports afterwards covers the measured phase only. Returns whether the server
   * knew the command (memcached answers {@code RESET}; an error line is accepted, since counters
   * are read as differences anyway).
   */
  public static boolean reset(ByteChannel channel) throws IOException {
    String reply = exchange(channel, "stats reset", null, NO_REPLY_MILLIS).get(0);
    if (reply.startsWith("STAT ")) {
      throw new ReplyException(
          "stats reset: expected RESET (or an error line), got statistics: '" + reply + "'");
    }
    return reply.equals("RESET");
  }

  public OptionalDouble number(String name) {
    String value = values.get(name);
    if (value == null) {
      return OptionalDouble.empty();
    }
    try {
      return OptionalDouble.of(Double.parseDouble(value));
    } catch (NumberFormatException e) {
      throw new ReplyException("stats: " + name + " is not a number: '" + value + "'");
    }
  }

  /** {@code name}'s growth since {@code before}, or empty when either lacks it. */
  public OptionalDouble since(ServerStats before, String name) {
    OptionalDouble now = number(name);
    OptionalDouble then = before.number(name);
    return now.isPresent() && then.isPresent()
        ? OptionalDouble.of(now.getAsDouble() - then.getAsDouble())
        : OptionalDouble.empty();
  }

  /**
   * Writes {@code command} and reads reply lines: up to the line {@code last} (not included), or
   * the first line when {@code last} is null.
   */
  private static java.util.List<String> exchange(
      ByteChannel channel, String command, String last, long patienceMillis) throws IOException {
    ByteBuffer request = ByteBuffer.wrap((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
    while (request.hasRemaining()) {
      channel.write(request);
    }
    java.util.List<String> lines = new java.util.ArrayList<>();
    StringBuilder line = new StringBuilder();
    ByteBuffer in = ByteBuffer.allocate(8192);
    long deadline = System.nanoTime() + patienceMillis * 1_000_000;
    while (true) {
      in.clear();
      int n = channel.read(in);
      if (n < 0) {
        throw new ReplyException(command + ": the server closed the connection");
      }
      if (n == 0) {
        if (System.nanoTime() > deadline) {
          throw new ReplyException(command + ": no reply for " + patienceMillis + " ms");
        }
        Thread.onSpinWait();
        continue;
      }
      in.flip();
      while (in.hasRemaining()) {
        char c = (char) in.get();
        if (c != '\n') {
          line.append(c);
          continue;
        }
        String text = line.toString().stripTrailing();
        line.setLength(0);
        if (last == null) {
          lines.add(text);
          return lines;
        }
        if (text.equals(last)) {
          return lines;
        }
        if (text.equals("ERROR")
            || text.startsWith("SERVER_ERROR")
            || text.startsWith("CLIENT_ERROR")) {
          throw new ReplyException(command + ": the server answered '" + text + "'");
        }
        lines.add(text);
      }
    }
  }
}

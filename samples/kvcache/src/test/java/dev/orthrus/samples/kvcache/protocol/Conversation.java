package dev.orthrus.samples.kvcache.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted conversation with a memcached server ({@code src/test/resources/conversation}): the
 * requests, how each exchange is sent and its reply read, and the replies in the escaped form the
 * recorded file keeps. Each exchange is followed by {@code mn}, so its reply is complete when
 * {@code MN} arrives; an exchange marked {@code close} reads until the server closes.
 */
public final class Conversation {

  public static final Path REQUESTS = Path.of("src/test/resources/conversation/requests.txt");
  public static final Path MEMCACHED_REPLIES =
      Path.of("src/test/resources/conversation/memcached-replies.txt");

  private static final Pattern REPEAT = Pattern.compile("\\{(\\d+)\\*(.)\\}");

  /** One exchange: its bytes and whether the server closes the connection after it. */
  public record Exchange(String source, byte[] request, boolean closes) {}

  private Conversation() {}

  public static List<Exchange> requests() throws IOException {
    List<Exchange> exchanges = new ArrayList<>();
    for (String line : Files.readAllLines(REQUESTS, StandardCharsets.ISO_8859_1)) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      boolean closes = line.endsWith(" close");
      String text = closes ? line.substring(0, line.length() - " close".length()) : line;
      exchanges.add(new Exchange(line, unescape(text), closes));
    }
    return exchanges;
  }

  /**
   * Runs every exchange on connections from {@code connect} (a new one after a close) and returns
   * each reply, escaped and with CAS values and the version masked.
   */
  public static List<String> run(Supplier<ByteChannel> connect) throws IOException {
    List<String> replies = new ArrayList<>();
    ByteChannel channel = connect.get();
    for (Exchange exchange : requests()) {
      byte[] request = exchange.request();
      if (!exchange.closes()) {
        request = concat(request, "mn\r\n".getBytes(StandardCharsets.ISO_8859_1));
      }
      write(channel, request);
      String reply = read(channel, exchange.closes());
      replies.add(mask(escape(reply)));
      if (exchange.closes()) {
        channel.close();
        channel = connect.get();
      }
    }
    channel.close();
    return replies;
  }

  private static void write(ByteChannel channel, byte[] request) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(request);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  /** Reads until the reply ends with MN (or, when the server closes, until end of stream). */
  private static String read(ByteChannel channel, boolean untilClosed) throws IOException {
    StringBuilder reply = new StringBuilder();
    ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (System.nanoTime() < deadline) {
      buffer.clear();
      int n = channel.read(buffer);
      if (n < 0) {
        return reply.append("<closed>").toString();
      }
      reply.append(new String(buffer.array(), 0, n, StandardCharsets.ISO_8859_1));
      if (!untilClosed && reply.toString().endsWith("MN\r\n")) {
        return reply.substring(0, reply.length() - 4);
      }
      if (n == 0) {
        Thread.onSpinWait();
      }
    }
    throw new UncheckedIOException(new IOException("no complete reply within 30 s: " + reply));
  }

  static byte[] unescape(String text) {
    Matcher m = REPEAT.matcher(text);
    StringBuilder expanded = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(
          expanded, Matcher.quoteReplacement(m.group(2).repeat(Integer.parseInt(m.group(1)))));
    }
    m.appendTail(expanded);
    String s = expanded.toString().replace("\\r", "\r").replace("\\n", "\n").replace("\\\\", "\\");
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** One line: CR and LF escaped, runs of more than 16 equal characters as {N*c}. */
  static String escape(String reply) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < reply.length(); ) {
      char c = reply.charAt(i);
      int run = 1;
      while (i + run < reply.length() && reply.charAt(i + run) == c) {
        run++;
      }
      if (run > 16 && c != '\r' && c != '\n') {
        out.append('{').append(run).append('*').append(c).append('}');
        i += run;
        continue;
      }
      out.append(c == '\r' ? "\\r" : c == '\n' ? "\\n" : c == '\\' ? "\\\\" : String.valueOf(c));
      i++;
    }
    return out.toString();
  }

  /** CAS values and the version string differ between servers by design. */
  static String mask(String reply) {
    return reply
        .replaceAll("(VALUE \\S+ \\d+ \\d+) \\d+\\\\r", "$1 <cas>\\\\r")
        .replaceAll("((?:^|\\\\n)(?:HD|VA|EN|NS|EX|NF)[^\\\\]*) c\\d+", "$1 c<cas>")
        .replaceAll("VERSION [^\\\\]*", "VERSION <version>");
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] joined = new byte[a.length + b.length];
    System.arraycopy(a, 0, joined, 0, a.length);
    System.arraycopy(b, 0, joined, a.length, b.length);
    return joined;
  }
}

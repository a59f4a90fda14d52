package dev.orthrus.benchmarks.kvcache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * One closed-loop client connection speaking the memcached text protocol over any {@link
 * ByteChannel}: it writes a batch of {@link Workload#pipelineDepth()} requests, reads their replies
 * in order, checks each one and records each request's latency (from the batch's write to the
 * reply's last byte), then writes the next batch.
 *
 * <p>Checking: a set must answer {@code STORED}; a get must answer a miss or a value {@link Values}
 * made for that very key, intact, with the writer in its flags; and a value this connection wrote
 * must be the last one it wrote for that key (requests of one connection run in order), and once it
 * wrote a key the preloaded value cannot come back. Misses are counted: the driver accepts them
 * only when the server reports evictions.
 *
 * <p>A wrong reply fails the conversation, unless it was made to count wrong replies (a server with
 * an emulated faulty core, whose wrong answers are what is being shown): then it is counted, the
 * rest of its batch is given up and the conversation goes on over a new connection, since where the
 * next reply starts can no longer be told. The keys the batch set from the wrong reply on have
 * values unknown to the checks until their next set.
 */
final class Conversation {

  /** How long a read may return nothing before the server counts as hung. */
  private static final long NO_REPLY_NANOS = 10_000_000_000L;

  private static final byte[] CRLF = {'\r', '\n'};

  /** The writer of the values {@link #preload} stores, before any other write. */
  static final int LOADER = 0;

  private ByteChannel channel;

  /** Opens a new connection after a wrong reply; null when wrong replies fail the conversation. */
  private final LoadGenerator.ChannelSource reopen;

  private final Workload workload;
  private final ZipfKeys popularity;
  private final byte[][] keys;
  private final int writer;
  private final SplittableRandom random;

  /** The sequence number of this writer's last set of each key; 0: never set. */
  private final long[] lastSet;

  /** Keys whose last set was answered wrongly: whether it was stored is unknown. */
  private final boolean[] unknown;

  private final int[] batchRanks;
  private final boolean[] batchGets;

  /** For a get of the batch: this writer's last sequence for the key when the get was written. */
  private final long[] batchExpected;

  private ByteBuffer out = ByteBuffer.allocate(1 << 16);
  private ByteBuffer in = ByteBuffer.allocate(1 << 16);
  private final Histogram latency = new Histogram(3);
  private long gets;
  private long misses;
  private long sets;
  private long wrongReplies;
  private String firstWrongReply;

  /**
   * A conversation of {@code writer} (0 is the loader; connection {@code c} is writer {@code c +
   * 1}), its requests drawn from the workload's seed and the writer.
   */
  Conversation(
      ByteChannel channel, Workload workload, ZipfKeys popularity, byte[][] keys, int writer) {
    this(channel, workload, popularity, keys, writer, null);
  }

  /**
   * As above; with {@code reopen}, a wrong reply is counted instead of failing, and the
   * conversation goes on over the connection {@code reopen} opens.
   */
  Conversation(
      ByteChannel channel,
      Workload workload,
      ZipfKeys popularity,
      byte[][] keys,
      int writer,
      LoadGenerator.ChannelSource reopen) {
    this.channel = channel;
    this.reopen = reopen;
    this.workload = workload;
    this.popularity = popularity;
    this.keys = keys;
    this.writer = writer;
    this.random = new SplittableRandom(workload.seed() * 0x9E3779B97F4A7C15L + writer);
    this.lastSet = new long[workload.keys()];
    this.unknown = new boolean[workload.keys()];
    this.batchRanks = new int[Math.max(workload.pipelineDepth(), 64)];
    this.batchGets = new boolean[batchRanks.length];
    this.batchExpected = new long[batchRanks.length];
  }

  /** Sets every key once, in batches of 64, recording nothing. */
  void preload() throws IOException {
    int n = keys.length;
    for (int from = 0; from < n; from += 64) {
      int count = Math.min(64, n - from);
      for (int i = 0; i < count; i++) {
        batchRanks[i] = from + i;
        batchGets[i] = false;
      }
      exchange(count, false);
    }
  }

  /** One batch of the workload's requests; returns how many were answered. */
  int batch() throws IOException {
    int depth = workload.pipelineDepth();
    for (int i = 0; i < depth; i++) {
      batchRanks[i] = popularity.next(random);
      batchGets[i] = random.nextInt(100) < workload.getPercent();
    }
    return exchange(depth, true);
  }

  /** The connection in use (a counting conversation opens a new one after a wrong reply). */
  ByteChannel channel() {
    return channel;
  }

  Histogram latency() {
    return latency;
  }

  long gets() {
    return gets;
  }

  long misses() {
    return misses;
  }

  long sets() {
    return sets;
  }

  /** Wrong replies counted so far (never reset). */
  long wrongReplies() {
    return wrongReplies;
  }

  /** What was wrong with the first wrong reply, or null. */
  String firstWrongReply() {
    return firstWrongReply;
  }

  /** Forgets the latencies and counts so far (after warm-up). */
  void reset() {
    latency.reset();
    gets = 0;
    misses = 0;
    sets = 0;
  }

  /** Writes a batch and reads its replies; returns how many were answered before a wrong one. */
  private int exchange(int count, boolean record) throws IOException {
    out.clear();
    for (int i = 0; i < count; i++) {
      int rank = batchRanks[i];
      if (batchGets[i]) {
        batchExpected[i] = lastSet[rank];
        put(GET);
        put(keys[rank]);
        put(CRLF);
      } else {
        long sequence = ++lastSet[rank];
        String key = Workload.key(rank);
        int size =
            workload.minValueBytes()
                + random.nextInt(workload.maxValueBytes() - workload.minValueBytes() + 1);
        byte[] value = Values.encode(key, writer, sequence, size);
        put(SET);
        put(keys[rank]);
        put((" " + writer + " 0 " + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        put(value);
        put(CRLF);
      }
    }
    out.flip();
    long start = System.nanoTime();
    while (out.hasRemaining()) {
      channel.write(out);
    }
    in.clear();
    in.flip();
    for (int i = 0; i < count; i++) {
      try {
        while (!parse(batchRanks[i], batchGets[i], batchExpected[i])) {
          fill();
        }
      } catch (WrongReply e) {
        countWrong(e.getMessage());
        for (int j = i; j < count; j++) {
          if (!batchGets[j]) {
            unknown[batchRanks[j]] = true;
          }
        }
        reconnect();
        return i;
      }
      if (record) {
        latency.recordValue(System.nanoTime() - start);
      }
    }
    if (in.hasRemaining()) {
      String message = "the server sent more than one reply per request: " + preview(in.position());
      if (reopen == null) {
        throw new ReplyException(message);
      }
      countWrong(message);
      reconnect();
    }
    return count;
  }

  private void reconnect() throws IOException {
    try {
      channel.close();
    } catch (IOException e) {
      // the connection is given up either way
    }
    channel = reopen.open();
    in.clear();
    in.flip();
  }

  private static final byte[] GET = "get ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SET = "set ".getBytes(StandardCharsets.US_ASCII);

  private void put(byte[] bytes) {
    if (out.remaining() < bytes.length) {
      ByteBuffer bigger =
          ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + bytes.length));
      out.flip();
      bigger.put(out);
      out = bigger;
    }
    out.put(bytes);
  }

  /** Reads more reply bytes, keeping the unparsed ones; fails on end of stream or a hung server. */
  private void fill() throws IOException {
    in.compact();
    if (!in.hasRemaining()) {
      ByteBuffer bigger = ByteBuffer.allocate(in.capacity() * 2);
      in.flip();
      bigger.put(in);
      in = bigger;
    }
    long since = 0;
    try {
      while (true) {
        int n = channel.read(in);
        if (n > 0) {
          return;
        }
        if (n < 0) {
          String message = "the server closed the connection in the middle of a batch";
          throw reopen == null ? new ReplyException(message) : new WrongReply(message);
        }
        long now = System.nanoTime();
        if (since == 0) {
          since = now;
        } else if (now - since > NO_REPLY_NANOS) {
          throw new ReplyException("no reply from the server for 10 s");
        }
        Thread.onSpinWait();
      }
    } finally {
      in.flip();
    }
  }

  /**
   * Parses and checks the reply to the request of {@code rank} at the buffer's position ({@code
   * expected}: for a get, this writer's last sequence for the key before it); false, with the
   * position unchanged, when the reply is not complete yet.
   */
  private boolean parse(int rank, boolean get, long expected) {
    int start = in.position();
    int lineEnd = lineEnd(start);
    if (lineEnd < 0) {
      return false;
    }
    String line = ascii(start, lineEnd);
    if (!get) {
      if (!line.equals("STORED")) {
        return wrong("set " + Workload.key(rank) + ": expected STORED, got '" + line + "'");
      }
      unknown[rank] = false;
      sets++;
      in.position(lineEnd + 2);
      return true;
    }
    if (line.equals("END")) {
      gets++;
      misses++;
      in.position(lineEnd + 2);
      return true;
    }
    String key = Workload.key(rank);
    String[] parts = line.split(" ", -1);
    if (parts.length != 4 || !parts[0].equals("VALUE") || !parts[1].equals(key)) {
      return wrong(
          "get "
              + key
              + ": expected 'VALUE "
              + key
              + " <flags> <bytes>' or END, got '"
              + line
              + "'");
    }
    int flags;
    int bytes;
    try {
      flags = Integer.parseInt(parts[2]);
      bytes = Integer.parseInt(parts[3]);
    } catch (NumberFormatException e) {
      return wrong("get " + key + ": bad VALUE line '" + line + "'");
    }
    int data = lineEnd + 2;
    if (bytes < 0) {
      return wrong("get " + key + ": negative length in '" + line + "'");
    }
    int end = data + bytes + 2 + 5; // data, CRLF, "END\r\n"
    if (in.limit() < end) {
      // A wrong length may announce more than ever comes; values hold no END line.
      int shorter = reopen != null ? valueReplyEnd(start) : -1;
      return shorter >= 0 && wrong("get " + key + ": the value is shorter than announced");
    }
    byte[] a = in.array();
    if (a[data + bytes] != '\r'
        || a[data + bytes + 1] != '\n'
        || !ascii(data + bytes + 2, end).equals("END\r\n")) {
      return wrong("get " + key + ": the " + bytes + "-byte value is not followed by CRLF and END");
    }
    Values.Decoded value = Values.decode(a, data, bytes);
    if (value == null || !value.key().equals(key) || value.writer() != flags) {
      return wrong(
          "get "
              + key
              + ": the value is not one written for this key (flags "
              + flags
              + "): '"
              + preview(data)
              + "'");
    }
    if (expected > 0 && value.writer() == LOADER && !unknown[rank]) {
      return wrong(
          "get "
              + key
              + ": returned the preloaded value, older than this connection's write #"
              + expected
              + " of the key");
    }
    if (value.writer() == writer && value.sequence() != expected && !unknown[rank]) {
      return wrong(
          "get "
              + key
              + ": returned this connection's write #"
              + value.sequence()
              + ", but its last write of the key before the get was #"
              + expected);
    }
    gets++;
    in.position(end);
    return true;
  }

  /** A wrong reply: fails the conversation, or is thrown to {@link #exchange} to be counted. */
  private boolean wrong(String message) {
    throw reopen == null ? new ReplyException(message) : new WrongReply(message);
  }

  private void countWrong(String message) {
    wrongReplies++;
    if (firstWrongReply == null) {
      firstWrongReply = message;
    }
  }

  /** The end of a {@code VALUE} reply at {@code start}: just after its {@code END} line, or -1. */
  private int valueReplyEnd(int start) {
    byte[] a = in.array();
    byte[] end = {'\r', '\n', 'E', 'N', 'D', '\r', '\n'};
    for (int i = start; i + end.length <= in.limit(); i++) {
      if (Arrays.equals(a, i, i + end.length, end, 0, end.length)) {
        return i + end.length;
      }
    }
    return -1;
  }

  /** A wrong reply found by a conversation that counts them. */
  private static final class WrongReply extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WrongReply(String message) {
      super(message, null, false, false);
    }
  }

  /** The index of the CR of the first CRLF at or after {@code from}, or -1. */
  private int lineEnd(int from) {
    byte[] a = in.array();
    for (int i = from; i + 1 < in.limit(); i++) {
      if (a[i] == '\r' && a[i + 1] == '\n') {
        return i;
      }
    }
    return -1;
  }

  private String ascii(int from, int to) {
    return new String(in.array(), from, to - from, StandardCharsets.US_ASCII);
  }

  private String preview(int from) {
    return ascii(from, Math.min(in.limit(), from + 80));
  }
}

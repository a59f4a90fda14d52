package dev.orthrus.benchmarks.kvcache;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A get/set memcached in memory for the load generator's tests, answering on the writer's thread
 * like the kvcache sample's in-process channel; a {@link Fault} makes it answer wrongly.
 */
final class FakeMemcached {

  enum Fault {
    NONE,
    /** gets return the first value ever stored for the key. */
    STALE,
    /** gets return the value with one byte changed. */
    CORRUPT,
    /** sets answer NOT_STORED. */
    NOT_STORED,
    /** every fifth hit announces 1000 bytes more than it sends (a broken frame). */
    LONG_LENGTH
  }

  private static final class Item {
    private final int flags;
    private final byte[] data;

    Item(int flags, byte[] data) {
      this.flags = flags;
      this.data = data;
    }

    int flags() {
      return flags;
    }

    byte[] data() {
      return data;
    }
  }

  private final Map<String, Item> items = new ConcurrentHashMap<>();
  private final Map<String, Item> first = new ConcurrentHashMap<>();
  private final Fault fault;
  private final java.util.concurrent.atomic.AtomicLong hits =
      new java.util.concurrent.atomic.AtomicLong();

  /**
   * The total {@code stats} reports as {@code orthrus_detections} and {@code rbv_mismatches}, or -1
   * for none.
   */
  private final long detections;

  FakeMemcached(Fault fault) {
    this(fault, -1);
  }

  FakeMemcached(Fault fault, long detections) {
    this.fault = fault;
    this.detections = detections;
  }

  ByteChannel connect() {
    return new ByteChannel() {
      private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
      private byte[] replies = new byte[0];
      private int replied;
      private boolean open = true;

      @Override
      public int write(ByteBuffer src) {
        int n = src.remaining();
        byte[] bytes = new byte[n];
        src.get(bytes);
        pending.writeBytes(bytes);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(Arrays.copyOfRange(replies, replied, replies.length));
        byte[] in = pending.toByteArray();
        int consumed = serve(in, out);
        pending.reset();
        pending.write(in, consumed, in.length - consumed);
        replies = out.toByteArray();
        replied = 0;
        return n;
      }

      @Override
      public int read(ByteBuffer dst) {
        int n = Math.min(dst.remaining(), replies.length - replied);
        dst.put(replies, replied, n);
        replied += n;
        return n;
      }

      @Override
      public boolean isOpen() {
        return open;
      }

      @Override
      public void close() {
        open = false;
      }
    };
  }

  /** Serves the complete requests of {@code in}; returns the bytes consumed. */
  private int serve(byte[] in, ByteArrayOutputStream out) {
    int at = 0;
    while (true) {
      int eol = indexOfCrlf(in, at);
      if (eol < 0) {
        return at;
      }
      String[] words = new String(in, at, eol - at, StandardCharsets.US_ASCII).split(" ", -1);
      if (words[0].equals("get")) {
        Item item = fault == Fault.STALE ? first.get(words[1]) : items.get(words[1]);
        if (item != null) {
          byte[] data = item.data().clone();
          if (fault == Fault.CORRUPT) {
            data[data.length - 1] ^= 0x02;
          }
          int announced =
              fault == Fault.LONG_LENGTH && hits.incrementAndGet() % 5 == 0
                  ? data.length + 1000
                  : data.length;
          ascii(out, "VALUE " + words[1] + " " + item.flags() + " " + announced + "\r\n");
          out.writeBytes(data);
          ascii(out, "\r\n");
        }
        ascii(out, "END\r\n");
        at = eol + 2;
      } else if (words[0].equals("set")) {
        int bytes = Integer.parseInt(words[4]);
        if (in.length < eol + 2 + bytes + 2) {
          return at;
        }
        Item item =
            new Item(Integer.parseInt(words[2]), Arrays.copyOfRange(in, eol + 2, eol + 2 + bytes));
        items.put(words[1], item);
        first.putIfAbsent(words[1], item);
        ascii(out, fault == Fault.NOT_STORED ? "NOT_STORED\r\n" : "STORED\r\n");
        at = eol + 2 + bytes + 2;
      } else if (words[0].equals("stats") && words.length == 2 && words[1].equals("reset")) {
        ascii(out, "RESET\r\n");
        at = eol + 2;
      } else if (words[0].equals("stats")) {
        ascii(out, "STAT curr_items " + items.size() + "\r\nSTAT evictions 0\r\n");
        if (detections >= 0) {
          ascii(out, "STAT orthrus_detections " + detections + "\r\n");
          ascii(out, "STAT rbv_mismatches " + detections + "\r\n");
        }
        ascii(out, "END\r\n");
        at = eol + 2;
      } else {
        ascii(out, "ERROR\r\n");
        at = eol + 2;
      }
    }
  }

  private static void ascii(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
  }

  private static int indexOfCrlf(byte[] in, int from) {
    for (int i = from; i + 1 < in.length; i++) {
      if (in[i] == '\r' && in[i + 1] == '\n') {
        return i;
      }
    }
    return -1;
  }
}

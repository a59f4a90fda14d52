package dev.orthrus.samples.kvcache.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;

/** The replies of one connection not yet written, in order. */
public final class ReplyBuffer {
  private byte[] bytes = new byte[4096];
  private int start;
  private int end;

  /** Appends a reply line and its CRLF. */
  public void line(String line) {
    ensure(line.length() + 2);
    for (int i = 0; i < line.length(); i++) {
      bytes[end++] = (byte) line.charAt(i);
    }
    bytes[end++] = '\r';
    bytes[end++] = '\n';
  }

  /** Appends bytes as they are. */
  public void write(byte[] data) {
    ensure(data.length);
    System.arraycopy(data, 0, bytes, end, data.length);
    end += data.length;
  }

  public int pending() {
    return end - start;
  }

  /**
   * A 64-bit hash (FNV-1a) of the last {@code n} bytes appended: mode rbv compares the replies of
   * one step on the primary and the replica by it.
   */
  public long hashOfLast(int n) {
    if (n < 0 || n > end - start) {
      throw new IllegalArgumentException(n + " bytes asked of " + (end - start) + " pending");
    }
    long hash = 0xcbf29ce484222325L;
    for (int i = end - n; i < end; i++) {
      hash = (hash ^ (bytes[i] & 0xff)) * 0x100000001b3L;
    }
    return hash;
  }

  /** Drops every pending reply (a replica's, once hashed). */
  public void clear() {
    start = end;
    compact();
  }

  /** Writes what the channel takes; returns whether everything was written. */
  public boolean writeTo(WritableByteChannel channel) throws IOException {
    if (start < end) {
      start += channel.write(ByteBuffer.wrap(bytes, start, end - start));
    }
    return compact();
  }

  /** Moves up to {@code dst.remaining()} bytes into {@code dst}; returns how many. */
  public int drainTo(ByteBuffer dst) {
    int n = Math.min(dst.remaining(), end - start);
    dst.put(bytes, start, n);
    start += n;
    compact();
    return n;
  }

  @Override
  public String toString() {
    return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
  }

  private boolean compact() {
    if (start == end) {
      start = 0;
      end = 0;
      if (bytes.length > 1 << 20) {
        bytes = new byte[4096]; // a large reply went out: do not keep its buffer per connection
      }
      return true;
    }
    return false;
  }

  private void ensure(int more) {
    if (end + more <= bytes.length) {
      return;
    }
    int live = end - start;
    if (live + more <= bytes.length / 2) {
      System.arraycopy(bytes, start, bytes, 0, live);
    } else {
      byte[] grown = new byte[Math.max(bytes.length * 2, live + more)];
      System.arraycopy(bytes, start, grown, 0, live);
      bytes = grown;
    }
    start = 0;
    end = live;
  }
}

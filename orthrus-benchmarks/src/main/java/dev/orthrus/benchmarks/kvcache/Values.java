package dev.orthrus.benchmarks.kvcache;

import java.nio.charset.StandardCharsets;

/**
 * Self-checking values: {@code <key>|<writer>|<sequence>|} followed by filler bytes that are a
 * function of the header, up to the value's size. A reply can thus be checked without remembering
 * what was stored: it must be a value written for that very key, intact, whoever wrote it; and a
 * value this client wrote must be the last one it wrote for that key.
 */
final class Values {

  /** Room for a header of a short key; shorter values cannot carry one. */
  static final int MIN_BYTES = 32;

  private Values() {}

  /** The value {@code writer} stores as its {@code sequence}-th write of {@code key}. */
  static byte[] encode(String key, int writer, long sequence, int size) {
    byte[] header = (key + '|' + writer + '|' + sequence + '|').getBytes(StandardCharsets.US_ASCII);
    byte[] value = new byte[Math.max(size, header.length)];
    System.arraycopy(header, 0, value, 0, header.length);
    for (int i = header.length; i < value.length; i++) {
      value[i] = filler(seed(writer, sequence), i);
    }
    return value;
  }

  /** What {@link #decode} found in a value. */
  record Decoded(String key, int writer, long sequence) {}

  /**
   * The header of {@code value[offset, offset + length)}, or null when the value is not one {@link
   * #encode} made (wrong layout or filler).
   */
  static Decoded decode(byte[] value, int offset, int length) {
    int end = offset + length;
    int bar1 = indexOf(value, offset, end, '|');
    int bar2 = bar1 < 0 ? -1 : indexOf(value, bar1 + 1, end, '|');
    int bar3 = bar2 < 0 ? -1 : indexOf(value, bar2 + 1, end, '|');
    if (bar3 < 0) {
      return null;
    }
    try {
      int writer = Integer.parseInt(ascii(value, bar1 + 1, bar2));
      long sequence = Long.parseLong(ascii(value, bar2 + 1, bar3));
      if (!filled(value, offset, bar3 + 1, end, seed(writer, sequence))) {
        return null;
      }
      return new Decoded(ascii(value, offset, bar1), writer, sequence);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** SplitMix64's finalizer over writer and sequence: eight independent bytes for the filler. */
  private static long seed(int writer, long sequence) {
    long z = writer * 0x9E3779B97F4A7C15L + sequence;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Whether {@code bytes[from, end)} is the filler of a value starting at {@code start}. */
  private static boolean filled(byte[] bytes, int start, int from, int end, long seed) {
    for (int i = from; i < end; i++) {
      if (bytes[i] != filler(seed, i - start)) {
        return false;
      }
    }
    return true;
  }

  /**
   * A letter from byte {@code position % 8} of the seed plus the position: two seeds give the same
   * filler only when all eight of their bytes agree modulo 26.
   */
  private static byte filler(long seed, int position) {
    return (byte) ('a' + (((seed >>> ((position & 7) * 8)) + position) & 0xFF) % 26);
  }

  private static int indexOf(byte[] bytes, int from, int end, char c) {
    for (int i = from; i < end; i++) {
      if (bytes[i] == c) {
        return i;
      }
    }
    return -1;
  }

  private static String ascii(byte[] bytes, int from, int to) {
    return new String(bytes, from, to - from, StandardCharsets.US_ASCII);
  }
}

package dev.orthrus.runtime.api;

import java.util.zip.CRC32C;

/**
 * The checksum a {@link Version} carries: a fold over its fields in declaration order.
 *
 * <p>Each step is a bijection of the running value for a fixed field value (xor, rotate, multiply by
 * an odd constant), so changing any one primitive field always changes the checksum; a single bit
 * flip is never missed. Primitive arrays (immutable values) are covered by CRC32C, which the JDK
 * computes with the CPU's CRC instruction. Strings contribute their (cached) hash code, boxed values
 * their hash code. A reference to another user-data object contributes only whether it is null:
 * its target carries its own checksum, and identity hash codes would cost a header inflation.
 *
 * <p>Generated constructors can compute the same value inline with {@link #bits(int, long)} and
 * {@link #ref(int, Object)} starting from {@link #SEED}, avoiding the visitor.
 */
public final class Checksum {

  public static final int SEED = 0x2f0f_1a5b;

  private Checksum() {}

  public static int bits(int h, long bits) {
    int folded = (int) (bits ^ (bits >>> 32)) * 0x9E3779B1;
    return Integer.rotateLeft(h ^ folded, 15) * 0x1b873593;
  }

  public static int ref(int h, Object value) {
    return bits(h, valueHash(value));
  }

  static long valueHash(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof byte[]) {
      byte[] bytes = (byte[]) value;
      CRC32C crc = new CRC32C();
      crc.update(bytes, 0, bytes.length);
      return crc.getValue() | ((long) bytes.length << 32);
    }
    if (value instanceof VersionedObject<?>) {
      return 1;
    }
    if (value instanceof String || value instanceof Number || value instanceof Boolean
        || value instanceof Character || value instanceof Enum<?>) {
      return 2L ^ ((long) value.hashCode() << 8);
    }
    if (value instanceof long[]) {
      long h = 3;
      for (long x : (long[]) value) {
        h = h * 0x100000001B3L ^ x;
      }
      return h;
    }
    if (value instanceof int[]) {
      long h = 4;
      for (int x : (int[]) value) {
        h = h * 0x100000001B3L ^ x;
      }
      return h;
    }
    if (value instanceof double[]) {
      long h = 5;
      for (double x : (double[]) value) {
        h = h * 0x100000001B3L ^ Double.doubleToRawLongBits(x);
      }
      return h;
    }
    return 6;
  }

  /** The checksum of a version's current fields, through its generated {@code fields} method. */
  public static int of(Version version) {
    Accumulator acc = new Accumulator();
    version.fields(acc);
    return acc.h;
  }

  private static final class Accumulator implements FieldSink {
    int h = SEED;

    @Override
    public void bits(long bits) {
      h = Checksum.bits(h, bits);
    }

    @Override
    public void ref(Object value) {
      h = Checksum.ref(h, value);
    }
  }
}

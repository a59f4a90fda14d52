package dev.orthrus.runtime.api;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.zip.CRC32C;

/**
 * The checksum a {@link Version} carries: a fold over its fields in declaration order.
 *
 * <p>Each step is a bijection of the running value for a fixed field value (xor, rotate, multiply
 * by an odd constant), so changing any one primitive field always changes the checksum; a single
 * bit flip is never missed. Reference fields contribute a 64-bit value hash ({@link #valueHash})
 * with the same guarantee for one flipped bit anywhere in the value: {@code byte[]} by CRC32C (the
 * CPU's CRC instruction), the other primitive arrays and strings by a multiply-xor fold of their
 * elements recomputed on every call (a string's cached hash code would hide a flip in its
 * characters), boxed primitives by their bits (every NaN as the canonical one). Every value hash is
 * a function of the value alone, never of an identity hash code, so a version read back from a
 * reproducer file in another JVM has the same checksum: an enum constant contributes its name. A
 * reference to another user-data object contributes only whether it is null: its target carries its
 * own checksum. Any other object contributes a constant (its contents are not covered).
 *
 * <p>Generated constructors compute the same value inline with {@link #bits(int, long)} and {@link
 * #ref(int, Object)} starting from {@link #SEED}, avoiding the visitor.
 */
public final class Checksum {

  public static final int SEED = 0x2f0f_1a5b;

  /** Odd, so multiplying by it is a bijection of an int. */
  private static final int MIX = 0x9E3779B1;

  private Checksum() {}

  public static int bits(int h, long bits) {
    int folded = (int) (bits ^ (bits >>> 32)) * MIX;
    return Integer.rotateLeft(h ^ folded, 15) * 0x1b873593;
  }

  public static int ref(int h, Object value) {
    return bits(h, valueHash(value));
  }

  /**
   * The value's contribution. Kinds are told apart by a tag in the high 32 bits, which {@link
   * #bits} folds onto the low 32: for a fixed kind and length, a change of the low 32 bits always
   * changes the folded value, and every element fold below is a bijection of the running value for
   * fixed other elements.
   */
  public static long valueHash(Object value) {
    // The kinds a store path meets most (a value array, a link to user data) come first, in a
    // method small enough for the JIT to inline into a version's constructor, where the field's
    // static type folds the type tests; the rest is one call away.
    if (value == null) {
      return 0;
    }
    if (value instanceof byte[]) {
      return bytesHash((byte[]) value);
    }
    if (value instanceof VersionedObject<?>) {
      return 1;
    }
    if (value instanceof VersionedArray<?>) {
      // A table held in a version: its identity counts, as for a handle (the same 6 as before
      // this test came first, so checksums did not change).
      return 6;
    }
    return otherValueHash(value);
  }

  private static long bytesHash(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length);
    return crc.getValue() | ((long) bytes.length << 32);
  }

  private static long otherValueHash(Object value) {
    if (value instanceof Enum<?>) {
      return enumHash((Enum<?>) value);
    }
    if (value instanceof String) {
      String s = (String) value;
      int h = 0;
      for (int i = 0; i < s.length(); i++) {
        h = step(h, s.charAt(i));
      }
      return tagged(2, s.length(), h);
    }
    if (value instanceof Number || value instanceof Boolean || value instanceof Character) {
      return scalarHash(value);
    }
    if (value instanceof long[]) {
      long[] a = (long[]) value;
      int h = 0;
      for (long x : a) {
        h = step(h, (int) (x ^ (x >>> 32)));
      }
      return tagged(3, a.length, h);
    }
    if (value instanceof int[]) {
      int[] a = (int[]) value;
      int h = 0;
      for (int x : a) {
        h = step(h, x);
      }
      return tagged(4, a.length, h);
    }
    if (value instanceof double[]) {
      double[] a = (double[]) value;
      int h = 0;
      for (double d : a) {
        long x = Double.doubleToLongBits(d);
        h = step(h, (int) (x ^ (x >>> 32)));
      }
      return tagged(5, a.length, h);
    }
    if (value instanceof float[]) {
      float[] a = (float[]) value;
      int h = 0;
      for (float x : a) {
        h = step(h, Float.floatToIntBits(x));
      }
      return tagged(7, a.length, h);
    }
    if (value instanceof char[]) {
      char[] a = (char[]) value;
      int h = 0;
      for (char x : a) {
        h = step(h, x);
      }
      return tagged(8, a.length, h);
    }
    if (value instanceof short[]) {
      short[] a = (short[]) value;
      int h = 0;
      for (short x : a) {
        h = step(h, x);
      }
      return tagged(9, a.length, h);
    }
    if (value instanceof boolean[]) {
      boolean[] a = (boolean[]) value;
      int h = 0;
      for (boolean x : a) {
        h = step(h, x ? 1 : 0);
      }
      return tagged(10, a.length, h);
    }
    return 6;
  }

  /**
   * An enum constant's hash is that of its name, not its {@code hashCode()} (identity), so that a
   * reproducer's enum resolves by name in any JVM. A plain variant's check hashes every enum field
   * of its argument on each call, so the names are hashed once per enum class.
   */
  private static final ClassValue<long[]> ENUM_HASHES =
      new ClassValue<>() {
        @Override
        protected long[] computeValue(Class<?> type) {
          Object[] constants = type.getEnumConstants();
          if (constants == null) {
            return null; // the enum's constants are still being made
          }
          long[] hashes = new long[constants.length];
          for (int i = 0; i < constants.length; i++) {
            hashes[i] = nameHash((Enum<?>) constants[i]);
          }
          return hashes;
        }
      };

  private static long enumHash(Enum<?> constant) {
    Class<?> type = constant.getDeclaringClass();
    long[] hashes = ENUM_HASHES.get(type);
    if (hashes == null) {
      // A checksum taken while the enum initializes its constants: hash the name, and look the
      // constants up again next time.
      ENUM_HASHES.remove(type);
      return nameHash(constant);
    }
    return hashes[constant.ordinal()];
  }

  private static long nameHash(Enum<?> constant) {
    return tagged(17, 0, (int) valueHash(constant.name()));
  }

  /** Boxed primitives by their bits (NaN canonical), big numbers by their (value-defined) hash. */
  private static long scalarHash(Object value) {
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return ((Number) value).longValue() ^ (11L << 56);
    }
    if (value instanceof Double) {
      return Double.doubleToLongBits((Double) value) ^ (12L << 56);
    }
    if (value instanceof Float) {
      return tagged(13, 0, Float.floatToIntBits((Float) value));
    }
    if (value instanceof Character) {
      return tagged(14, 0, (Character) value);
    }
    if (value instanceof Boolean) {
      return tagged(15, 0, (Boolean) value ? 1 : 0);
    }
    if (value instanceof BigInteger || value instanceof BigDecimal) {
      return tagged(16, 0, value.hashCode());
    }
    // Other numbers (AtomicLong, LongAdder...) are mutable objects, not values.
    return 6;
  }

  private static int step(int h, int x) {
    return (h ^ x) * MIX;
  }

  private static long tagged(int kind, int length, int h) {
    return ((long) (kind * 0x01000193 + length) << 32) | (h & 0xffff_ffffL);
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

package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ChecksumTest {

  /** A version whose fields a test can corrupt in place, standing in for a memory fault. */
  static final class Mutable extends VersionedObject<Mutable.V> {
    Mutable(long a, int b, byte[] c) {
      soVersion(new V(this, a, b, c));
    }

    static final class V extends Version {
      long a;
      int b;
      byte[] c;

      V(Mutable owner, long a, int b, byte[] c) {
        super(owner);
        this.a = a;
        this.b = b;
        this.c = c;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(a);
        sink.bits(b);
        sink.ref(c);
      }
    }
  }

  @Test
  void everySingleBitFlipChangesTheChecksum() {
    Mutable m = new Mutable(0x0123_4567_89ab_cdefL, 42, new byte[] {1, 2, 3, 4});
    Mutable.V v = m.lvVersion();
    int sealed = v.checksum();
    for (int bit = 0; bit < 64; bit++) {
      v.a ^= 1L << bit;
      assertNotEquals(sealed, Checksum.of(v), "bit " + bit + " of a");
      v.a ^= 1L << bit;
    }
    for (int bit = 0; bit < 32; bit++) {
      v.b ^= 1 << bit;
      assertNotEquals(sealed, Checksum.of(v), "bit " + bit + " of b");
      v.b ^= 1 << bit;
    }
    for (int i = 0; i < v.c.length * 8; i++) {
      v.c[i / 8] ^= (byte) (1 << (i % 8));
      assertNotEquals(sealed, Checksum.of(v), "bit " + i + " of c");
      v.c[i / 8] ^= (byte) (1 << (i % 8));
    }
  }

  /** A version of one reference field, whose value a test corrupts in place. */
  static final class Holder extends VersionedObject<Holder.V> {
    Holder(Object value) {
      soVersion(new V(this, value));
    }

    static final class V extends Version {
      final Object value;

      V(Holder owner, Object value) {
        super(owner);
        this.value = value;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.ref(value);
      }
    }
  }

  /** Flips bit {@code bit} of element {@code i} of a primitive array, in place. */
  private static void flip(Object array, int i, int bit) {
    if (array instanceof byte[]) {
      ((byte[]) array)[i] ^= (byte) (1 << bit);
    } else if (array instanceof short[]) {
      ((short[]) array)[i] ^= (short) (1 << bit);
    } else if (array instanceof char[]) {
      ((char[]) array)[i] ^= (char) (1 << bit);
    } else if (array instanceof int[]) {
      ((int[]) array)[i] ^= 1 << bit;
    } else if (array instanceof long[]) {
      ((long[]) array)[i] ^= 1L << bit;
    } else if (array instanceof float[]) {
      float[] a = (float[]) array;
      a[i] = Float.intBitsToFloat(Float.floatToRawIntBits(a[i]) ^ (1 << bit));
    } else if (array instanceof double[]) {
      double[] a = (double[]) array;
      a[i] = Double.longBitsToDouble(Double.doubleToRawLongBits(a[i]) ^ (1L << bit));
    } else {
      ((boolean[]) array)[i] ^= true;
    }
  }

  private static int bitsOf(Object array) {
    if (array instanceof byte[]) {
      return 8;
    } else if (array instanceof short[] || array instanceof char[]) {
      return 16;
    } else if (array instanceof int[] || array instanceof float[]) {
      return 32;
    } else if (array instanceof boolean[]) {
      return 1;
    }
    return 64;
  }

  private static boolean isNan(Object array, int i) {
    return array instanceof double[] d
        ? Double.isNaN(d[i])
        : array instanceof float[] f && Float.isNaN(f[i]);
  }

  @Test
  void everySingleBitFlipInsideAPrimitiveArrayThatChangesAValueChangesTheChecksum() {
    List<Object> arrays =
        List.of(
            new byte[] {1, -2, 3},
            new short[] {1, -2, 3},
            new char[] {'a', 'b', 0xfffe},
            new int[] {1, -2, 3},
            new long[] {1, -2, 3},
            new float[] {1.5f, -2f, Float.NaN},
            new double[] {1.5, -2, Double.NaN},
            new boolean[] {true, false, true});
    for (Object array : arrays) {
      Holder.V v = new Holder(array).lvVersion();
      int sealed = v.checksum();
      String kind = array.getClass().getSimpleName();
      for (int i = 0; i < Array.getLength(array); i++) {
        for (int bit = 0; bit < bitsOf(array); bit++) {
          boolean wasNan = isNan(array, i);
          flip(array, i, bit);
          if (wasNan && isNan(array, i)) {
            // One NaN for another is no change of value (decision 0060).
            assertEquals(sealed, Checksum.of(v), kind + " element " + i + " bit " + bit);
          } else {
            assertNotEquals(sealed, Checksum.of(v), kind + " element " + i + " bit " + bit);
          }
          flip(array, i, bit);
        }
      }
      assertEquals(sealed, Checksum.of(v), kind + " restored");
    }
  }

  @Test
  void everySingleBitFlipOfAStringOrBoxedValueChangesTheChecksum() {
    String text = "key:42\u00e9\u4e2d";
    int sealed = Checksum.ref(Checksum.SEED, text);
    assertEquals(
        sealed,
        Checksum.ref(Checksum.SEED, new String(text.toCharArray())),
        "a string is hashed by its characters, not its identity");
    for (int i = 0; i < text.length(); i++) {
      for (int bit = 0; bit < 16; bit++) {
        char[] chars = text.toCharArray();
        chars[i] ^= (char) (1 << bit);
        assertNotEquals(
            sealed, Checksum.ref(Checksum.SEED, new String(chars)), "char " + i + " bit " + bit);
      }
    }
    long x = 0x0123_4567_89ab_cdefL;
    for (int bit = 0; bit < 64; bit++) {
      long y = x ^ (1L << bit);
      assertNotEquals(
          Checksum.ref(Checksum.SEED, x), Checksum.ref(Checksum.SEED, y), "Long bit " + bit);
      assertNotEquals(
          Checksum.ref(Checksum.SEED, Double.longBitsToDouble(x)),
          Checksum.ref(Checksum.SEED, Double.longBitsToDouble(y)),
          "Double bit " + bit);
    }
    for (int bit = 0; bit < 32; bit++) {
      int a = (int) x;
      int b = a ^ (1 << bit);
      assertNotEquals(
          Checksum.ref(Checksum.SEED, a), Checksum.ref(Checksum.SEED, b), "Integer bit " + bit);
      assertNotEquals(
          Checksum.ref(Checksum.SEED, Float.intBitsToFloat(a)),
          Checksum.ref(Checksum.SEED, Float.intBitsToFloat(b)),
          "Float bit " + bit);
    }
    for (int bit = 0; bit < 16; bit++) {
      assertNotEquals(
          Checksum.ref(Checksum.SEED, (short) 0x1234),
          Checksum.ref(Checksum.SEED, (short) (0x1234 ^ (1 << bit))),
          "Short bit " + bit);
      assertNotEquals(
          Checksum.ref(Checksum.SEED, (char) 0x1234),
          Checksum.ref(Checksum.SEED, (char) (0x1234 ^ (1 << bit))),
          "Character bit " + bit);
    }
    for (int bit = 0; bit < 8; bit++) {
      assertNotEquals(
          Checksum.ref(Checksum.SEED, (byte) 0x12),
          Checksum.ref(Checksum.SEED, (byte) (0x12 ^ (1 << bit))),
          "Byte bit " + bit);
    }
    assertNotEquals(Checksum.ref(Checksum.SEED, true), Checksum.ref(Checksum.SEED, false));
  }

  enum Color {
    RED,
    GREEN
  }

  /** The same names as {@link Color}, one constant with a body (a subclass of the enum). */
  enum Paint {
    GREEN,
    RED {
      @Override
      public String toString() {
        return "red";
      }
    }
  }

  /**
   * An enum constant counts by its name alone, whatever its enum, order or class: what a
   * reproducer's constant resolves by in another JVM.
   */
  @Test
  void anEnumConstantHashesAsItsName() {
    for (Color color : Color.values()) {
      Paint paint = Paint.valueOf(color.name());
      assertNotEquals(color.ordinal(), paint.ordinal());
      assertEquals(Checksum.ref(Checksum.SEED, color), Checksum.ref(Checksum.SEED, paint));
    }
    assertNotEquals(Paint.class, Paint.RED.getClass());
    assertNotEquals(Checksum.ref(Checksum.SEED, Paint.RED), Checksum.ref(Checksum.SEED, "RED"));
  }

  /** Takes a checksum of its constant while the enum is still making its constants. */
  enum Early {
    RED;

    final int checksumInConstructor = Checksum.ref(Checksum.SEED, this);
  }

  @Test
  void anEnumConstantHashesAsItsNameWhileItsEnumIsStillInitializing() {
    assertEquals(Checksum.ref(Checksum.SEED, Color.RED), Early.RED.checksumInConstructor);
    assertEquals(Checksum.ref(Checksum.SEED, Color.RED), Checksum.ref(Checksum.SEED, Early.RED));
  }

  /** A version saved in a reproducer file is checked again in another JVM. */
  static final class Values extends VersionedObject<Values.V> {
    Values() {
      soVersion(new V(this));
    }

    static final class V extends Version {
      V(Values owner) {
        super(owner);
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.ref(Color.GREEN);
        sink.ref("text");
        sink.ref(42);
        sink.ref(-7L);
        sink.ref(2.5);
        sink.ref('c');
        sink.ref(Boolean.TRUE);
        sink.ref(new BigInteger("123456789012345678901234567890"));
        sink.ref(new BigDecimal("3.14"));
        sink.ref(new AtomicLong(5));
        sink.ref(new Object());
      }
    }
  }

  /**
   * The checksum of values is a function of the values alone: the same number in every JVM. An
   * identity hash code (an enum's {@code hashCode()}, a mutable {@code Number}'s, an object's)
   * would make a reproducer's versions fail their check in the JVM that replays it.
   */
  @Test
  void checksumsOfValuesAreTheSameInEveryJvm() {
    assertEquals(GOLDEN_VALUES_CHECKSUM, new Values().lvVersion().checksum());
    assertNotEquals(
        Checksum.ref(Checksum.SEED, Color.RED), Checksum.ref(Checksum.SEED, Color.GREEN));
  }

  /** A user-data handle, whose reference contributes only that it is not null. */
  static final class Handle extends VersionedObject<Version> {}

  /**
   * The kinds the store path hashes first (byte arrays, user-data references, null) keep the
   * checksum saved reproducers carry.
   */
  @Test
  void checksumsOfBytesAndLinksAreTheSameInEveryJvm() {
    int h = Checksum.ref(Checksum.SEED, new byte[] {1, -2, 3, 4, 5, 6, 7, 8, 9});
    h = Checksum.ref(h, new Handle());
    h = Checksum.ref(h, null);
    h = Checksum.ref(h, new byte[0]);
    assertEquals(GOLDEN_BYTES_AND_LINKS_CHECKSUM, h);
  }

  /** What every JVM computes in {@link #checksumsOfBytesAndLinksAreTheSameInEveryJvm}. */
  private static final int GOLDEN_BYTES_AND_LINKS_CHECKSUM = 422825451;

  /** What every JVM computes for {@link Values}; a change here breaks saved reproducers. */
  private static final int GOLDEN_VALUES_CHECKSUM = -1934355860;

  @Test
  void controlPathVerifyCatchesCorruptionAfterTheClosure() {
    Mutable m = new Mutable(1, 2, new byte[] {9});
    assertDoesNotThrow(() -> ControlPath.verify(m));
    assertDoesNotThrow(() -> ControlPath.load(m));
    m.lvVersion().c[0] ^= 0x10;
    ChecksumMismatchException e =
        assertThrows(ChecksumMismatchException.class, () -> ControlPath.verify(m));
    assertThrows(ChecksumMismatchException.class, () -> ControlPath.load(m));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("checksum mismatch"));
  }

  /** Every NaN is one value to a checksum, as to the comparison (decision 0060). */
  @Test
  void nansWithDifferentBitsHashAlikeAndSignedZerosDoNot() {
    double a = Double.longBitsToDouble(0x7ff8000000000000L);
    double b = Double.longBitsToDouble(0xfff8000000000123L);
    assertEquals(Checksum.valueHash(a), Checksum.valueHash(b));
    assertEquals(Checksum.valueHash(new double[] {a}), Checksum.valueHash(new double[] {b}));
    assertEquals(
        Checksum.valueHash(new float[] {Float.NaN}),
        Checksum.valueHash(new float[] {Float.intBitsToFloat(0xffc00001)}));
    assertNotEquals(Checksum.valueHash(0.0), Checksum.valueHash(-0.0));
  }
}

package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}

package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VersionedMemoryTest {

  static final class Cell extends VersionedObject<Cell.V> {
    Cell(long x) {
      soVersion(new V(this, x));
    }

    static final class V extends Version {
      final long x;

      V(Cell owner, long x) {
        super(owner);
        this.x = x;
        seal(Checksum.bits(Checksum.SEED, x));
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(x);
      }
    }
  }

  @Test
  void storePublishesANewVersionAndKeepsTheOldOneIntact() {
    Cell c = new Cell(1);
    Cell.V first = c.lvVersion();
    c.soVersion(new Cell.V(c, 2));
    assertEquals(1, first.x);
    assertEquals(2, c.lvVersion().x);
    assertSame(c, c.lvVersion().owner());
  }

  @Test
  void aVersionOfAnotherObjectIsRejected() {
    Cell a = new Cell(1);
    Cell b = new Cell(2);
    assertThrows(IllegalArgumentException.class, () -> a.soVersion(new Cell.V(b, 3)));
  }

  @Test
  void casPublishesOnlyOverTheExpectedVersion() {
    Cell c = new Cell(1);
    Cell.V v1 = c.lvVersion();
    assertTrue(c.casVersion(v1, new Cell.V(c, 2)));
    assertEquals(false, c.casVersion(v1, new Cell.V(c, 3)));
    assertEquals(2, c.lvVersion().x);
  }

  @Test
  void inlineChecksumEqualsVisitorChecksum() {
    Cell c = new Cell(0x1234_5678_9abcL);
    assertEquals(Checksum.of(c.lvVersion()), c.lvVersion().checksum());
    assertTrue(c.lvVersion().checksumValid());
  }

  @Test
  void arraySlotsAreVersionedIndependently() {
    VersionedArray<String> a = new VersionedArray<>(4);
    assertNull(a.lvSlot(2).value());
    SlotVersion<String> before = a.lvSlot(1);
    a.soSlot(new SlotVersion<>(a, 1, "x"));
    assertEquals("x", a.lvSlot(1).value());
    assertNull(before.value());
    assertEquals(1, a.lvSlot(1).slot());
    assertNull(a.lvSlot(0).value());
    VersionedArray<String> other = new VersionedArray<>(4);
    assertThrows(IllegalArgumentException.class,
        () -> a.soSlot(new SlotVersion<>(other, 1, "y")));
    assertThrows(IllegalArgumentException.class, () -> new VersionedArray<>(-1));
  }
}

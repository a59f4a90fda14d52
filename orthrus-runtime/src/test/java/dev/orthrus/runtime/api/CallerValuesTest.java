package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CallerValuesTest {

  record Key(String name, long id, TimeUnit unit) {}

  record Request(String key, byte[] body) {}

  record Chain(String name, Chain next) {}

  @Test
  void valuesThatCannotChangeAreKeptAsTheyAre() {
    for (Object v :
        new Object[] {
          null,
          "s",
          3L,
          'c',
          TimeUnit.SECONDS,
          LocalDate.of(2026, 1, 1),
          new Key("k", 1, TimeUnit.DAYS),
          new Chain("a", new Chain("b", null))
        }) {
      assertTrue(CallerValues.immutable(v), String.valueOf(v));
    }
    for (Object v :
        new Object[] {
          new byte[1],
          new Object[0],
          new ArrayList<>(),
          new Request("k", new byte[1]),
          new StringBuilder()
        }) {
      assertFalse(CallerValues.immutable(v), String.valueOf(v));
    }
  }

  @Test
  void arraysAreCopiedWithTheArraysNestedInThem() {
    byte[][] rows = {{1, 2}, {3}};
    byte[][] copy = (byte[][]) CallerValues.copy(rows);
    assertNotSame(rows, copy);
    assertNotSame(rows[0], copy[0]);
    assertArrayEquals(rows[1], copy[1]);
    rows[0][0] = 9;
    assertEquals(1, copy[0][0]);
    assertFalse(CallerValues.shared(copy), "a copy of primitive arrays shares nothing");
    assertEquals(16 + 8 * 2 + 16 + 2 + 16 + 1, CallerValues.bytes(copy));
  }

  @Test
  void aFingerprintFollowsTheContentsTheCallerCanChange() {
    List<Object> list = new ArrayList<>(List.of("a", 1L));
    Object[] holder = (Object[]) CallerValues.copy(new Object[] {list, "fixed"});
    assertSame(list, holder[0]);
    assertTrue(CallerValues.shared(holder));
    long before = CallerValues.fingerprint(holder);
    assertEquals(before, CallerValues.fingerprint(holder));
    list.set(1, 2L);
    assertNotEquals(before, CallerValues.fingerprint(holder));

    long[] amounts = {1, 2};
    Request r = new Request("k", new byte[] {1});
    Map<String, Object> map = new HashMap<>(Map.of("amounts", amounts, "request", r));
    long f = CallerValues.fingerprint(map);
    amounts[1] = 3; // an array inside a map is the caller's, not a copy
    assertNotEquals(f, CallerValues.fingerprint(map));
    f = CallerValues.fingerprint(map);
    r.body()[0] = 7; // as is an array inside a record
    assertNotEquals(f, CallerValues.fingerprint(map));
  }

  /** A user-data handle whose hashCode, like a user's, reads its newest version. */
  static final class Item extends VersionedObject<Item.V> {
    private static final long serialVersionUID = 1L;

    Item(long qty) {
      soVersion(new V(this, qty));
    }

    static final class V extends Version {
      private static final long serialVersionUID = 1L;
      final long qty;

      V(Item owner, long qty) {
        super(owner);
        this.qty = qty;
        seal();
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(qty);
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Item && ((Item) o).lvVersion().qty == lvVersion().qty;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(lvVersion().qty);
    }
  }

  /**
   * Values whose {@code hashCode} collide are told apart: {@code Long.hashCode} of 0 and -1 is 0,
   * and {@code "Aa"} and {@code "BB"} hash alike, so a caller that changed one into the other went
   * unseen and its change was compared as the closure's output.
   */
  @Test
  void aFingerprintTellsApartValuesWhoseHashCodesCollide() {
    Map<String, Long> counts = new HashMap<>(Map.of("pears", 0L));
    long before = CallerValues.fingerprint(counts);
    counts.put("pears", -1L);
    assertNotEquals(before, CallerValues.fingerprint(counts));
    List<String> names = new ArrayList<>(List.of("Aa"));
    long named = CallerValues.fingerprint(names);
    names.set(0, "BB");
    assertNotEquals(named, CallerValues.fingerprint(names));
    // A record's array, which the caller shares: -1 over a 0, in every primitive type.
    record Snap(String name, long[] counts, double[] rates, int[] ids) {}
    Snap snap = new Snap("s", new long[] {0, 5}, new double[] {0.0}, new int[] {0});
    long shared = CallerValues.fingerprint(snap);
    snap.counts()[0] = -1;
    assertNotEquals(shared, CallerValues.fingerprint(snap));
    long changed = CallerValues.fingerprint(snap);
    snap.rates()[0] = -0.0;
    assertNotEquals(changed, CallerValues.fingerprint(snap));
    changed = CallerValues.fingerprint(snap);
    snap.ids()[0] = -1;
    assertNotEquals(changed, CallerValues.fingerprint(snap));
  }

  /** A returned list or map is kept as a copy, of its own class; any other object is not. */
  @Test
  void returnedCollectionsOfTheJdksMutableClassesAreCopied() {
    List<Long> list = new ArrayList<>(List.of(1L, 2L));
    Object copy = CallerValues.copyOfCollection(list);
    assertEquals(list, copy);
    assertNotSame(list, copy);
    list.clear();
    assertEquals(List.of(1L, 2L), copy);
    Map<String, Long> map = new HashMap<>(Map.of("a", 1L));
    assertEquals(map, CallerValues.copyOfCollection(map));
    assertSame(null, CallerValues.copyOfCollection(List.of(1L)));
    assertSame(null, CallerValues.copyOfCollection(new ArrayList<Long>() {}));
  }

  @Test
  void aUserDataHandleCountsByIdentityNotByItsNewestContents() {
    Item item = new Item(1);
    // What a closure returns holding a handle (Optional.of(this), a list of items): the caller
    // cannot change the handle, and later closures changing the item change no argument.
    for (Object held : new Object[] {java.util.Optional.of(item), new ArrayList<>(List.of(item))}) {
      long before = CallerValues.fingerprint(held);
      item.soVersion(new Item.V(item, item.lvVersion().qty + 1));
      assertEquals(before, CallerValues.fingerprint(held), held.getClass().getName());
    }
  }

  @Test
  void valuesThatContainThemselvesEndEveryWalk() {
    Object[] cycle = new Object[2];
    cycle[0] = cycle;
    cycle[1] = new long[] {1};
    Object copy = CallerValues.copy(cycle);
    assertTrue(CallerValues.bytes(copy) > 0);
    assertTrue(CallerValues.shared(copy), "beyond the copy depth the array is the caller's");
    CallerValues.fingerprint(copy);
    List<Object> self = new ArrayList<>();
    self.add(self);
    CallerValues.fingerprint(self);
  }
}

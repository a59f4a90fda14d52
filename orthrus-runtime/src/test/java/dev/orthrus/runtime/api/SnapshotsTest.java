package dev.orthrus.runtime.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The copies a closure iterates instead of a collection the control path holds: APP records them,
 * VAL takes the same copy from the log whatever the live collection holds by then.
 */
class SnapshotsTest {

  /** A log as an application thread's ring holds it, ready to record. */
  private static ClosureLog emptyLog() {
    return new ClosureLog(new AppThread(Thread.currentThread(), -1, 2), -1);
  }

  @Test
  void aCollectionsSnapshotKeepsItsOrderAndNullsAndIgnoresLaterChanges() {
    ClosureLog log = emptyLog();
    List<String> live = new ArrayList<>(Arrays.asList("b", null, "a"));
    List<String> copy = log.snapshot(live);
    live.add("c");
    live.set(0, "z");
    assertEquals(Arrays.asList("b", null, "a"), copy);
    assertThrows(UnsupportedOperationException.class, () -> copy.add("x"));
    assertEquals(List.of(1, 2, 3), log.snapshot(new TreeSet<>(List.of(3, 1, 2))));
    assertEquals(List.of(3, 2), log.snapshot(new ArrayDeque<>(List.of(3, 2))));
    assertEquals(3, log.nondetRefCount());
    assertSame(copy, log.nondetRefAt(0));
  }

  @Test
  void entriesOfAMapsViewAreCopiedNotLive() {
    ClosureLog log = emptyLog();
    Map<String, Integer> live = new HashMap<>();
    live.put("k", 1);
    live.put(null, null);
    List<Map.Entry<String, Integer>> entries = log.snapshot(live.entrySet());
    live.put("k", 2);
    live.put(null, 5);
    Map<String, Integer> seen = new HashMap<>();
    for (Map.Entry<String, Integer> e : entries) {
      assertInstanceOf(AbstractMap.SimpleImmutableEntry.class, e);
      seen.put(e.getKey(), e.getValue());
    }
    assertEquals(1, seen.get("k"));
    assertNull(seen.get(null));
    assertEquals(2, seen.size());
  }

  @Test
  void aProgramsOwnEntriesAreKept() {
    record Pair(String key, Integer value) implements Map.Entry<String, Integer> {
      @Override
      public String getKey() {
        return key;
      }

      @Override
      public Integer getValue() {
        return value;
      }

      @Override
      public Integer setValue(Integer v) {
        throw new UnsupportedOperationException();
      }
    }
    Pair mine = new Pair("a", 1);
    assertSame(mine, emptyLog().snapshot(List.of(mine)).get(0));
  }

  @Test
  void aMapsSnapshotKeepsItsIterationOrderAndNulls() {
    ClosureLog log = emptyLog();
    Map<String, Integer> live = new TreeMap<>(Map.of("c", 3, "a", 1, "b", 2));
    Map<String, Integer> copy = log.snapshot(live);
    live.clear();
    assertEquals(List.of("a", "b", "c"), new ArrayList<>(copy.keySet()));
    assertEquals(List.of(1, 2, 3), new ArrayList<>(copy.values()));
    assertThrows(UnsupportedOperationException.class, () -> copy.put("d", 4));

    Map<String, Integer> ordered = new LinkedHashMap<>();
    ordered.put("z", null);
    ordered.put(null, 7);
    Map<String, Integer> kept = log.snapshot(ordered);
    assertEquals(Arrays.asList("z", null), new ArrayList<>(kept.keySet()));
    assertEquals(Arrays.asList(null, 7), new ArrayList<>(kept.values()));
  }

  @Test
  void anIterableThatIsNoCollectionIsCopiedByIteratingIt() {
    List<String> source = new ArrayList<>(List.of("x", "y"));
    Iterable<String> iterable = source::iterator;
    List<String> copy = emptyLog().snapshot(iterable);
    source.add("w");
    assertEquals(List.of("x", "y"), copy);
  }

  @Test
  void theValidatorTakesAppsCopiesInOrderWithoutReadingTheLiveObjects() {
    ClosureLog log = emptyLog();
    List<String> list = new ArrayList<>(List.of("a"));
    Map<String, Integer> map = new HashMap<>(Map.of("k", 1));
    List<String> appList = log.snapshot(list);
    Map<String, Integer> appMap = log.snapshot(map);
    list.clear();
    map.clear();

    Replay replay = new Replay();
    replay.reset(log);
    assertSame(appList, replay.snapshot(list));
    assertSame(appMap, replay.snapshot(map));
    assertEquals(List.of("a"), appList);
    assertEquals(Map.of("k", 1), appMap);
  }

  @Test
  void aValidatorThatIteratesSomethingElseDiverges() {
    ClosureLog log = emptyLog();
    log.snapshot(List.of("a"));
    Replay replay = new Replay();
    replay.reset(log);
    Divergence d = assertThrows(Divergence.class, () -> replay.snapshot(Map.of()));
    assertEquals(MismatchKind.NONDETERMINISM, d.kind());
    assertThrows(NullPointerException.class, () -> replay.snapshot((List<String>) null));
  }

  @Test
  void aNullCollectionThrowsInBothVariants() {
    assertThrows(NullPointerException.class, () -> emptyLog().snapshot((List<String>) null));
    assertThrows(NullPointerException.class, () -> emptyLog().snapshot((Map<String, String>) null));
  }
}

package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * User data handed to JDK code that calls its class's {@code hashCode}, {@code equals}, {@code
 * compareTo} or {@code toString} back (a {@code HashSet} of user-data keys the closure makes): the
 * JDK runs those overrides as written, so a validator refuses their reads and the executions are
 * not validated. The build says so (an outside trial found 2,000 of 2,000 executions not validated
 * with nothing said at build time); a map's values, a shared map's calls (recorded, not made again)
 * and user data without such methods are not named. A function over user data held in a field that
 * the closure hands to the JDK (a {@code Comparator<Cell>} for {@code List.sort}) is named too: the
 * JDK runs its lambda as written. One over other data, and one the closure writes, are not.
 */
class CalledBackOverridesTest {

  private static final String SOURCE =
      """
      package p;
      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;
      import java.util.*;
      @UserData
      public class Ledger {
        @UserData
        public static final class Key {
          long id;
          Key(long id) { this.id = id; }
          @Override public boolean equals(Object o) { return o instanceof Key k && k.id == id; }
          @Override public int hashCode() { return Long.hashCode(id); }
        }
        @UserData
        public static final class Cell {
          long v;
          Cell(long v) { this.v = v; }
        }
        @UserData
        public static final class Countdown implements Iterator<Long> {
          long left;
          Countdown(long left) { this.left = left; }
          @Override public boolean hasNext() { return left > 0; }
          @Override public Long next() { return left--; }
        }
        static final Map<Key, Long> SHARED = new HashMap<>();
        static final Comparator<Cell> BY_V = Comparator.comparingLong(c -> c.v);
        static final Comparator<String> BY_LENGTH = Comparator.comparingInt(String::length);
        @Closure
        public long smallest(long a, long b) {
          List<Cell> cells = new ArrayList<>(List.of(new Cell(a), new Cell(b)));
          cells.sort(BY_V);
          List<String> names = new ArrayList<>(List.of("aa", "b"));
          names.sort(BY_LENGTH);
          cells.sort(Comparator.comparingLong(c -> c.v));
          return cells.get(0).v + names.get(0).length();
        }
        long n;
        @Closure
        public int distinct(long a, long b) {
          Set<Key> keys = new HashSet<>();
          keys.add(new Key(a));
          keys.add(new Key(b));
          return keys.size();
        }
        @Closure
        public long total(long from) {
          long sum = 0;
          Iterator<Long> it = new Countdown(from);
          while (it.hasNext()) {
            sum += it.next();
          }
          Countdown own = new Countdown(from);
          while (own.hasNext()) {
            sum += own.next();
          }
          return sum;
        }
        org.pcollections.PMap<Key, Long> prices = org.pcollections.HashTreePMap.empty();
        @Closure
        public int priced(long a, long p) {
          prices = prices.plus(new Key(a), p);
          return prices.size();
        }
        @Closure
        public int values(long a) {
          Map<Long, Cell> mine = new HashMap<>();
          mine.put(a, new Cell(a));
          Set<Cell> cells = new HashSet<>();
          cells.add(new Cell(a));
          n++;
          Long seen = SHARED.get(new Key(a));
          return mine.size() + cells.size() + (seen == null ? 0 : 1);
        }
      }
      """;

  @Test
  void userDataWhoseOverridesTheJdkCallsBackIsNamedInTheBuild(@TempDir Path dir) throws Exception {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("p"));
    Files.writeString(src.resolve("p/Ledger.java"), SOURCE);
    InstrumentResult result = Builds.instrument(src, dir.resolve("out"));
    assertEquals(
        Map.of(
            "p.Ledger#distinct(long,long)",
            List.of("Key passed to add(...), which may call back its equals, hashCode"),
            "p.Ledger#priced(long,long)",
            List.of("Key passed to plus(...), which may call back its equals, hashCode"),
            "p.Ledger#smallest(long,long)",
            List.of(
                "BY_V (a Comparator held in a field) passed to sort(...) (Ledger.java:32), which"
                    + " runs its code as written"),
            "p.Ledger#total(long)",
            List.of(
                "Countdown.hasNext() called through Iterator (Ledger.java:50), which runs it as"
                    + " written",
                "Countdown.next() called through Iterator (Ledger.java:51), which runs it as"
                    + " written")),
        result.notValidated());
  }
}

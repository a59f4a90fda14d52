package dev.orthrus.processor.summary;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.FieldAccess;
import dev.orthrus.processor.Snippets;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Slots of reference arrays held by user data are versioned one by one, so their loads and stores
 * appear in the model as accesses of {@code field[]} with the element type.
 */
class ArraySlotAccessTest {

  private static final String TABLE =
      """
      package t;
      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;
      @UserData
      final class Table {
        Entry[] slots = new Entry[8];
        int[] counts = new int[8];
      }
      @UserData
      final class Entry {
        final String key;
        Entry next;
        Entry(String key, Entry next) { this.key = key; this.next = next; }
      }
      public final class Store {
        private final Table table = new Table();
        @Closure
        public void put(int i, String key) {
          table.slots[i] = new Entry(key, table.slots[i]);        // line 19
        }
        @Closure
        public void drop(int i) {
          Entry[] s = table.slots;                                  // line 23
          s[i] = s[i].next;                                         // line 24
        }
        @Closure
        public int size() {
          int n = 0;
          for (Entry e : table.slots) {                             // line 29
            n += e == null ? 0 : 1 + table.counts[0];
          }
          return n;
        }
        @Closure
        public void clear() {
          java.util.Arrays.fill(table.slots, null);                 // line 36
        }
      }
      """;

  @Test
  void slotLoadsAndStoresAreUserDataAccesses() throws IOException {
    Compilation c = compile(source("t.Store", TABLE));
    assertThat(c).succeeded();
    ClosureReport report = Snippets.report(c);

    ClosureModel put = closure(report, "put");
    assertThat(slots(put.userDataWrites())).containsExactly("t.Table.slots[]:t.Entry@19");
    // The right-hand side loads the old head of the chain; the store itself loads nothing.
    assertThat(slots(put.userDataReads())).containsExactly("t.Table.slots[]:t.Entry@19");

    ClosureModel drop = closure(report, "drop");
    assertThat(slots(drop.userDataWrites())).containsExactly("t.Table.slots[]:t.Entry@24");
    assertThat(slots(drop.userDataReads())).containsExactly("t.Table.slots[]:t.Entry@24");
    assertThat(fields(drop.userDataReads())).contains("t.Table.slots:t.Entry[]@23");

    ClosureModel size = closure(report, "size");
    assertThat(slots(size.userDataReads())).containsExactly("t.Table.slots[]:t.Entry@29");
    assertThat(size.userDataWrites()).isEmpty();
    // A primitive array is read as a whole with its owner's version: no slot entry.
    assertThat(fields(size.userDataReads())).contains("t.Table.counts:int[]@30");

    ClosureModel clear = closure(report, "clear");
    assertThat(slots(clear.userDataWrites())).containsExactly("t.Table.slots[]:t.Entry@36");
  }

  private static ClosureModel closure(ClosureReport report, String method) {
    return report.closures().stream()
        .filter(m -> m.method().equals(method))
        .findFirst()
        .orElseThrow();
  }

  private static List<String> fields(List<FieldAccess> accesses) {
    return accesses.stream()
        .map(a -> a.owner() + "." + a.field() + ":" + a.type() + "@" + a.position().line())
        .collect(Collectors.toList());
  }

  private static List<String> slots(List<FieldAccess> accesses) {
    return fields(accesses).stream().filter(s -> s.contains("[]:")).collect(Collectors.toList());
  }
}

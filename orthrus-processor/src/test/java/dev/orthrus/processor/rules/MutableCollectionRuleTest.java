package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.findings;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.processor.Snippets;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Mutable JDK objects reachable from user data are errors; persistent and immutable values are not.
 */
class MutableCollectionRuleTest {

  private static final String KEY = "[orthrus.userdata.mutable-collection]";

  /** An atomic in user data: the advice is a plain field, not a persistent collection. */
  @Test
  void anAtomicInUserDataIsAdvisedAPlainField() {
    JavaFileObject f =
        source(
            "t.Hits",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.concurrent.atomic.AtomicLong;
        @UserData
        public class Hits {
          final AtomicLong hits = new AtomicLong();
          long n;
          @Closure
          public void inc() {
            n++;
            hits.incrementAndGet();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(KEY + " user-data field `t.Hits.hits` holds a mutable")
        .inFile(f)
        .onLineContaining("final AtomicLong hits");
    assertThat(c)
        .hadErrorContaining(
            "`t.Hits#inc()` calls `java.util.concurrent.atomic.AtomicLong#incrementAndGet`")
        .inFile(f)
        .onLineContaining("hits.incrementAndGet()");
    for (var d : c.errors()) {
      assertThat(d.getMessage(null)).contains("plain field of the @UserData class");
      assertThat(d.getMessage(null)).doesNotContain("pcollections");
    }
  }

  /**
   * A field updater or a VarHandle made for a user-data field writes it in place: the next closure
   * that checks the object would report the change as corruption on a fault-free run. Reported
   * where it is made, in the user-data class itself or in any other class, inside a closure or not.
   */
  @Test
  void fieldUpdatersAndVarHandlesOfUserDataFieldsAreErrors() {
    JavaFileObject counter =
        source(
            "t.Counter",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.lang.invoke.MethodHandles;
        import java.lang.invoke.VarHandle;
        @UserData
        public class Counter {
          static final VarHandle COUNT;
          static {
            try {
              COUNT = MethodHandles.lookup().findVarHandle(Counter.class, "count", long.class);
            } catch (ReflectiveOperationException e) {
              throw new ExceptionInInitializerError(e);
            }
          }
          volatile long count;
          @Closure
          public long read() {
            return count;
          }
        }
        """);
    JavaFileObject bumper =
        source(
            "t.Bumper",
            """
        package t;
        import java.util.concurrent.atomic.AtomicLongFieldUpdater;
        import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
        public class Bumper {
          static final AtomicLongFieldUpdater<Counter> BUMP =
              AtomicLongFieldUpdater.newUpdater(Counter.class, "count");
          static final AtomicReferenceFieldUpdater<Bumper, String> OWN =
              AtomicReferenceFieldUpdater.newUpdater(Bumper.class, String.class, "name");
          volatile String name;
        }
        """);
    Compilation c = compile(counter, bumper);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(KEY)
        .inFile(counter)
        .onLineContaining("findVarHandle(Counter.class");
    assertThat(c)
        .hadErrorContaining(
            "makes a field updater or VarHandle (`Lookup.findVarHandle`) for user-data field")
        .inFile(counter)
        .onLineContaining("findVarHandle(Counter.class");
    assertThat(c)
        .hadErrorContaining(
            "(`AtomicLongFieldUpdater.newUpdater`) for user-data field `t.Counter.count`")
        .inFile(bumper)
        .onLineContaining("newUpdater(Counter.class");
    // An updater of a class that is not user data is none of Orthrus's business.
    assertThat(c.errors()).hasSize(2);
    for (var d : c.errors()) {
      assertThat(d.getMessage(null)).contains("reports the change as corruption");
      assertThat(d.getMessage(null)).contains("update the field in a closure instead");
    }
  }

  @Test
  void mutationsOfCollectionsHeldByUserDataAreErrors() {
    JavaFileObject f =
        source(
            "t.Book",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Map;
        import java.util.TreeMap;
        @UserData
        public class Book {
          final Map<String, Integer> index;
          final TreeMap<String, Integer> sorted = new TreeMap<>();
          Book(Map<String, Integer> index) {
            this.index = index;
          }
          @Closure
          public int add(String k, int v) {
            index.put(k, v);
            sorted.merge(k, v, Integer::sum);
            Map<String, Integer> alias = this.index;
            alias.remove("x");
            return v;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("index.put(k, v)");
    assertThat(c)
        .hadErrorContaining(
            "calls `java.util.Map#put` on the object held in user-data field `t.Book.index`")
        .inFile(f)
        .onLineContaining("index.put(k, v)");
    assertThat(c)
        .hadErrorContaining(KEY)
        .inFile(f)
        .onLineContaining("sorted.merge(k, v, Integer::sum)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("alias.remove(\"x\")");
    assertThat(c)
        .hadErrorContaining("holds a mutable `java.util.TreeMap`")
        .inFile(f)
        .onLineContaining("final TreeMap<String, Integer> sorted");
    assertThat(c)
        .hadErrorContaining("org.pcollections")
        .inFile(f)
        .onLineContaining("index.put(k, v)");
  }

  /**
   * A mutable object the program put where the field's declared type does not show it ({@code
   * Object}, an {@code Optional}, an entry, an array slot, a persistent list of lists): a closure
   * that casts or takes it out and changes it changes the application's object, which the validator
   * then changed again (an outside trial's lists grew by 1,001 to 1,312 instead of 1,000). Copying
   * it first is fine, and so is what a supplier in a field makes.
   */
  @Test
  void mutationsOfWhatUserDataHoldsInsideAreErrors() {
    JavaFileObject f =
        source(
            "t.Box",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.ArrayList;
        import java.util.List;
        import java.util.Map;
        import java.util.Optional;
        import java.util.function.Supplier;
        import org.pcollections.PVector;
        @UserData
        public class Box {
          Object payload;
          Optional<List<String>> opt;
          Map.Entry<String, List<String>> entry;
          Object[] slots = new Object[2];
          PVector<List<String>> lists;
          Supplier<List<String>> fresh = ArrayList::new;
          @Closure
          @SuppressWarnings("unchecked")
          public int add(String k) {
            List<String> l = (List<String>) payload;
            l.add(k);
            opt.get().add(k);
            entry.getValue().add(k);
            ((List<String>) slots[0]).add(k);
            lists.get(0).add(k);
            List<String> copy = new ArrayList<>((List<String>) payload);
            copy.add(k);
            fresh.get().add(k);
            return copy.size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line :
        List.of(
            "l.add(k)",
            "opt.get().add(k)",
            "entry.getValue().add(k)",
            "((List<String>) slots[0]).add(k)",
            "lists.get(0).add(k)")) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(c)
        .hadErrorContaining("on the object held in user-data field `t.Box.payload`")
        .inFile(f)
        .onLineContaining("l.add(k)");
    // The five above, not the copy's add nor the fresh list's.
    assertThat(findings(c, KEY)).hasSize(5);
  }

  /**
   * Cursors, in-memory streams, synchronizers and futures change with each call, or under the
   * closure from other threads: a validator advanced an outside trial's tokenizer and matcher a
   * second time and counted its latch down twice (a different program output, 97 detections in 100
   * executions).
   */
  @Test
  void cursorsStreamsLatchesAndFuturesInUserDataAreErrors() {
    JavaFileObject f =
        source(
            "t.Cursors",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.io.StringReader;
        import java.util.StringTokenizer;
        import java.util.concurrent.CompletableFuture;
        import java.util.concurrent.CountDownLatch;
        import java.util.regex.Matcher;
        import java.util.regex.Pattern;
        @UserData
        public class Cursors {
          final StringTokenizer tokens = new StringTokenizer("a b");
          final Matcher numbers = Pattern.compile("[0-9]+").matcher("1 22");
          final CountDownLatch remaining = new CountDownLatch(2);
          final StringReader text = new StringReader("abc");
          final CompletableFuture<Long> done = new CompletableFuture<>();
          final Appendable sink;
          final Pattern pattern = Pattern.compile("x");
          Cursors(Appendable sink) {
            this.sink = sink;
          }
          long n;
          @Closure
          public long next() {
            n++;
            return n;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line :
        List.of(
            "StringTokenizer tokens",
            "Matcher numbers",
            "CountDownLatch remaining",
            "StringReader text",
            "CompletableFuture<Long> done",
            "Appendable sink;")) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    // A pattern is a value.
    assertThat(findings(c, KEY)).hasSize(6);
    for (var d : c.errors()) {
      assertThat(d.getMessage(null)).contains("field of a class that is not @UserData");
      assertThat(d.getMessage(null)).doesNotContain("pcollections");
    }
  }

  /**
   * What {@code collect(Collectors.toList())} makes is an {@code ArrayList} (the JDK promises
   * nothing either way), and {@code Collections.sort(list)} changes its argument in place; an
   * outside trial stored the one into a {@code List} field and sorted it with the other, and
   * neither was reported. {@code Stream.toList()} and {@code Collectors.toUnmodifiableList()} make
   * lists that cannot change.
   */
  @Test
  void collectorsOfMutableCollectionsAndStaticMutatorsAreErrors() {
    JavaFileObject f =
        source(
            "t.Tags",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Collections;
        import java.util.Comparator;
        import java.util.List;
        import java.util.Map;
        import java.util.stream.Collectors;
        import java.util.stream.Stream;
        @UserData
        public class Tags {
          List<String> tags = List.of();
          List<String> kept = List.of();
          List<String> fixed = List.of();
          Map<Integer, List<String>> byLength = Map.of();
          @Closure
          public int add(String t) {
            tags = Stream.concat(tags.stream(), Stream.of(t)).collect(Collectors.toList());
            kept = Stream.concat(kept.stream(), Stream.of(t)).toList();
            fixed = kept.stream().collect(Collectors.toUnmodifiableList());
            byLength = kept.stream().collect(Collectors.groupingBy(String::length));
            return tags.size();
          }
          public static void sort(Tags t) {
            Collections.sort(t.tags, Comparator.reverseOrder());
            Collections.reverse(t.kept);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line :
        List.of(
            "collect(Collectors.toList())",
            "collect(Collectors.groupingBy(",
            "Collections.sort(t.tags",
            "Collections.reverse(t.kept)")) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(findings(c, KEY)).hasSize(4);
    assertThat(c).hadErrorContaining("Stream.collect(java.util.stream.Collectors.toList(...))");
    assertThat(c).hadErrorContaining("calls `java.util.Collections#sort`");
  }

  /**
   * Get or create: a local that holds either what a persistent map in user data holds or a new list
   * put there, then changed in place. An outside trial's build passed it, and the validator never
   * checked the change.
   */
  @Test
  void aLocalThatMayHoldWhatUserDataHoldsIsChecked() {
    JavaFileObject f =
        source(
            "t.Index",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.ArrayList;
        import java.util.List;
        import org.pcollections.HashTreePMap;
        import org.pcollections.PMap;
        @UserData
        public class Index {
          PMap<String, List<String>> idx = HashTreePMap.empty();
          @Closure
          public int put(String k, String v) {
            List<String> l = idx.get(k);
            if (l == null) {
              l = new ArrayList<>();
              idx = idx.plus(k, l);
            }
            l.add(v);
            return l.size();
          }
          @Closure
          public int fresh(String v) {
            List<String> l = new ArrayList<>();
            if (v.isEmpty()) {
              l = new ArrayList<>(List.of("x"));
            }
            l.add(v + "!");
            return l.size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("l.add(v);");
    assertThat(findings(c, KEY)).hasSize(1);
  }

  @Test
  void storesOfMutableObjectsAndViewsIntoUserDataAreErrors() {
    JavaFileObject f =
        source(
            "t.Store",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.ArrayList;
        import java.util.Collections;
        import java.util.HashMap;
        import java.util.List;
        import java.util.Map;
        @UserData
        public class Store {
          Map<String, Integer> counts = new HashMap<>();
          List<String> names = List.of("a", "b");
          List<String> view;
          Object anything;
          @Closure
          public void rename(List<String> fresh) {
            view = Collections.unmodifiableList(fresh);
            anything = new ArrayList<String>();
            names = List.copyOf(fresh);
            // A view of a list that never changes never changes either.
            names = Collections.unmodifiableList(List.of("c"));
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(KEY)
        .inFile(f)
        .onLineContaining("Map<String, Integer> counts = new HashMap<>()");
    assertThat(c)
        .hadErrorContaining("a view over")
        .inFile(f)
        .onLineContaining("view = Collections.unmodifiableList(fresh)");
    assertThat(c)
        .hadErrorContaining("a mutable `java.util.ArrayList`")
        .inFile(f)
        .onLineContaining("anything = new ArrayList<String>()");
    assertThat(Snippets.findings(c, "orthrus.userdata.mutable-collection")).hasSize(3);
  }

  @Test
  void mutableJdkObjectsAnywhereInAFieldTypeAreErrors() {
    JavaFileObject f =
        source(
            "t.Node",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        import java.util.ArrayList;
        import java.util.Date;
        import java.util.concurrent.atomic.AtomicLong;
        import org.pcollections.PVector;
        @UserData
        public class Node {
          record Entry(String key, ArrayList<String> tags) { }
          StringBuilder text;
          AtomicLong hits;
          Date created;
          StringBuilder[] lines;
          PVector<StringBuilder> parts;
          Entry entry;
          int[] counts;
          byte[] value;
          Node next;
          String name;
        }
        """);
    Compilation c = compile(f);
    for (String line :
        new String[] {
          "StringBuilder text;",
          "AtomicLong hits;",
          "Date created;",
          "StringBuilder[] lines;",
          "PVector<StringBuilder> parts;",
          "Entry entry;"
        }) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(Snippets.findings(c, "orthrus.userdata.mutable-collection")).hasSize(6);
  }

  @Test
  void persistentCollectionsImmutableValuesAndPrivateCollectionsAreFine() {
    JavaFileObject f =
        source(
            "t.Index",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.HashMap;
        import java.util.List;
        import java.util.Map;
        import org.pcollections.HashTreePMap;
        import org.pcollections.PMap;
        import org.pcollections.PVector;
        import org.pcollections.TreePVector;
        @UserData
        public class Index {
          PMap<String, Integer> counts = HashTreePMap.empty();
          PVector<String> log = TreePVector.empty();
          List<String> names = List.of("a");
          Map<String, Index> children = Map.of();
          int[] histogram = new int[4];
          @Closure
          public int add(String k) {
            counts = counts.plus(k, counts.getOrDefault(k, 0) + 1);
            log = log.plus(k);
            Map<String, Integer> scratch = new HashMap<>();
            scratch.put(k, 1);
            int[] copy = histogram.clone();
            copy[0]++;
            histogram = copy;
            return counts.get(k) + scratch.size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.mutable-collection");
  }
}

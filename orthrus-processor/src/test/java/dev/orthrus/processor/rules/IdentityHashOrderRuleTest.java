package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoErrors;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class IdentityHashOrderRuleTest {

  private static final String KEY = "[orthrus.closure.identity-hash-order]";

  @Test
  void iterationInIdentityHashOrderIsAnError() {
    JavaFileObject item =
        source(
            "t.Item",
            """
        package t;
        @dev.orthrus.annotations.UserData
        public final class Item {
          final int id;
          long w;
          Item(int id) { this.id = id; }
        }
        """);
    JavaFileObject f =
        source(
            "t.Env",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.IdentityHashMap;
        import java.util.Map;
        import java.util.Set;
        public class Env {
          @Closure
          public long hashOrder(int n) {
            Set<Item> set = new HashSet<>();
            for (int i = 0; i < n; i++) set.add(new Item(i));
            long h = 0;
            for (Item it : set) h = h * 31 + it.id;
            return h;
          }
          @Closure
          public int identityMap(int n) {
            Map<Object, Integer> m = new IdentityHashMap<>();
            for (int i = 0; i < n; i++) m.put(new Object(), i);
            int h = 0;
            for (int v : m.values()) h = h * 31 + v;
            return h;
          }
        }
        """);
    Compilation c = compile(item, f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Env#hashOrder(int)` depends on identity-hash order")
        .inFile(f)
        .onLineContaining("for (Item it : set)");
    assertThat(c)
        .hadErrorContaining("a validator cannot reproduce the order")
        .inFile(f)
        .onLineContaining("for (int v : m.values())");
    // Not claimed to be recorded any more.
    assertNoFinding(c, "orthrus.closure.nondeterministic");
  }

  @Test
  void aRecordHashingAnIdentityHashedComponentOrdersByIdentityToo() {
    JavaFileObject task =
        source(
            "t.Task",
            """
        package t;
        @dev.orthrus.annotations.UserData
        public final class Task {
          final int id;
          Task next;
          Task(int id) { this.id = id; }
        }
        """);
    JavaFileObject f =
        source(
            "t.Scheduler",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.Set;
        public class Scheduler {
          record Entry(Task task, int prio) {}
          record Level(Kind kind, String name) {}
          record Keyed(Task task) {
            @Override public int hashCode() { return task.id; }
          }
          enum Kind { LOW, HIGH }
          @Closure
          public int schedule(int n) {
            Set<Entry> fresh = new HashSet<>();
            Set<Level> levels = new HashSet<>();
            Set<Keyed> keyed = new HashSet<>();
            for (int i = 0; i < n; i++) {
              fresh.add(new Entry(new Task(i), i % 3));
              levels.add(new Level(Kind.values()[i % 2], "l" + i));
              keyed.add(new Keyed(new Task(i)));
            }
            int h = 0;
            for (Entry e : fresh) h = h * 31 + e.prio();
            for (Level l : levels) h = h * 31 + l.name().length();
            for (Keyed k : keyed) h = h * 31 + k.task().id;
            return h;
          }
        }
        """);
    Compilation c = compile(task, f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("for (Entry e : fresh)");
    // An enum and a string hash the same in both executions; Keyed declares its own hashCode.
    assertThat(findings(c)).isEqualTo(1L);
  }

  /**
   * A key class whose own hashCode hashes by identity: {@code Objects.hash} of a field whose class
   * has no hashCode, that field's {@code hashCode()}, {@code System.identityHashCode}, {@code
   * super.hashCode()} of Object. Each validated execution of the first was a detection.
   */
  @Test
  void aHashCodeThatHashesByIdentityOrdersByIdentity() {
    JavaFileObject f =
        source(
            "t.Keys",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.Objects;
        import java.util.Set;
        public class Keys {
          static final class Tag {}
          enum Kind { A, B }
          static final class ByTag {
            final Tag tag; final int i;
            ByTag(Tag tag, int i) { this.tag = tag; this.i = i; }
            @Override public int hashCode() { return Objects.hash(tag, i); }
          }
          static final class ByTagHash {
            final Tag tag;
            ByTagHash(Tag tag) { this.tag = tag; }
            @Override public int hashCode() { return 31 * ((Object) tag).hashCode(); }
          }
          static final class BySystem {
            @Override public int hashCode() { return System.identityHashCode(this) >>> 1; }
          }
          static final class BySuper {
            @Override public int hashCode() { return super.hashCode() ^ 7; }
          }
          static final class ByValue {
            final String name; final Kind kind; final int i;
            ByValue(String name, Kind kind, int i) { this.name = name; this.kind = kind; this.i = i; }
            @Override public int hashCode() { return Objects.hash(name, kind, i) + name.hashCode(); }
          }
          @Closure
          public int order(int n) {
            Set<ByTag> a = new HashSet<>();
            Set<ByTagHash> b = new HashSet<>();
            Set<BySystem> c = new HashSet<>();
            Set<BySuper> d = new HashSet<>();
            Set<ByValue> e = new HashSet<>();
            for (int i = 0; i < n; i++) {
              a.add(new ByTag(new Tag(), i));
              b.add(new ByTagHash(new Tag()));
              c.add(new BySystem());
              d.add(new BySuper());
              e.add(new ByValue("v" + i, Kind.A, i));
            }
            int h = 0;
            for (ByTag x : a) h = h * 31 + x.i;
            for (ByTagHash x : b) h = h * 31 + 1;
            for (BySystem x : c) h = h * 31 + 2;
            for (BySuper x : d) h = h * 31 + 3;
            for (ByValue x : e) h = h * 31 + x.i;
            return h;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line :
        List.of(
            "for (ByTag x : a)",
            "for (ByTagHash x : b)",
            "for (BySystem x : c)",
            "for (BySuper x : d)")) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    // ByValue hashes a string, an enum constant and an int: the same in both executions.
    assertThat(findings(c)).isEqualTo(4L);
  }

  @Test
  void iterationInAKeyHashOrderOrOverEnumsOrClassesIsFine() {
    JavaFileObject f =
        source(
            "t.Calm",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashMap;
        import java.util.HashSet;
        import java.util.Map;
        import java.util.Set;
        public class Calm {
          enum Level { LOW, HIGH }
          @Closure
          public long iterate(int n) {
            Set<String> names = new HashSet<>();
            Map<Integer, Long> weights = new HashMap<>();
            Map<Level, Integer> levels = new HashMap<>();
            Map<Class<?>, Integer> byClass = new HashMap<>();
            for (int i = 0; i < n; i++) {
              names.add("n" + i);
              weights.put(i, (long) i * 3);
              levels.merge(Level.values()[i % 2], 1, Integer::sum);
              byClass.merge(i % 2 == 0 ? String.class : Long.class, i, Integer::sum);
            }
            long h = 0;
            for (String s : names) h = h * 31 + s.length();
            for (Map.Entry<Integer, Long> e : weights.entrySet()) h = h * 31 + e.getValue();
            for (Level l : levels.keySet()) h = h * 31 + l.ordinal();
            for (Map.Entry<Class<?>, Integer> e : byClass.entrySet()) {
              h = h * 31 + e.getKey().getSimpleName().length() + e.getValue();
            }
            return h;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoErrors(c);
    assertNoFinding(c, "orthrus.closure.identity-hash-order");
  }

  /**
   * A set or map declared through an interface, made where the closure does not show it: a helper's
   * {@code new HashSet<>()}, {@code Set.copyOf}, a stream collected {@code toSet()} or {@code
   * groupingBy}; and copies in its order ({@code List.copyOf}, {@code new ArrayList<>(s)}). Each
   * validated execution of these was a detection.
   */
  @Test
  void hashedSetsMadeElsewhereAreRecognisedByWhereTheyWereMade() {
    JavaFileObject f =
        source(
            "t.Spans",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.ArrayList;
        import java.util.HashSet;
        import java.util.LinkedHashSet;
        import java.util.List;
        import java.util.Map;
        import java.util.Set;
        import java.util.stream.Collectors;
        public class Spans {
          static final class Span { final int at; Span(int at) { this.at = at; } }
          static Set<Span> spans(int n) {
            Set<Span> set = new HashSet<>();
            for (int i = 0; i < n; i++) set.add(new Span(i));
            return set;
          }
          static Set<Span> ordered(int n) {
            Set<Span> set = new LinkedHashSet<>();
            for (int i = 0; i < n; i++) set.add(new Span(i));
            return set;
          }
          static List<Span> list(int n) {
            List<Span> l = new ArrayList<>();
            for (int i = 0; i < n; i++) l.add(new Span(i));
            return l;
          }
          @Closure
          public static int helper(int n) {
            int h = 0;
            for (Span s : spans(n)) h = h * 31 + s.at;
            return h;
          }
          @Closure
          public static int copied(int n) {
            return List.copyOf(spans(n)).get(0).at + new ArrayList<>(Set.copyOf(list(n))).get(0).at;
          }
          @Closure
          public static String collected(int n) {
            return list(n).stream().collect(Collectors.toSet()).stream()
                .map(s -> "" + s.at).collect(Collectors.joining(","));
          }
          @Closure
          public static int grouped(int n) {
            Map<Span, List<Span>> m = list(n).stream().collect(Collectors.groupingBy(s -> s));
            int h = 0;
            for (List<Span> v : m.values()) h = h * 31 + v.get(0).at;
            return h;
          }
          @Closure
          public static int fine(int n) {
            int h = 0;
            for (Span s : ordered(n)) h = h * 31 + s.at;
            Set<String> names = list(n).stream().map(s -> "s" + s.at).collect(Collectors.toSet());
            for (String name : names) h = h * 31 + name.length();
            return h + spans(n).size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line :
        List.of(
            "for (Span s : spans(n))",
            "return List.copyOf(spans(n))",
            "return list(n).stream().collect(Collectors.toSet()).stream()",
            "for (List<Span> v : m.values())")) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    // copied(): List.copyOf and new ArrayList<>(Set.copyOf(...)) on one line.
    assertThat(findings(c)).isEqualTo(5L);
  }

  /**
   * pcollections' hash sets and maps ({@code HashTreePSet}, {@code HashTreePMap}) iterate in their
   * keys' hash order as {@code HashSet} does, also when built up in a local ({@code s =
   * s.plus(x)}); an outside trial's closure over such a set of objects without {@code hashCode} was
   * never validated, and the build said nothing. A tree-ordered one is fine.
   */
  @Test
  void persistentHashCollectionsOrderByTheirKeysHashes() {
    JavaFileObject f =
        source(
            "t.Tags",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import org.pcollections.HashPMap;
        import org.pcollections.HashTreePMap;
        import org.pcollections.HashTreePSet;
        import org.pcollections.PSet;
        import org.pcollections.TreePSet;
        public class Tags {
          static final class Tag { final String k; Tag(String k) { this.k = k; } }
          @Closure
          public static String built(int n) {
            PSet<Tag> s = HashTreePSet.empty();
            for (int i = 0; i < 6; i++) s = s.plus(new Tag("p" + (i + n % 3)));
            StringBuilder sb = new StringBuilder();
            for (Tag t : s) sb.append(t.k);
            return sb.toString();
          }
          @Closure
          public static int mapped(int n) {
            HashPMap<Tag, Integer> m = HashTreePMap.singleton(new Tag("a"), n);
            int h = 0;
            for (Tag t : m.keySet()) h = h * 31 + t.k.length();
            return h;
          }
          @Closure
          public static String fine(int n) {
            PSet<String> names = HashTreePSet.<String>empty().plus("a" + n).plus("b");
            StringBuilder sb = new StringBuilder();
            for (String name : names) sb.append(name);
            for (String name : TreePSet.of("x", "y" + n)) sb.append(name);
            return sb.toString();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    for (String line : List.of("for (Tag t : s)", "for (Tag t : m.keySet())")) {
      assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(findings(c)).isEqualTo(2L);
  }

  /** The rule's errors in {@code c}. */
  private static long findings(Compilation c) {
    return c.errors().stream().filter(d -> d.getMessage(null).contains(KEY)).count();
  }

  /** An array keeps Object's hashCode: a set or map of arrays iterates in identity-hash order. */
  @Test
  void iterationOverArraysAsKeysIsAnError() {
    JavaFileObject f =
        source(
            "t.Rows",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashMap;
        import java.util.HashSet;
        import java.util.Map;
        import java.util.Set;
        public class Rows {
          @Closure
          public long firstRow(int n) {
            Set<int[]> rows = new HashSet<>();
            for (int i = 0; i < n; i++) rows.add(new int[] {i});
            long h = 0;
            for (int[] r : rows) h = h * 31 + r[0];
            return h;
          }
          @Closure
          public long byRow(int n) {
            Map<long[], Integer> m = new HashMap<>();
            for (int i = 0; i < n; i++) m.put(new long[] {i}, i);
            long h = 0;
            for (int v : m.values()) h = h * 31 + v;
            return h;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Rows#firstRow(int)` depends on identity-hash order")
        .inFile(f)
        .onLineContaining("for (int[] r : rows)");
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Rows#byRow(int)` depends on identity-hash order")
        .inFile(f)
        .onLineContaining("for (int v : m.values())");
  }

  /**
   * A set of an interface iterates in identity-hash order when a class of the compilation
   * implementing it keeps Object's hashCode, and a set of lambdas always does; a set of an
   * interface whose classes all hash their fields does not.
   */
  @Test
  void interfacesWhoseClassesOrLambdasHashByIdentityOrderByIdentity() {
    JavaFileObject f =
        source(
            "t.Tasks",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.Set;
        public class Tasks {
          interface Task { int weight(); }
          static final class Job implements Task {
            final int w;
            Job(int w) { this.w = w; }
            public int weight() { return w; }
          }
          interface Keyed { int key(); }
          record Id(int key) implements Keyed {}
          static final class Name implements Keyed {
            final int k;
            Name(int k) { this.k = k; }
            public int key() { return k; }
            @Override public int hashCode() { return k; }
            @Override public boolean equals(Object o) { return o instanceof Name n && n.k == k; }
          }
          @Closure
          public int firstTask(int x) {
            Set<Task> pending = new HashSet<>();
            for (int i = 0; i < 16; i++) pending.add(new Job(x + i));
            return pending.iterator().next().weight();
          }
          @Closure
          public int firstRun(int x) {
            Set<Runnable> runs = new HashSet<>();
            for (int i = 0; i < 4; i++) runs.add(() -> { });
            int n = 0;
            for (Runnable r : runs) n++;
            return n + x;
          }
          @Closure
          public int firstKey(int x) {
            Set<Keyed> keys = new HashSet<>();
            keys.add(new Id(x));
            keys.add(new Name(x + 1));
            return keys.iterator().next().key();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Tasks#firstTask(int)`")
        .inFile(f)
        .onLineContaining("pending.iterator()");
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Tasks#firstRun(int)`")
        .inFile(f)
        .onLineContaining("for (Runnable r : runs)");
    assertThat(findings(c)).isEqualTo(2L);
  }

  /**
   * A generic helper that iterates a hash set of its type parameter is in identity-hash order where
   * a closure gives that parameter a type without a hashCode; with strings it is not.
   */
  @Test
  void aGenericHelpersHashSetOfItsTypeParameterIsCheckedWhereAClosureCallsIt() {
    JavaFileObject f =
        source(
            "t.Picks",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.Collection;
        import java.util.HashSet;
        import java.util.List;
        import java.util.Set;
        public class Picks {
          static final class Job {
            final int w;
            Job(int w) { this.w = w; }
          }
          static <T> T anyOf(Collection<T> items) {
            return new HashSet<>(items).iterator().next();
          }
          static <K> int firstLength(List<K> items) {
            Set<K> seen = new HashSet<>(items);
            int n = 0;
            for (K k : seen) { n = k.toString().length(); break; }
            return n;
          }
          @Closure
          public int pickJob(int x) {
            return anyOf(List.of(new Job(x), new Job(x + 1))).w;
          }
          @Closure
          public String pickName(int x) {
            return anyOf(List.of("a" + x, "b" + x));
          }
          static <E> E passedOn(List<E> items) {
            return anyOf(items);
          }
          @Closure
          public int lengthOfJobs(int x) {
            return firstLength(List.of(new Job(x), new Job(x + 1)));
          }
          @Closure
          public int pickPassedOn(int x) {
            return passedOn(List.of(new Job(x), new Job(x + 1))).w + passedOn(List.of("s")).length();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            KEY
                + " closure `t.Picks#pickJob(int)` calls `t.Picks#anyOf(java.util.Collection)` with T"
                + " = `t.Picks$Job`")
        .inFile(f)
        .onLineContaining("return anyOf(List.of(new Job(x)");
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Picks#lengthOfJobs(int)` calls")
        .inFile(f)
        .onLineContaining("return firstLength(");
    assertThat(c)
        .hadErrorContaining(
            KEY
                + " closure `t.Picks#pickPassedOn(int)` calls `t.Picks#passedOn(java.util.List)` with"
                + " E = `t.Picks$Job`")
        .inFile(f)
        .onLineContaining("return passedOn(");
    assertThat(findings(c)).isEqualTo(3L);
  }

  /**
   * A generic class's hash set of its type parameter, iterated by its methods (or by a method they
   * call on the same object), is in identity-hash order where a closure calls them on a receiver
   * whose type argument hashes by identity, also through a subclass that fixes it.
   */
  @Test
  void aGenericClassesHashSetOfItsTypeParameterIsCheckedWhereAClosureCallsItsMethods() {
    JavaFileObject f =
        source(
            "t.Bags",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.Set;
        public class Bags {
          static final class Job {
            final int w;
            Job(int w) { this.w = w; }
          }
          static class Bag<T> {
            final Set<T> items = new HashSet<>();
            void add(T t) { items.add(t); }
            T any() { return first(); }
            T first() { for (T t : items) return t; return null; }
            int size() { return items.size(); }
          }
          static final class JobBag extends Bag<Job> {}
          @Closure
          public int anyJob(int x) {
            Bag<Job> bag = new Bag<>();
            bag.add(new Job(x));
            bag.add(new Job(x + 1));
            return bag.any().w;
          }
          @Closure
          public int anyFromJobBag(int x) {
            JobBag bag = new JobBag();
            bag.add(new Job(x));
            return bag.first().w;
          }
          @Closure
          public String anyName(int x) {
            Bag<String> bag = new Bag<>();
            bag.add("a" + x);
            return bag.any();
          }
          @Closure
          public int jobCount(int x) {
            Bag<Job> bag = new Bag<>();
            bag.add(new Job(x));
            return bag.size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            KEY + " closure `t.Bags#anyJob(int)` calls `t.Bags$Bag#any()` with T = `t.Bags$Job`")
        .inFile(f)
        .onLineContaining("return bag.any().w;");
    assertThat(c)
        .hadErrorContaining(KEY + " closure `t.Bags#anyFromJobBag(int)` calls `t.Bags$Bag#first()`")
        .inFile(f)
        .onLineContaining("return bag.first().w;");
    assertThat(findings(c)).isEqualTo(2L);
  }
}

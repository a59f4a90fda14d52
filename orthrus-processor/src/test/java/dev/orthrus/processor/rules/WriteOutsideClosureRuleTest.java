package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.processor.Snippets;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class WriteOutsideClosureRuleTest {

  private static final String KEY = "[orthrus.userdata.write-outside-closure]";

  @Test
  void warnsOnControlPathWrites() {
    JavaFileObject item =
        source(
            "t.Item",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Item {
          int hits;
          Item(int hits) { this.hits = hits; }
        }
        """);
    JavaFileObject admin =
        source(
            "t.Admin",
            """
        package t;
        final class Admin {
          static void reset(Item item) {
            item.hits = 0;
          }
        }
        """);
    Compilation c = compile(item, admin);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining(KEY).inFile(admin).onLineContaining("item.hits = 0");
    assertThat(c).hadWarningContaining("no closure calls it, but it writes user-data");
  }

  /**
   * A public method may be called by closures of another protected module, which this compilation
   * does not see: the warning does not state that its write is never validated.
   */
  @Test
  void aPublicMethodsWarningNamesClosuresOfOtherModules() {
    JavaFileObject item =
        source(
            "t.Item",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Item {
          long qty;
          public void add(long n) {
            qty += n;
          }
        }
        """);
    Compilation c = compile(item);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            "no closure of this module calls it, but it writes user-data field `t.Item.qty`;"
                + " unless a closure of another protected module calls it")
        .inFile(item)
        .onLineContaining("qty += n");
  }

  /**
   * User data that closes itself in a closure's try-with-resources: its {@code close()} runs on the
   * closure's path, not outside every closure.
   */
  @Test
  void theCloseOfAResourceAClosureOpensIsCalledFromIt() {
    JavaFileObject f =
        source(
            "t.Door",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Door implements AutoCloseable {
          int opens;
          int closes;
          @Override
          public void close() {
            closes = closes + 1;
          }
          @Closure
          int use(int k) {
            try (Door self = this) {
              opens = opens + 1;
              return opens + k;
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, KEY);
  }

  @Test
  void constructorsFreshObjectsAndHelpersCalledFromClosuresAreFine() {
    JavaFileObject f =
        source(
            "t.Store",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Store {
          @UserData static final class Item {
            int hits;
            Item next;
            Item(int hits) { this.hits = hits; next = null; }
          }
          private final Item head = build();
          static Item build() {
            Item i = new Item(1);
            i.hits = 2;
            return i;
          }
          @Closure
          public int hit() {
            bump(head);
            return head.hits;
          }
          private static void bump(Item item) {
            item.hits++;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.write-outside-closure");
  }

  /**
   * A private helper that fills in the object its only callers just made is initialization, as the
   * same stores in the caller are (an outside trial's factory); the same helper also called with a
   * shared object writes user data on the control path.
   */
  @Test
  void aPrivateHelperFillingNewObjectsIsInitialization() {
    JavaFileObject f =
        source(
            "t.Node",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public final class Node {
          int value;
          Node next;
          public static Node of(int v, Node next) {
            Node n = new Node();
            fill(n, v, next);
            n.link(next);
            return n;
          }
          private static void fill(Node n, int v, Node next) {
            n.value = v;
          }
          private void link(Node next) {
            this.next = next;
          }
          public static void reuse(Node shared, int v) {
            refill(new Node(), v);
            refill(shared, v);
          }
          private static void refill(Node n, int v) {
            n.value = v + 1;
          }
          @Closure
          public int incr() {
            return ++value;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining(KEY).inFile(f).onLineContaining("n.value = v + 1");
    long warnings =
        c.warnings().stream()
            .filter(d -> d.getMessage(java.util.Locale.ROOT).contains(KEY))
            .count();
    assertThat(warnings).isEqualTo(1);
  }

  /**
   * A local's new object is being built until the method hands it to code that keeps it: a write
   * after the object went into a registry, a field or a closure, or in a loop that hands it on, is
   * a write to shared user data. Writes before, after a print or a read-only helper, through an
   * alias, under its lock, or after a return in another branch are initialization.
   */
  @Test
  void aNewObjectsWritesAfterTheMethodHandedItOnAreControlPathWrites() {
    JavaFileObject f =
        source(
            "t.Setup",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.ArrayList;
        import java.util.List;
        import java.util.Map;
        public class Setup {
          @UserData static final class Counter {
            long n;
            String note;
            @Closure long add(long d) { n += d; return n; }
          }
          static void registered(Map<String, Counter> registry) {
            Counter a = new Counter();
            a.note = "new";
            registry.put("a", a);
            a.note = "afterRegistry";
          }
          static long closureReceiver() {
            Counter b = new Counter();
            b.note = "new";
            long n = b.add(1);
            b.note = "afterClosure";
            return n;
          }
          static Counter last;
          static void field() {
            Counter c = new Counter();
            last = c;
            c.note = "afterField";
          }
          static void loop(List<Counter> all) {
            Counter d = new Counter();
            for (int i = 0; i < 3; i++) {
              d.note = "round" + i;
              all.add(d);
            }
          }
          static Counter notHandedOn(boolean early, Runnable[] tasks) {
            Counter f = new Counter();
            System.out.println(f);
            check(f);
            boolean known = new ArrayList<Counter>().contains(f);
            Counter alias = f;
            alias.n = 1;
            tasks[0] = () -> System.out.println(f.n);
            if (early) {
              return f;
            }
            f.note = "stillBuilding";
            return f;
          }
          static void check(Counter c) {
            if (c.n < 0) throw new IllegalStateException();
          }
          static List<Counter> building() {
            List<Counter> all = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
              Counter e = new Counter();
              e.note = "fresh" + i;
              synchronized (e) {
                e.n = i;
              }
              all.add(e);
            }
            return all;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    for (String line :
        new String[] {
          "a.note = \"afterRegistry\"",
          "b.note = \"afterClosure\"",
          "c.note = \"afterField\"",
          "d.note = \"round\" + i"
        }) {
      assertThat(c).hadWarningContaining(KEY).inFile(f).onLineContaining(line);
    }
    assertThat(Snippets.findings(c, "orthrus.userdata.write-outside-closure")).hasSize(4);
  }

  /** {@code super.area += d} in a subclass's constructor writes the object under construction. */
  @Test
  void aSubclassConstructorWritingInheritedFieldsThroughSuperIsInitialization() {
    JavaFileObject f =
        source(
            "t.Shapes",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        public class Shapes {
          @UserData
          static class Shape {
            double area;
            Shape(double area) { this.area = area; }
          }
          @UserData
          static class Circle extends Shape {
            Circle(double r) {
              super(r * r);
              super.area += 0.5;
              this.area *= 2;
              area--;
            }
            void scale(double f) {
              super.area *= f;
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining("[orthrus.userdata.write-outside-closure]")
        .inFile(f)
        .onLineContaining("super.area *= f");
    assertThat(Snippets.findings(c, "orthrus.userdata.write-outside-closure")).hasSize(1);
  }

  @Test
  void warnsOnSlotStoresFromControlPathButNotOnFreshArrays() {
    JavaFileObject f =
        source(
            "t.Index",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Index {
          Index[] children = new Index[2];
          Index() {
            children[0] = null;
          }
          void graft(Index other) {
            other.children[1] = this;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadWarningContaining("[orthrus.userdata.write-outside-closure]")
        .inFile(f)
        .onLineContaining("other.children[1] = this");
    assertThat(Snippets.findings(c, "orthrus.userdata.write-outside-closure")).hasSize(1);
  }

  @Test
  void constructorsLinkingTheNodesTheyAllocateAreInitialization() {
    JavaFileObject f =
        source(
            "t.Queue",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Queue {
          @UserData static final class Node {
            Node next;
            Node prev;
            int value;
          }
          private final Node head;
          private final Node tail = new Node();
          Queue() {
            head = new Node();
            head.next = tail;
            this.tail.prev = head;
            tail.value = -1;
          }
          @Closure
          public int first() {
            return head.next.value;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.write-outside-closure");
  }

  @Test
  void constructorsWritingObjectsTheyDidNotAllocateStillWarn() {
    JavaFileObject f =
        source(
            "t.Queue",
            """
        package t;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Queue {
          @UserData static final class Node {
            Node next;
          }
          private final Node head;
          Queue(Node shared) {
            head = shared;
            head.next = null;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadWarningContaining("[orthrus.userdata.write-outside-closure]")
        .inFile(f)
        .onLineContaining("head.next = null");
  }
}

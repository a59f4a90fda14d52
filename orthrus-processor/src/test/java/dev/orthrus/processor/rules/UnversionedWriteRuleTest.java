package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoErrors;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.processor.Snippets;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class UnversionedWriteRuleTest {

  private static final String KEY = "[orthrus.closure.unversioned-write]";

  @Test
  void flagsWriteToThisOfPlainClassAndToParameter() {
    JavaFileObject f =
        source(
            "t.Cache",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Cache {
          int count;
          static class Box { int v; }
          @Closure
          public int add(int n, Box box) {
            count++;
            box.v = n;
            return n;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("count++");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("box.v = n");
  }

  /**
   * An anonymous class's own counter, in an object a closure reaches through an interface: the
   * advice cannot be to annotate the class, which has no name to annotate.
   */
  @Test
  void anAnonymousClassIsToldWhereToKeepItsState() {
    JavaFileObject f =
        source(
            "t.Steps",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Steps {
          public interface Step { long apply(long x); }
          private final Step counting = new Step() {
            int calls;
            public long apply(long x) { calls++; return x; }
          };
          @Closure
          public long run(long x) {
            return counting.apply(x);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("calls++");
    assertThat(c).hadErrorContaining("an anonymous or local class cannot be @UserData");
  }

  /**
   * An anonymous or local class declared in a closure's body keeps its state in its own fields,
   * whatever other closure calls the interface it implements: the rewriter gives it no variants, so
   * each variant runs its own objects and an object another execution made is answered once. The
   * verdict used to depend on an unrelated closure that hands its own lambda to a helper that calls
   * {@code Step.apply}.
   */
  @Test
  void aClassDeclaredInAClosureMayKeepItsStateInItsFields() {
    JavaFileObject f =
        source(
            "t.Steps",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Steps {
          public interface Step { long apply(long x); }
          static long twice(Step s, long x) { return s.apply(s.apply(x)); }
          @Closure
          public long anonymous(long x) {
            Step s = new Step() {
              int calls;
              public long apply(long v) { calls++; return v + calls; }
            };
            return twice(s, x);
          }
          @Closure
          public long local(long x) {
            class Counting implements Step {
              long seen;
              public long apply(long v) { seen += v; return seen; }
            }
            return twice(new Counting(), x);
          }
          static long fold(long[] xs, Step s) {
            long t = 0;
            for (long x : xs) t += s.apply(x);
            return t;
          }
          @Closure
          public long folded(long x) {
            return fold(new long[] {x, x + 1}, v -> v * 2);
          }
        }
        """);
    Compilation c = compile(f);
    assertNoErrors(c);
    assertThat(c).succeeded();
  }

  @Test
  void userDataAndObjectsAllocatedInTheClosureMayBeWritten() {
    JavaFileObject f =
        source(
            "t.Tree",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Tree {
          @UserData static final class Node { int key; Node left; }
          static final class Result { int found; Result(int f) { this.found = f; } }
          private final Node root = new Node();
          @Closure
          public int insert(int key) {
            Node n = new Node();
            n.key = key;
            root.left = n;
            Result r = new Result(0);
            r.found = key;
            return r.found;
          }
        }
        """);
    Compilation c = compile(f);
    assertNoErrors(c);
    assertThat(c).succeeded();
  }

  /**
   * An object a factory of the sources makes ({@code static Snap fresh(int n) { return new
   * Snap(...); }}) is the closure's own, as one it makes with {@code new}; one a method returns
   * from elsewhere is not.
   */
  @Test
  void objectsAFactoryMakesAreTheClosuresOwn() {
    JavaFileObject f =
        source(
            "t.Stats",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Stats {
          public record Snap(String name, long[] counts) {}
          static final class Acc { long n; }
          static final Snap SHARED = new Snap("s", new long[4]);
          long total;
          static Snap fresh(int n) {
            return new Snap("f", new long[n]);
          }
          private static Acc acc() {
            return new Acc();
          }
          static Snap shared() {
            return SHARED;
          }
          static void fill(Snap s, long k) {
            for (int i = 0; i < s.counts().length; i++) {
              s.counts()[i] = k + i;
            }
          }
          @Closure
          public long viaFactory(int k) {
            Snap s = fresh(4);
            fill(s, k);
            Acc a = acc();
            a.n = k;
            total = total + a.n;
            return s.counts()[3];
          }
          @Closure
          public long viaShared(int k) {
            Snap s = shared();
            s.counts()[0] = k;
            return s.counts()[0];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("s.counts()[0] = k;");
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void methodsRunOnObjectsTheClosureMadeMayWriteTheirFields() {
    JavaFileObject f =
        source(
            "t.Desk",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.List;
        public class Desk {
          record Quote(String symbol, long price) {}
          static final class QuoteBuilder {
            private String symbol = "?";
            private long price;
            QuoteBuilder symbol(String s) { this.symbol = s; return this; }
            QuoteBuilder price(long p) { price = p; return this; }
            Quote build() { return new Quote(symbol, price); }
          }
          static final class Walker {
            long seen;
            long walk(List<Quote> qs) { for (Quote q : qs) { add(q.price()); } return seen; }
            private void add(long v) { this.seen += v; }
          }
          @Closure
          public Quote quote(String s, long p) {
            return new QuoteBuilder().symbol(s).price(p).build();
          }
          @Closure
          public long total(List<Quote> qs) {
            class Acc { long sum; void add(long v) { sum += v; } }
            Acc acc = new Acc();
            qs.forEach(q -> acc.add(q.price()));
            QuoteBuilder b = new QuoteBuilder();
            b.price(acc.sum);
            return new Walker().walk(qs) + b.build().price();
          }
          @Closure
          public Quote kept(String s, long p) {
            QuoteBuilder b = new QuoteBuilder().symbol(s); // the chain's value is the new builder
            b.price(p);
            return b.build();
          }
          static QuoteBuilder builder() { return new QuoteBuilder(); }
          @Closure
          public Quote made(String s, long p) {
            return builder().symbol(s).price(p).build(); // a factory's builder (trial 8 F4)
          }
        }
        """);
    Compilation c = compile(f);
    assertNoErrors(c);
    assertThat(c).succeeded();
  }

  /**
   * An abstract builder whose implementation another processor generates (AutoValue's): the chain
   * of abstract setters runs on the new builder when every implementation in the sources returns
   * {@code this}, and on whatever one returns otherwise (trial 8 F4).
   */
  @Test
  void chainsOfAbstractSettersFollowTheirImplementations() {
    JavaFileObject f =
        source(
            "t.Quotes",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Quotes {
          abstract static class Price {
            abstract long cents();
            static Builder builder() { return new GeneratedBuilder(); }
            abstract static class Builder {
              abstract Builder currency(String c);
              abstract Builder cents(long c);
              abstract Price build();
            }
          }
          static final class GeneratedBuilder extends Price.Builder {
            private String currency;
            private long cents;
            @Override Price.Builder currency(String c) { this.currency = c; return this; }
            @Override Price.Builder cents(long c) { this.cents = c; return this; }
            @Override Price build() {
              long n = cents;
              return new Price() { @Override long cents() { return n; } };
            }
          }
          abstract static class Shaky {
            abstract Shaky a(long v);
            abstract Shaky b(long v);
          }
          static final class ShakyImpl extends Shaky {
            static final ShakyImpl SHARED = new ShakyImpl();
            long a;
            long b;
            @Override Shaky a(long v) { this.a = v; return SHARED; }
            @Override Shaky b(long v) { this.b = v; return this; }
          }
          static Shaky shaky() { return new ShakyImpl(); }
          @Closure
          public long quote(long n) {
            return Price.builder().currency("EUR").cents(n).build().cents();
          }
          @Closure
          public long shakes(long v) {
            shaky().a(v).b(v);
            return v;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("this.b = v; return this;");
    assertThat(Snippets.findings(c, "orthrus.closure.unversioned-write")).hasSize(1);
  }

  /**
   * A builder whose class is not final (Lombok's, delomboked: a package-private constructor,
   * setters that return {@code this}), made by a factory: the chain of its setters runs on the new
   * builder (outside trial 9, F4).
   */
  @Test
  void chainsOfSettersOfABuilderTheSourcesMadeFollowTheirImplementations() {
    JavaFileObject f =
        source(
            "t.Orders",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Orders {
          record Order(long id, String owner) {}
          public static class OrderBuilder {
            private long id;
            private String owner;
            OrderBuilder() {}
            public OrderBuilder id(long id) { this.id = id; return this; }
            public OrderBuilder owner(String owner) { this.owner = owner; return this; }
            public Order build() { return new Order(id, owner); }
          }
          public static OrderBuilder builder() { return new OrderBuilder(); }
          @Closure
          public Order make(long id, String owner) {
            return builder().id(id).owner(owner).build();
          }
          @Closure
          public Order made(long id, String owner) {
            return new OrderBuilder().owner(owner).id(id).build();
          }
        }
        """);
    Compilation c = compile(f);
    assertNoErrors(c);
    assertThat(c).succeeded();
  }

  @Test
  void methodsRunOnObjectsTheClosureDidNotMakeAreStillFlagged() {
    JavaFileObject f =
        source(
            "t.Shared",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Shared {
          static class Builder {
            long price;
            Builder price(long p) { price = p; return this; }
          }
          static class Open {
            long v;
            Open self() { return this; }
            Open set(long x) { v = x; return this; }
          }
          static final class Leaky extends Open {
            static final Open SHARED = new Open();
            @Override Open self() { return SHARED; }
          }
          static final class Counter {
            long n;
            Counter bump() { n++; return this; }
          }
          private final Counter counter = new Counter();
          private final Builder shared = new Builder();
          @Closure
          public long bumpShared() {
            return counter.bump().n;
          }
          @Closure
          public long chained(long p) {
            // Open is not final: Leaky's self() returns another object.
            new Open().self().set(p);
            return p;
          }
          @Closure
          public long viaThis(long p) {
            return helper(p);
          }
          private long helper(long p) {
            shared.price(p);
            return p;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Counter bump() { n++");
    assertThat(c)
        .hadErrorContaining(KEY)
        .inFile(f)
        .onLineContaining("Builder price(long p) { price = p");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Open set(long x) { v = x");
  }

  @Test
  void flagsSlotStoresIntoArraysOfObjectsThatAreNotUserData() {
    JavaFileObject f =
        source(
            "t.Ring",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Ring {
          private final String[] recent = new String[4];
          @Closure
          public String push(int i, String s) {
            String[] scratch = new String[1];
            scratch[0] = s;
            recent[i] = s;
            return scratch[0];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            "[orthrus.closure.unversioned-write] closure `t.Ring#push(int,java.lang.String)` "
                + "writes an element of array field `t.Ring.recent`")
        .inFile(f)
        .onLineContaining("recent[i] = s");
    // An array's advice: a scratch buffer is a local; @UserData alone would not do (trial 8 F11).
    assertThat(c).hadErrorContaining("for a scratch buffer, use an array the closure allocates");
    assertThat(Snippets.findings(c, "orthrus.closure.unversioned-write")).hasSize(1);
  }

  @Test
  void helpersMayFillObjectsTheClosureAllocatedButNotSharedOnes() {
    JavaFileObject f =
        source(
            "t.Tree",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        public class Tree {
          static final class Totals { long count; long sum; }
          @UserData static final class Node { long value; Node left; Node right; }
          private Node root;
          private final Totals lastTotals = new Totals();
          @Closure
          public long sum() {
            Totals totals = new Totals();
            addAll(root, totals);
            return totals.sum;
          }
          private static void addAll(Node node, Totals into) {
            if (node != null) {
              into.count++;
              into.sum += node.value;
              addAll(node.left, into);
              addAll(node.right, into);
            }
          }
          @Closure
          public long remember() {
            record(lastTotals);
            return 0;
          }
          private static void record(Totals into) {
            into.count = 1;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(
            "[orthrus.closure.unversioned-write] code on the data path writes field "
                + "`t.Tree$Totals.count`")
        .inFile(f)
        .onLineContaining("into.count = 1");
    // addAll only ever receives the Totals that sum() allocated, also through its own recursion.
    assertThat(Snippets.findings(c, "orthrus.closure.unversioned-write")).hasSize(1);
  }

  /**
   * A call through a JDK interface does not reach the implementation of a class of the sources
   * whose objects the closure cannot hold (decision 0080): the JDK's iterator's {@code next()} is
   * not {@code Countdown.next()}, which only {@code main} uses (an outside trial's vanilla build
   * failed on it).
   */
  @Test
  void aJdkIteratorDoesNotRunAnIteratorClassTheClosureNeverHolds() {
    JavaFileObject f =
        source(
            "m.Main",
            """
        package m;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Iterator;
        import java.util.List;
        public class Main {
          static class Countdown implements Iterator<Integer> {
            private int left = 3;
            public boolean hasNext() { return left > 0; }
            public Integer next() { return left--; }
          }
          @UserData static class Acc {
            long sum;
            @Closure long addFirst(List<Integer> xs) {
              Iterator<Integer> it = List.copyOf(xs).iterator();
              sum = sum + it.next();
              return sum;
            }
          }
          public static void main(String[] args) {
            Acc a = new Acc(); long s = 0;
            for (int i = 0; i < 10000; i++) s += a.addFirst(List.of(i, 1));
            Countdown c = new Countdown(); while (c.hasNext()) s += c.next();
            System.out.println(s);
          }
        }
        """);
    Compilation c = compile(f);
    assertNoErrors(c);
    assertThat(c).succeeded();
  }

  /**
   * A lambda's {@code get()} does not run the {@code get()} of a class of the sources that
   * implements {@code Supplier} and that the closure never holds.
   */
  @Test
  void aLambdaSupplierDoesNotRunASupplierClassTheClosureNeverHolds() {
    JavaFileObject f =
        source(
            "m.Main",
            """
        package m;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.function.Supplier;
        public class Main {
          static class Gen implements Supplier<Integer> {
            private int n;
            public Integer get() { return n++; }
          }
          @UserData static class Acc {
            long sum;
            @Closure long add(int k) {
              Supplier<Integer> s = () -> k;
              sum = sum + s.get();
              return sum;
            }
          }
          public static void main(String[] args) {
            Acc a = new Acc(); long s = 0;
            for (int i = 0; i < 10000; i++) s += a.add(i);
            System.out.println(s + new Gen().get());
          }
        }
        """);
    Compilation c = compile(f);
    assertNoErrors(c);
    assertThat(c).succeeded();
  }

  /**
   * An iterator class that a helper of the closure makes (two calls down, found after the call
   * through {@code Iterator} was first met) is one the closure holds: {@code it.next()} runs its
   * {@code next()}, whose write to an object the closure's own code did not allocate is flagged.
   * One the closure makes itself is reached too: its clock read is noted, and its write to its own
   * new object is allowed as any such write.
   */
  @Test
  void aJdkIteratorRunsAnIteratorClassTheDataPathMakes() {
    JavaFileObject f =
        source(
            "m.Main",
            """
        package m;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Iterator;
        public class Main {
          static class Countdown implements Iterator<Integer> {
            private int left = 3;
            public boolean hasNext() { return left > 0; }
            public Integer next() { return left--; }
          }
          static class Ticker implements Iterator<Long> {
            private long ticks;
            public boolean hasNext() { return true; }
            public Long next() { ticks++; return System.nanoTime(); }
          }
          @UserData static class Acc {
            long sum;
            @Closure long addFirst() {
              Iterator<Integer> it = countdown();
              sum = sum + it.next();
              return sum;
            }
            @Closure long addTick() {
              Iterator<Long> it = new Ticker();
              sum = sum + it.next();
              return sum;
            }
            private static Iterator<Integer> countdown() { return fresh(); }
            private static Iterator<Integer> fresh() { return new Countdown(); }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(KEY + " code on the data path writes field `m.Main$Countdown.left`")
        .inFile(f)
        .onLineContaining("return left--;");
    assertThat(c)
        .hadNoteContaining("[orthrus.closure.nondeterministic]")
        .inFile(f)
        .onLineContaining("System.nanoTime()");
    assertThat(Snippets.findings(c, "orthrus.closure.unversioned-write")).hasSize(1);
  }

  /**
   * A closure parameter of the iterator class itself, used through {@code Iterator}: the argument
   * is the caller's object, and its {@code next()} writes it.
   */
  @Test
  void aJdkIteratorRunsAnIteratorClassTheClosureGetsAsAParameter() {
    JavaFileObject f =
        source(
            "m.Main",
            """
        package m;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Iterator;
        public class Main {
          static class Countdown implements Iterator<Integer> {
            private int left = 3;
            public boolean hasNext() { return left > 0; }
            public Integer next() { return left--; }
          }
          @UserData static class Acc {
            long sum;
            @Closure long addFirst(Countdown c) {
              Iterator<Integer> it = c;
              sum = sum + it.next();
              return sum;
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(KEY + " code on the data path writes field `m.Main$Countdown.left`")
        .inFile(f)
        .onLineContaining("return left--;");
  }

  /**
   * An object of a class of the sources may come in under a JDK type: as an argument ({@code
   * List<Integer>}, a {@code Tally} the caller made) or from a field ({@code Supplier<Integer>} in
   * user data, holding a {@code Gen} made outside the closure). Calls through those types still
   * reach the classes below them.
   */
  @Test
  void aJdkTypeOfAnArgumentOrAFieldRunsTheClassesBelowIt() {
    JavaFileObject f =
        source(
            "m.Main",
            """
        package m;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.AbstractList;
        import java.util.List;
        import java.util.function.Supplier;
        public class Main {
          static class Tally extends AbstractList<Integer> {
            private int reads;
            public Integer get(int i) { reads++; return i; }
            public int size() { return 3; }
          }
          static class Gen implements Supplier<Integer> {
            private int n;
            public Integer get() { return n++; }
          }
          @UserData static class Acc {
            long sum;
            Supplier<Integer> gen;
            @Closure long first(List<Integer> xs) {
              sum = sum + xs.get(0);
              return sum;
            }
            @Closure long next() {
              sum = sum + gen.get();
              return sum;
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(KEY + " code on the data path writes field `m.Main$Tally.reads`")
        .inFile(f)
        .onLineContaining("reads++;");
    assertThat(c)
        .hadErrorContaining(KEY + " code on the data path writes field `m.Main$Gen.n`")
        .inFile(f)
        .onLineContaining("return n++;");
  }

  /**
   * The deep-clone idiom in a plain class a closure calls ({@code Plain p = (Plain) super.clone();
   * p.xs = xs.clone();}): the copy is made there, as an object made with {@code new} is, so writing
   * its fields is not an unversioned write. An outside trial's build failed on it.
   */
  @Test
  void theDeepCloneIdiomWritesTheCopyItMade() {
    JavaFileObject f =
        source(
            "t.Copies",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Copies {
          long n;
          public static final class Plain implements Cloneable {
            int a;
            long[] xs;
            @Override
            public Plain clone() {
              try {
                Plain p = (Plain) super.clone();
                p.xs = xs.clone();
                return p;
              } catch (CloneNotSupportedException e) {
                throw new IllegalStateException(e);
              }
            }
          }
          @Closure
          public long copy(int k) {
            Plain p = new Plain();
            p.xs = new long[] {k};
            Plain q = p.clone();
            n += q.xs[0];
            return n;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    Snippets.assertNoFinding(c, KEY);
  }

  /**
   * A resource made in the closure through a chain of calls that return {@code this} ({@code try
   * (Res res = new Res().open())}) is the closure's own, as the same chain assigned to a local is;
   * its {@code close()} writes that object. An outside trial's build failed on it.
   */
  @Test
  void aFluentResourceIsTheClosuresOwn() {
    JavaFileObject f =
        source(
            "t.Resources",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Resources {
          long total;
          static final class Res implements AutoCloseable {
            int opened;
            int closed;
            Res open() {
              opened++;
              return this;
            }
            int use(int x) {
              return x * 2 + opened;
            }
            @Override
            public void close() {
              closed++;
            }
          }
          @Closure
          public int withResource(int x) {
            try (Res res = new Res().open(); Res other = new Res()) {
              total += res.use(x) + other.use(x);
              return res.use(x);
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    Snippets.assertNoFinding(c, KEY);
  }
}

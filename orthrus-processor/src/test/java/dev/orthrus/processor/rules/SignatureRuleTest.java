package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class SignatureRuleTest {

  private static final String KEY = "[orthrus.closure.signature]";

  @Test
  void flagsParametersAndResultsWithoutEquality() {
    JavaFileObject f =
        source(
            "t.Api",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.List;
        public class Api {
          static final class Handle { }
          record Pair(int a, Handle h) { }
          @Closure
          public int first(
              Handle handle,
              List<byte[]> chunks) {
            return 0;
          }
          @Closure
          public Pair second(int k) {
            return null;
          }
          @Closure
          public Object third(int k) {
            return null;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Handle handle,");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("List<byte[]> chunks");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("public Pair second");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("public Object third");
    assertThat(c).hadErrorContaining("hint:");
  }

  /**
   * {@code @UserData} cannot go on an interface: its hint names a sealed interface, and a type
   * variable's names a bound, instead of the annotation.
   */
  @Test
  void interfacesAndTypeVariablesGetHintsTheyCanFollow() {
    JavaFileObject f =
        source(
            "t.Shapes",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Shapes {
          interface Shape { long area(); }
          @Closure
          public long areaOf(Shape shape) {
            return shape.area();
          }
          @Closure
          public <T> T same(T value) {
            return value;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(SignatureRule.INTERFACE_HINT)
        .inFile(f)
        .onLineContaining("areaOf(Shape shape)");
    assertThat(c)
        .hadErrorContaining(SignatureRule.VARIABLE_HINT)
        .inFile(f)
        .onLineContaining("T same(T value)");
  }

  /** A JDK class cannot be annotated: its hint says what to pass instead. */
  @Test
  void jdkClassesGetAHintThatDoesNotAskForTheAnnotation() {
    JavaFileObject f =
        source(
            "t.Dice",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.Random;
        public class Dice {
          @Closure
          public int roll(Random random) {
            return random.nextInt(6);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(SignatureRule.JDK_HINT)
        .inFile(f)
        .onLineContaining("roll(Random random)");
  }

  /**
   * An {@code Object} parameter is most often a lock, and a JDK container of a type variable is not
   * comparable for the variable's sake, not the container's: each hint says so.
   */
  @Test
  void anObjectAndAContainerOfATypeVariableGetHintsOfTheirOwn() {
    JavaFileObject f =
        source(
            "t.Desk",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.List;
        public final class Desk {
          @Closure
          public long guarded(Object lock, long v) {
            return v + 1;
          }
          @Closure
          public <T> int count(List<T> items) {
            return items.size();
          }
          @Closure
          public int names(List<String> items) {
            return items.size();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(SignatureRule.OBJECT_HINT)
        .inFile(f)
        .onLineContaining("guarded(Object lock, long v)");
    assertThat(c)
        .hadErrorContaining(SignatureRule.ARGUMENT_VARIABLE_HINT)
        .inFile(f)
        .onLineContaining("count(List<T> items)");
    assertThat(c).hadErrorCount(2);
  }

  /**
   * An abstract value class (AutoValue's idiom) is comparable once it declares equals abstract; the
   * hint says so rather than asking for a concrete override, which would stop the generated one.
   */
  @Test
  void abstractClassesGetAHintAboutAbstractEquals() {
    JavaFileObject price =
        source(
            "t.Price",
            """
        package t;
        public abstract class Price {
          public abstract long cents();
        }
        """);
    JavaFileObject book =
        source(
            "t.Book",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Book {
          @Closure
          public long pay(Price p) {
            return p.cents();
          }
        }
        """);
    Compilation c = compile(price, book);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(SignatureRule.ABSTRACT_HINT)
        .inFile(book)
        .onLineContaining("pay(Price p)");
    JavaFileObject declared =
        source(
            "t.Price",
            """
        package t;
        public abstract class Price {
          public abstract long cents();
          @Override public abstract boolean equals(Object o);
          @Override public abstract int hashCode();
        }
        """);
    assertThat(compile(declared, book)).succeeded();
  }

  @Test
  void functionsGetAHintAboutLambdas() {
    JavaFileObject f =
        source(
            "t.Calc",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.function.LongUnaryOperator;
        public class Calc {
          @FunctionalInterface
          public interface Step { long next(long x); }
          @Closure
          public long apply(LongUnaryOperator f, long x) {
            return f.applyAsLong(x);
          }
          @Closure
          public long step(Step s, long x) {
            return s.next(x);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(SignatureRule.FUNCTION_HINT)
        .inFile(f)
        .onLineContaining("apply(LongUnaryOperator f");
    assertThat(c)
        .hadErrorContaining(SignatureRule.FUNCTION_HINT)
        .inFile(f)
        .onLineContaining("step(Step s");
  }

  @Test
  void comparableTypesAreFine() {
    JavaFileObject f =
        source(
            "t.Api",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.List;
        public class Api {
          @UserData static final class Node { int v; }
          enum Mode { A, B }
          record Pair(int a, String b, Mode m, long[] raw) { }
          static final class Money {
            long cents;
            @Override public boolean equals(Object o) { return o instanceof Money m && m.cents == cents; }
            @Override public int hashCode() { return Long.hashCode(cents); }
          }
          @Closure
          public Pair all(int a, Integer b, String c, Mode d, Pair e, Node f, byte[] g, Money h, List<String> i,
              String[][] j) {
            return e;
          }
          @Closure
          public void nothing() { }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.signature");
  }

  @Test
  void sealedTypesAreAsComparableAsWhatTheyPermit() {
    JavaFileObject f =
        source(
            "t.Shapes",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Shapes {
          sealed interface Shape permits Circle, Square, Unit { }
          record Circle(long r) implements Shape { }
          record Square(long side) implements Shape { }
          enum Unit implements Shape { POINT }
          sealed interface Opaque permits Token, Label { }
          static final class Token implements Opaque { }
          record Label(String text) implements Opaque { }
          @Closure
          public Shape grow(Shape s, long by) {
            return s instanceof Circle c ? new Circle(c.r() + by) : s;
          }
          @Closure
          public int weigh(
              Opaque o) {
            return 0;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Opaque o)");
    assertThat(c).hadErrorCount(1);
  }
}

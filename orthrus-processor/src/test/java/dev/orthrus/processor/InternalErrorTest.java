package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** The processor never crashes javac: a bug becomes one error on the element being processed. */
class InternalErrorTest {

  @Test
  void unexpectedExceptionBecomesOneErrorOnTheElement() {
    JavaFileObject f =
        source(
            "t.Store",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Store {
          @Closure
          public int boom(int v) {
            return v;
          }
          @Closure
          public int fine(int v) {
            return v + 1;
          }
        }
        """);
    OrthrusProcessor failing =
        new OrthrusProcessor(
            element -> {
              if (element.getSimpleName().contentEquals("boom")) {
                throw new IllegalStateException("deliberate failure for the test");
              }
            });
    Compilation c = javac().withProcessors(failing).compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[orthrus.internal]")
        .inFile(f)
        .onLineContaining("public int boom");
    assertThat(c).hadErrorContaining("deliberate failure for the test");
    long internalErrors =
        c.errors().stream()
            .filter(d -> d.getMessage(Locale.ROOT).contains("[orthrus.internal]"))
            .count();
    assertThat(internalErrors).isEqualTo(1);
    assertThat(
            c.diagnostics().stream()
                .noneMatch(
                    d ->
                        d.getKind() == Diagnostic.Kind.ERROR
                            && d.getMessage(Locale.ROOT)
                                .contains("An annotation processor threw an uncaught exception")))
        .isTrue();
  }

  /**
   * Intersection types, which javac models as a DeclaredType whose class has no members: a raw
   * explicit type argument that javac infers as one (an outside trial's reduction of
   * commons-collections4's {@code MultiValueMap}, which made {@code mvn compile} fail with an
   * internal error), a type variable bounded by two types in a closure's signature, and an
   * intersection cast of a lambda.
   */
  @Test
  void intersectionTypesAreNotClasses() {
    JavaFileObject factory =
        source(
            "p.Factory",
            """
            package p;
            public interface Factory<T> {
              T create();
            }
            """);
    JavaFileObject values =
        source(
            "p.MultiValues",
            """
            package p;
            import java.util.ArrayList;
            import java.util.Collection;
            import java.util.HashMap;
            import java.util.Map;
            public class MultiValues<K, V> {
              private final Map<K, Object> map;
              private final Factory<? extends Collection<V>> factory;
              @SuppressWarnings({"unchecked", "rawtypes"})
              public static <K, V> MultiValues<K, V> of(Map<K, ? super Collection<V>> map) {
                return MultiValues.<K, V, ArrayList>of((Map<K, ? super Collection>) map, ArrayList.class);
              }
              public static <K, V, C extends Collection<V>> MultiValues<K, V> of(
                  Map<K, ? super C> map, Class<C> type) {
                return new MultiValues<>(map, new Reflective<>(type));
              }
              @SuppressWarnings({"unchecked", "rawtypes"})
              public MultiValues() {
                this(new HashMap<K, V>(), new Reflective(ArrayList.class));
              }
              @SuppressWarnings("unchecked")
              protected <C extends Collection<V>> MultiValues(Map<K, ? super C> map, Factory<C> factory) {
                this.map = (Map<K, Object>) map;
                this.factory = factory;
              }
              private static class Reflective<T extends Collection<?>> implements Factory<T> {
                private final Class<T> type;
                Reflective(Class<T> type) {
                  this.type = type;
                }
                @Override
                public T create() {
                  try {
                    return type.getDeclaredConstructor().newInstance();
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                }
              }
            }
            """);
    JavaFileObject bounded =
        source(
            "p.Bounded",
            """
            package p;
            import dev.orthrus.annotations.Closure;
            import dev.orthrus.annotations.UserData;
            @UserData
            public class Bounded {
              long total;
              @Closure
              public <T extends Number & Comparable<T>> T larger(T a, T b) {
                total++;
                Runnable r = (Runnable & java.io.Serializable) () -> {};
                r.run();
                return a.compareTo(b) >= 0 ? a : b;
              }
            }
            """);
    assertThat(javac().withProcessors(new OrthrusProcessor()).compile(factory, values)).succeeded();
    // Number does not compare by value: the closure's signature is refused, by the rule.
    Compilation c = javac().withProcessors(new OrthrusProcessor()).compile(bounded);
    assertThat(c).hadErrorContaining("[orthrus.closure.signature]");
    assertThat(
            c.errors().stream()
                .noneMatch(d -> d.getMessage(Locale.ROOT).contains("[orthrus.internal]")))
        .isTrue();
  }

  @Test
  void privateOwnerIsAClearErrorNotABrokenCatalog() {
    JavaFileObject f =
        source(
            "t.Outer",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Outer {
          private static final class Hidden {
            @Closure
            int get(int v) {
              return v;
            }
          }
        }
        """);
    Compilation c = Snippets.compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining("[orthrus.closure.owner]")
        .inFile(f)
        .onLineContaining("int get(int v)");
    assertThat(c)
        .hadErrorContaining("private class `t.Outer.Hidden`")
        .inFile(f)
        .onLineContaining("int get(int v)");
  }
}

package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoErrors;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
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
  void iterationInAKeyHashOrderOrOverEnumsIsFine() {
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
            for (int i = 0; i < n; i++) {
              names.add("n" + i);
              weights.put(i, (long) i * 3);
              levels.merge(Level.values()[i % 2], 1, Integer::sum);
            }
            long h = 0;
            for (String s : names) h = h * 31 + s.length();
            for (Map.Entry<Integer, Long> e : weights.entrySet()) h = h * 31 + e.getValue();
            for (Level l : levels.keySet()) h = h * 31 + l.ordinal();
            return h;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoErrors(c);
    assertNoFinding(c, "orthrus.closure.identity-hash-order");
  }
}

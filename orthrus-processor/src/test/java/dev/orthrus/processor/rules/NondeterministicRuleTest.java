package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class NondeterministicRuleTest {

  private static final String KEY = "[orthrus.closure.nondeterministic]";

  @Test
  void notesClocksRandomnessAndIdentityHashes() {
    JavaFileObject f =
        source(
            "t.Clocky",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashSet;
        import java.util.Set;
        import java.util.UUID;
        import java.util.concurrent.ThreadLocalRandom;
        public class Clocky {
          static final class Key { }
          enum Color { RED }
          private final Set<Key> keys = new HashSet<>();
          @Closure
          public long stamp(Key k) {
            long t = System.nanoTime();
            int r = ThreadLocalRandom.current().nextInt();
            String u = UUID.randomUUID().toString();
            int h = k.hashCode();
            int e = Color.RED.hashCode();
            int id = System.identityHashCode(k);
            for (Key each : keys) {
              h += 1;
            }
            return t + r + u.length() + h + e + id;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("System.nanoTime()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("ThreadLocalRandom.current()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("UUID.randomUUID()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("k.hashCode()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("Color.RED.hashCode()");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("System.identityHashCode(k)");
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("for (Key each : keys)");
  }

  @Test
  void deterministicHashesAndOrderedIterationAreFine() {
    JavaFileObject f =
        source(
            "t.Calm",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.HashMap;
        import java.util.LinkedHashSet;
        import java.util.Map;
        import java.util.Set;
        public class Calm {
          record Point(int x, int y) { }
          private final Map<String, Integer> counts = new HashMap<>();
          private final Set<Object> ordered = new LinkedHashSet<>();
          @Closure
          public int hash(String s, Point p) {
            int h = s.hashCode() + p.hashCode() + java.util.Arrays.hashCode(new int[] {1});
            for (String key : counts.keySet()) {
              h += key.length();
            }
            for (Object o : ordered) {
              h++;
            }
            return h + new java.util.Random(42).nextInt(10 - 9);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.nondeterministic");
  }
}

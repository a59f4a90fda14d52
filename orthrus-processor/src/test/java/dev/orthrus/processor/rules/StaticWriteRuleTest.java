package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class StaticWriteRuleTest {

  private static final String KEY = "[orthrus.closure.static-write]";

  @Test
  void flagsStaticWriteInClosure() {
    JavaFileObject f =
        source(
            "t.Counter",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Counter {
          static int hits;
          @Closure
          public int hit(int n) {
            hits += n;
            return n;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("hits += n");
  }

  /** The {@code close()} a try-with-resources statement calls is on the closure's data path. */
  @Test
  void flagsStaticWriteInTheCloseOfAResource() {
    JavaFileObject f =
        source(
            "t.Pool",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Pool {
          static int released;
          static final class Lease implements AutoCloseable {
            @Override public void close() { released++; }
          }
          @Closure
          public int use(int n) {
            try (Lease lease = new Lease()) {
              return n + 1;
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("released++");
  }

  @Test
  void flagsStaticWriteInHelperOfAnotherFile() {
    JavaFileObject closure =
        source(
            "t.Store",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Store {
          @Closure
          public int put(int v) {
            return Stats.record(v);
          }
        }
        """);
    JavaFileObject helper =
        source(
            "t.Stats",
            """
        package t;
        final class Stats {
          static long total;
          static int record(int v) {
            total = total + v;
            return v;
          }
        }
        """);
    // Both orders: the helper's class may be analyzed before or after the closure's.
    for (JavaFileObject[] files : new JavaFileObject[][] {{closure, helper}, {helper, closure}}) {
      Compilation c = compile(files);
      assertThat(c).hadErrorContaining(KEY).inFile(helper).onLineContaining("total = total + v");
      assertThat(c).hadErrorContaining("t.Store#put(int)");
    }
  }

  @Test
  void staticWritesOutsideTheDataPathAreFine() {
    JavaFileObject f =
        source(
            "t.Config",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Config {
          static int limit;
          static { limit = 10; }
          static void configure(int l) { limit = l; }
          @Closure
          public int clamp(int v) {
            return Math.min(v, limit);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.static-write");
  }

  @Test
  void flagsElementStoreIntoStaticArray() {
    JavaFileObject f =
        source(
            "t.Memo",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Memo {
          static final String[] LAST = new String[4];
          @Closure
          public int remember(int i, String s) {
            String[] alias = LAST;
            alias[i] = s;
            return i;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            KEY
                + " closure `t.Memo#remember(int,java.lang.String)` writes an element of "
                + "static array field `t.Memo.LAST`")
        .inFile(f)
        .onLineContaining("alias[i] = s");
  }

  /**
   * A static scratch array of a user-data class is shared state, not part of any object's version:
   * the static-write rule names it, and the array-element rule (whose advice, assigning a new array
   * to the field, would be a static write too) does not.
   */
  @Test
  void aStaticArrayOfAUserDataClassIsSharedState() {
    JavaFileObject f =
        source(
            "t.Buffers",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Buffers {
          static final char[] CBUF = new char[64];
          static final int[] COUNTS = new int[4];
          String last = "";
          @Closure
          public int upper(String s) {
            int n = Math.min(s.length(), CBUF.length);
            s.getChars(0, n, CBUF, 0);
            COUNTS[n & 3]++;
            last = new String(CBUF, 0, n);
            return n;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c)
        .hadErrorContaining(
            KEY + " closure `t.Buffers#upper(java.lang.String)` writes an element of")
        .inFile(f)
        .onLineContaining("COUNTS[n & 3]++");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("s.getChars(0, n, CBUF, 0)");
    assertNoFinding(c, "orthrus.userdata.array-element-write");
  }
}

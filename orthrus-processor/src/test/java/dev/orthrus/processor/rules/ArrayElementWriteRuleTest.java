package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class ArrayElementWriteRuleTest {

  private static final String KEY = "[orthrus.userdata.array-element-write]";

  @Test
  void flagsElementStoresIntoUserDataPrimitiveArrays() {
    JavaFileObject f =
        source(
            "t.Blob",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Arrays;
        @UserData
        public class Blob {
          byte[] bytes = new byte[8];
          int[] counts = new int[8];
          @Closure
          public void touch(int i) {
            bytes[i] = 1;
            this.counts[i]++;
            int[] alias = counts;
            alias[0] += 2;
            Arrays.fill(bytes, (byte) 0);
          }
          void reset() {
            bytes[0] = 0;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("bytes[i] = 1");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("this.counts[i]++");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("alias[0] += 2");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(bytes");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("bytes[0] = 0");
  }

  @Test
  void newArraysAndReferenceSlotsAreFine() {
    JavaFileObject f =
        source(
            "t.Blob",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Blob {
          byte[] bytes = new byte[8];
          Blob[] children = new Blob[2];
          @Closure
          public void touch(int i, byte b) {
            byte[] copy = bytes.clone();
            copy[i] = b;
            bytes = copy;
            children[0] = null;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.array-element-write");
  }

  /**
   * An array stored into user data is the owner's version from then on: filling it through the
   * local (or the parameter) it came from afterwards, or in a later iteration of a loop around the
   * store, changes that version in place. Filling it before the store is the way to build one.
   */
  @Test
  void flagsStoresThroughALocalAfterItWasStoredIntoUserData() {
    JavaFileObject f =
        source(
            "t.Grid",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        import java.util.Arrays;
        @UserData
        public class Grid {
          int[] xs = new int[0];
          long[] ys = new long[0];
          @Closure
          public void storeThenFill() {
            int[] c = new int[2];
            c[1] = 7;
            xs = c;
            c[0] = 42;
          }
          @Closure
          public void keepTheArgument(long[] src) {
            this.ys = src;
            Arrays.fill(src, 1L);
          }
          @Closure
          public void inALoop(int n) {
            int[] row = new int[n];
            for (int i = 0; i < n; i++) {
              row[i] = i;
              xs = row;
            }
          }
          @Closure
          public void fillThenStore(int n) {
            int[] built = new int[n];
            for (int i = 0; i < n; i++) {
              built[i] = i * i;
            }
            xs = built;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("c[0] = 42");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("Arrays.fill(src, 1L)");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("row[i] = i;");
    assertThat(c).hadErrorCount(3);
  }

  /** A constructor fills the array it allocated for its object before the object is published. */
  @Test
  void aConstructorFillingItsOwnNewArrayIsFine() {
    JavaFileObject f =
        source(
            "t.Squares",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;
        @UserData
        public class Squares {
          int[] xs;
          public Squares(int n) {
            xs = new int[n];
            for (int i = 0; i < n; i++) {
              xs[i] = i * i;
            }
          }
          @Closure
          public int first() {
            return xs[0];
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.userdata.array-element-write");
  }
}

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
    JavaFileObject f = source("t.Cache", """
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

  @Test
  void userDataAndObjectsAllocatedInTheClosureMayBeWritten() {
    JavaFileObject f = source("t.Tree", """
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

  @Test
  void flagsSlotStoresIntoArraysOfObjectsThatAreNotUserData() {
    JavaFileObject f = source("t.Ring", """
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
    assertThat(c).hadErrorContaining("[orthrus.closure.unversioned-write] closure `t.Ring#push(int,java.lang.String)` "
        + "writes an element of array field `t.Ring.recent`").inFile(f).onLineContaining("recent[i] = s");
    assertThat(Snippets.findings(c, "orthrus.closure.unversioned-write")).hasSize(1);
  }

  @Test
  void helpersMayFillObjectsTheClosureAllocatedButNotSharedOnes() {
    JavaFileObject f = source("t.Tree", """
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
    assertThat(c).hadErrorContaining("[orthrus.closure.unversioned-write] code on the data path writes field "
        + "`t.Tree$Totals.count`").inFile(f).onLineContaining("into.count = 1");
    // addAll only ever receives the Totals that sum() allocated, also through its own recursion.
    assertThat(Snippets.findings(c, "orthrus.closure.unversioned-write")).hasSize(1);
  }
}

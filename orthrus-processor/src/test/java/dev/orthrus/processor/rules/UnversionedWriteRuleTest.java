package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoErrors;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
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
}

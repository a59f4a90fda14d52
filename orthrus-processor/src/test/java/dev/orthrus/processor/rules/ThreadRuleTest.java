package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class ThreadRuleTest {

  private static final String KEY = "[orthrus.closure.thread]";

  @Test
  void flagsThreadsExecutorsParallelStreamsAndAsyncFutures() {
    JavaFileObject f =
        source(
            "t.Work",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.List;
        import java.util.concurrent.CompletableFuture;
        import java.util.concurrent.ExecutorService;
        public class Work {
          private final ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
          @Closure
          public int run(List<Integer> xs) {
            new Thread(() -> {}).start();
            pool.submit(() -> 1);
            int s = xs.parallelStream().mapToInt(i -> i).sum();
            CompletableFuture.supplyAsync(() -> 2);
            return s;
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c)
        .hadErrorContaining(KEY)
        .inFile(f)
        .onLineContaining("new Thread(() -> {}).start()");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("pool.submit");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("parallelStream()");
    assertThat(c).hadErrorContaining(KEY).inFile(f).onLineContaining("supplyAsync");
  }

  @Test
  void sequentialStreamsAndControlPathThreadsAreFine() {
    JavaFileObject f =
        source(
            "t.Work",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.List;
        public class Work {
          @Closure
          public int sum(List<Integer> xs) {
            return xs.stream().mapToInt(i -> i).sum();
          }
          public void serve() {
            new Thread(() -> sum(List.of(1))).start();
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.thread");
  }
}

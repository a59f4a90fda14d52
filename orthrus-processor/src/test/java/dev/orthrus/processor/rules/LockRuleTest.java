package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.assertNoFinding;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class LockRuleTest {

  private static final String KEY = "[orthrus.closure.lock]";

  @Test
  void notesSynchronizedAndLocks() {
    JavaFileObject f =
        source(
            "t.Locked",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        import java.util.concurrent.locks.ReentrantLock;
        public class Locked {
          private final Object monitor = new Object();
          private final ReentrantLock lock = new ReentrantLock();
          @Closure
          public int get(int k) {
            synchronized (monitor) {
              k++;
            }
            lock.lock();
            try {
              return lock.isHeldByCurrentThread() ? k : -1;
            } finally {
              lock.unlock();
            }
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c).hadNoteContaining(KEY).inFile(f).onLineContaining("synchronized (monitor)");
    assertThat(c).hadNoteContaining(KEY + " closure `").inFile(f).onLineContaining("lock.lock()");
    assertThat(c).hadNoteContaining("takes a lock (`").inFile(f).onLineContaining("lock.lock()");
    assertThat(c)
        .hadNoteContaining("releases or signals a lock (`")
        .inFile(f)
        .onLineContaining("lock.unlock()");
    // A query takes no lock: its answer is recorded.
    assertThat(c)
        .hadNoteContaining("asks a lock about its state (`")
        .inFile(f)
        .onLineContaining("lock.isHeldByCurrentThread()");
  }

  @Test
  void locksInTheControlPathAreFine() {
    JavaFileObject f =
        source(
            "t.Locked",
            """
        package t;
        import dev.orthrus.annotations.Closure;
        public class Locked {
          @Closure
          public int get(int k) {
            return k + 1;
          }
          public synchronized int serve(int k) {
            return get(k);
          }
        }
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertNoFinding(c, "orthrus.closure.lock");
  }
}

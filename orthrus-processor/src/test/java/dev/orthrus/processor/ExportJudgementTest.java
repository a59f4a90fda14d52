package dev.orthrus.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The processor judges, for the rewriter, the public methods that another build's closures may call
 * through variants (decision 0075): each is explored as a closure is and the rules run there.
 */
class ExportJudgementTest {

  private static final String SOURCE =
      """
      package p;

      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;

      @UserData
      public class Account {
        long balance;

        public long balance() {
          return balance;
        }

        public long doubled() {
          return balance() * 2;
        }

        public long stamped() {
          return balance + System.nanoTime();
        }

        public long viaHelper() {
          return Clocks.now() + balance;
        }

        public void print() {
          System.out.println(balance);
        }

        @Closure
        public void deposit(long amount) {
          balance += amount;
        }
      }

      final class Clocks {
        static long now() {
          return System.currentTimeMillis();
        }
      }

      @UserData
      class Hidden {
        long value;

        public long stamped() {
          return value + System.nanoTime();
        }
      }
      """;

  private static final String LEDGER =
      """
      package p;

      public final class Ledger {
        public static long twice(Account a) {
          return a.balance() * 2;
        }

        public static void report(Account a) {
          System.out.println(twice(a));
        }
      }
      """;

  @Test
  void methodsThatReachWhatAClosureMustHeedAreNotExportable() {
    OrthrusProcessor processor = new OrthrusProcessor();
    processor.judgeExports();
    Compilation c = javac().withProcessors(processor).compile(Snippets.source("p.Account", SOURCE));
    Snippets.assertNoErrors(c);
    Map<String, Set<String>> unexportable = processor.unexportable();
    assertThat(unexportable.keySet())
        .containsExactly("p.Account#stamped()", "p.Account#viaHelper()", "p.Account#print()");
    assertThat(unexportable.get("p.Account#viaHelper()"))
        .contains("orthrus.closure.nondeterministic");
    assertThat(unexportable.get("p.Account#print()")).contains("orthrus.closure.io");
  }

  @Test
  void nothingIsJudgedUnlessTheRewriterAsks() {
    OrthrusProcessor processor = new OrthrusProcessor();
    Compilation c = javac().withProcessors(processor).compile(Snippets.source("p.Account", SOURCE));
    Snippets.assertNoErrors(c);
    assertThat(processor.unexportable()).isEmpty();
  }
}

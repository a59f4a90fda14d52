package dev.orthrus.processor.summary;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.processor.Snippets;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code super.apply(x)} runs the superclass's method and nothing else: a closure that calls it
 * reaches neither its own class's override again nor a sibling class's (outside trial 8: the report
 * of {@code Checking#apply} listed what {@code Savings#apply} reads).
 */
class SuperCallsTest {

  private static final String ACCOUNTS =
      """
      package t;
      import dev.orthrus.annotations.Closure;
      import dev.orthrus.annotations.UserData;
      @UserData
      abstract class Account {
        long balance;
        @Closure
        public long apply(long amt) {
          balance += amt;
          return balance;
        }
      }
      @UserData
      final class Checking extends Account {
        long overdrafts;
        @Closure
        @Override
        public long apply(long amt) {
          long r = super.apply(amt);
          if (r < 0) {
            overdrafts++;
          }
          return r;
        }
      }
      @UserData
      final class Savings extends Account {
        long interest;
        @Closure
        @Override
        public long apply(long amt) {
          interest += amt / 100;
          return super.apply(amt);
        }
      }
      """;

  @Test
  void aSuperCallReachesTheSuperclassMethodOnly() throws IOException {
    Compilation c = compile(source("t.Account", ACCOUNTS));
    assertThat(c).succeeded();
    ClosureReport report = Snippets.report(c);
    ClosureModel checking = closure(report, "t.Checking#apply(long)");
    assertThat(fields(checking)).contains("t.Account.balance");
    assertThat(fields(checking)).doesNotContain("t.Savings.interest");
    ClosureModel savings = closure(report, "t.Savings#apply(long)");
    assertThat(fields(savings)).contains("t.Account.balance");
    assertThat(fields(savings)).doesNotContain("t.Checking.overdrafts");
  }

  private static ClosureModel closure(ClosureReport report, String id) {
    return report.closures().stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
  }

  /** Every field the closure reads or writes, as {@code owner.field}. */
  private static List<String> fields(ClosureModel closure) {
    return java.util.stream.Stream.concat(
            closure.userDataReads().stream(), closure.userDataWrites().stream())
        .map(a -> a.owner() + "." + a.field())
        .toList();
  }
}

package dev.orthrus.processor.rules;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.orthrus.processor.Snippets.compile;
import static dev.orthrus.processor.Snippets.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

class UnannotatedOverrideRuleTest {

  private static final String KEY = "[orthrus.closure.unannotated-override]";

  private static final JavaFileObject ACCOUNT =
      source(
          "t.Account",
          """
          package t;
          import dev.orthrus.annotations.Closure;
          import dev.orthrus.annotations.UserData;
          @UserData
          public class Account {
            long balance;
            @Closure
            public long deposit(long amount) { balance += amount; return balance; }
            public long peek() { return balance; }
          }
          """);

  @Test
  void warnsOnAnOverrideOfAClosureAtAnyDepth() {
    JavaFileObject audited =
        source(
            "t.Audited",
            """
            package t;
            @dev.orthrus.annotations.UserData
            public class Audited extends Account {
              @Override
              public long deposit(long amount) { return super.deposit(amount + 1); }
            }
            """);
    JavaFileObject deeper =
        source(
            "t.Deeper",
            """
            package t;
            @dev.orthrus.annotations.UserData
            public class Deeper extends Audited {
              @Override
              public long deposit(long amount) { return 7; }
            }
            """);
    Compilation c = compile(ACCOUNT, audited, deeper);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(
            KEY + " `t.Audited#deposit(long)` overrides closure `t.Account#deposit(long)`")
        .inFile(audited)
        .onLineContaining("public long deposit");
    assertThat(c)
        .hadWarningContaining(
            "`t.Deeper#deposit(long)` overrides closure `t.Account#deposit(long)`")
        .inFile(deeper)
        .onLineContaining("public long deposit");
  }

  @Test
  void warnsOnAnImplementationOfAnInterfaceClosure() {
    JavaFileObject shapes =
        source(
            "t.Counter",
            """
            package t;
            import dev.orthrus.annotations.Closure;
            public interface Counter {
              @Closure
              long add(long n);
            }
            """);
    JavaFileObject impl =
        source(
            "t.Plain",
            """
            package t;
            public final class Plain implements Counter {
              public long add(long n) { return n; }
            }
            """);
    Compilation c = compile(shapes, impl);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining(KEY + " `t.Plain#add(long)` overrides closure `t.Counter#add(long)`")
        .inFile(impl)
        .onLineContaining("public long add");
  }

  @Test
  void annotatedOverridesOtherMethodsOverloadsAndSuppressionsAreFine() {
    JavaFileObject fine =
        source(
            "t.Fine",
            """
            package t;
            import dev.orthrus.annotations.Closure;
            @dev.orthrus.annotations.UserData
            public class Fine extends Account {
              @Closure
              @Override
              public long deposit(long amount) { return super.deposit(amount * 2); }
              @Override
              public long peek() { return 1 + super.peek(); }
              public long deposit(int times, long amount) { return amount * times; }
            }
            """);
    JavaFileObject quiet =
        source(
            "t.Quiet",
            """
            package t;
            @SuppressWarnings("orthrus.closure.unannotated-override")
            @dev.orthrus.annotations.UserData
            public class Quiet extends Account {
              @Override
              public long deposit(long amount) { return super.deposit(amount); }
            }
            """);
    Compilation c = compile(ACCOUNT, fine, quiet);
    assertThat(c).succeeded();
    assertThat(c).hadWarningCount(0);
  }
}

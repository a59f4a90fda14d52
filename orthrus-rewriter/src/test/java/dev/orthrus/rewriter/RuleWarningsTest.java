package dev.orthrus.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The processor's rule warnings reach the instrumentation's result, which the Maven plugin and
 * {@code orthrus instrument} print: a build that runs the processor only through the rewriter
 * showed none of them (an outside trial: {@code orthrus analyze} listed five {@code
 * orthrus.userdata.write-outside-closure} warnings the plugin's build never printed).
 */
class RuleWarningsTest {

  @Test
  void aWriteOfUserDataOutsideClosuresIsAWarningOfTheResult(@TempDir Path dir) throws Exception {
    Path source = dir.resolve("src/shop/Account.java");
    Files.createDirectories(source.getParent());
    Files.writeString(
        source,
        """
        package shop;

        @dev.orthrus.annotations.UserData
        public class Account {
          long balance;

          @dev.orthrus.annotations.Closure
          public long deposit(long amount) {
            balance += amount;
            return balance;
          }

          public void setBalance(long balance) {
            this.balance = balance;
          }
        }
        """);
    InstrumentResult result = Builds.instrument(dir.resolve("src"), dir.resolve("out"));
    List<String> warnings = result.ruleWarnings();
    assertEquals(1, warnings.size(), warnings::toString);
    assertTrue(
        warnings
            .get(0)
            .startsWith(
                "shop/Account.java:14:5: [orthrus.userdata.write-outside-closure]"
                    + " `shop.Account#setBalance(long)` is not a closure"),
        warnings::toString);
  }
}

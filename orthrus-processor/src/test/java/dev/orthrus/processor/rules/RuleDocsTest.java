package dev.orthrus.processor.rules;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every rule has a stable key, a one-line summary and a user doc that names its severity. */
class RuleDocsTest {

  @Test
  void everyRuleIsDocumented() throws IOException {
    Set<String> keys = new HashSet<>();
    for (Rule rule : Rules.all()) {
      assertThat(rule.key()).matches("orthrus\\.(closure|userdata)\\.[a-z-]+");
      assertWithMessage("duplicate key %s", rule.key()).that(keys.add(rule.key())).isTrue();
      assertThat(rule.summary()).isNotEmpty();
      Path doc = Paths.get("..", "docs", "rules", rule.key() + ".md");
      assertWithMessage("missing %s", doc).that(Files.exists(doc)).isTrue();
      String text = Files.readString(doc);
      assertThat(text).startsWith("# `" + rule.key() + "` (" + rule.severity().name().toLowerCase(Locale.ROOT));
      assertThat(text).contains("**Why Orthrus needs it:**");
      assertThat(text).contains("**How to fix");
    }
    assertThat(keys).containsExactly(
        "orthrus.closure.static-write", "orthrus.closure.unversioned-write", "orthrus.closure.thread",
        "orthrus.closure.nondeterministic", "orthrus.closure.lock", "orthrus.closure.math-intrinsic",
        "orthrus.closure.signature", "orthrus.userdata.array-element-write",
        "orthrus.userdata.write-outside-closure", "orthrus.userdata.superclass");
  }
}

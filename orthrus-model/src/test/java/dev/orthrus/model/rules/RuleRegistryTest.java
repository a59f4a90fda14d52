package dev.orthrus.model.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The registry is the one source of rule facts: every rule has a user doc that agrees with it,
 * every doc has a rule, and the README's rules table is exactly what the registry says.
 */
class RuleRegistryTest {

  private static final Path ROOT = Path.of("..");
  private static final String TABLE_START =
      "<!-- rules table: generated from dev.orthrus.model.rules.Rule -->";
  private static final String TABLE_END = "<!-- end of rules table -->";

  @Test
  void keysAreStableAndUnique() {
    Set<String> keys = new HashSet<>();
    for (Rule rule : Rule.values()) {
      assertTrue(
          rule.key()
              .matches(
                  "orthrus\\.(closure|userdata|catalog|analysis|rewriter)\\.[a-z-]+|orthrus\\.internal"),
          rule.key());
      assertTrue(keys.add(rule.key()), "duplicate key " + rule.key());
      assertTrue(!rule.summary().isBlank(), rule.key());
      assertEquals(rule, Rule.of(rule.key()));
    }
  }

  @Test
  void everyRuleHasADocThatAgreesWithIt() throws IOException {
    for (Rule rule : Rule.values()) {
      Path doc = ROOT.resolve(rule.docPath());
      assertTrue(Files.exists(doc), "missing " + doc);
      String text = Files.readString(doc);
      String severity = rule.severity().name().toLowerCase(Locale.ROOT);
      assertTrue(
          text.startsWith("# `" + rule.key() + "` (" + severity + ")"),
          doc + " must start with: # `" + rule.key() + "` (" + severity + ")");
      assertTrue(text.contains("**Why Orthrus needs it:**"), doc.toString());
      assertTrue(text.contains("**How to fix"), doc.toString());
      assertTrue(
          text.contains("**Suppressible:** " + (rule.suppressible() ? "yes" : "no")),
          doc + " must say **Suppressible:** " + (rule.suppressible() ? "yes" : "no"));
    }
  }

  @Test
  void everyDocHasARule() throws IOException {
    Set<String> documented;
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs/rules"))) {
      documented =
          docs.map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".md"))
              .map(n -> n.substring(0, n.length() - 3))
              .collect(Collectors.toCollection(TreeSet::new));
    }
    Set<String> keys =
        Stream.of(Rule.values()).map(Rule::key).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(keys, documented);
  }

  @Test
  void readmeRulesTableIsTheRegistry() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    int start = readme.indexOf(TABLE_START);
    int end = readme.indexOf(TABLE_END);
    assertTrue(
        start >= 0 && end > start,
        "README.md must enclose its rules table in\n" + TABLE_START + "\n" + TABLE_END);
    String actual = readme.substring(start + TABLE_START.length(), end).strip();
    assertEquals(
        table(),
        actual,
        "README.md's rules table differs from the registry; paste the expected table");
  }

  @Test
  void docLinksAreAbsoluteAndTheVersionIsKnown() {
    URI home = URI.create(ToolInfo.homeUri());
    assertTrue(home.isAbsolute() && ToolInfo.homeUri().endsWith("/"), ToolInfo.homeUri());
    assertEquals(ToolInfo.homeUri() + "docs/rules/orthrus.closure.owner.md", Rule.OWNER.docUri());
    assertTrue(ToolInfo.version().matches("\\d+\\.\\d+\\.\\d+.*"), ToolInfo.version());
  }

  @Test
  void suppressionNamesTheKeyOrAll() {
    assertTrue(Rule.LOCK.suppressedBy("orthrus.closure.lock"));
    assertTrue(Rule.LOCK.suppressedBy("orthrus"));
    assertTrue(!Rule.LOCK.suppressedBy("orthrus.closure.thread"));
    assertTrue(!Rule.LOCK.suppressedBy("unchecked"));
    assertTrue(
        !Rule.OWNER.suppressedBy("orthrus.closure.owner"), "owner leaves a closure unprotected");
    assertTrue(!Rule.OWNER.suppressedBy("orthrus"));
  }

  /** The README table: one row per rule, in registry order. */
  static String table() {
    List<String> rows = new java.util.ArrayList<>();
    rows.add("| key | severity | reported by | suppressible | what it flags |");
    rows.add("|---|---|---|---|---|");
    for (Rule rule : Rule.values()) {
      rows.add(
          "| [`"
              + rule.key()
              + "`]("
              + rule.docPath()
              + ") | "
              + rule.severity().name().toLowerCase(Locale.ROOT)
              + " | "
              + rule.stage().label()
              + " | "
              + (rule.suppressible() ? "yes" : "no")
              + " | "
              + rule.summary()
              + " |");
    }
    return String.join("\n", rows);
  }
}

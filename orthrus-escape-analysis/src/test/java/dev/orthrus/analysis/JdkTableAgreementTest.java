package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.Severity;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCategory;
import dev.orthrus.model.rules.Rule;
import dev.orthrus.model.rules.RuleFinding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The processor and the bytecode analysis read the same JDK table, so for every call in it they
 * give the same rule key and severity, the same handling, and the same tag. One closure per table
 * entry runs that entry's example; both stages are run on the result and their findings on the
 * example's line compared.
 */
class JdkTableAgreementTest {

  /** The rules the JDK table decides. */
  private static final Set<String> TABLE_RULES =
      EnumSet.allOf(JdkCategory.class).stream()
          .map(JdkCategory::rule)
          .filter(r -> r != null)
          .map(Rule::key)
          .collect(Collectors.toSet());

  private static final List<JdkApi> ENTRIES = new ArrayList<>();
  private static final Map<JdkApi, Long> LINES = new LinkedHashMap<>();
  private static ProcessorRun processor;
  private static ClosureReport bytecode;

  @BeforeAll
  static void runBothStages() throws IOException {
    Path root = Files.createTempDirectory("orthrus-jdk-table");
    Path source = root.resolve("jdktable/Calls.java");
    Files.createDirectories(source.getParent());
    StringBuilder code =
        new StringBuilder(
            """
        package jdktable;

        import dev.orthrus.annotations.Closure;
        import dev.orthrus.annotations.UserData;

        public class Calls {
          static final class Plain { }

          @UserData
          public static final class Held {
            java.util.Map<String, Integer> map;
            java.util.List<String> list;
            StringBuilder text;
            StringBuffer buffer;
            java.util.concurrent.atomic.AtomicLong count;
            java.util.Date date;
            java.util.Calendar calendar;
            java.util.BitSet bits;
            java.nio.ByteBuffer bytes;
          }

          java.util.Random random = new java.util.Random(1);
          java.util.SplittableRandom splittable = new java.util.SplittableRandom(1);
        """);
    int feature = Runtime.version().feature();
    for (JdkApi api : JdkApis.all()) {
      if (api.example().isEmpty() || api.since() > feature) {
        continue;
      }
      int n = ENTRIES.size();
      ENTRIES.add(api);
      code.append("\n  @Closure\n  public void c")
          .append(n)
          .append("(Held held) throws Exception {\n    ");
      LINES.put(
          api, code.toString().lines().count()); // the example goes on the last, unfinished line
      code.append(api.example()).append("\n  }\n");
    }
    code.append("}\n");
    Files.writeString(source, code.toString());

    processor =
        ProcessorRun.compile(List.of(source), List.of("--release", String.valueOf(feature)));
    // The running JDK's release: the table's examples from newer JDKs are included above.
    Path classes = Fixtures.compileSources(List.of(root), "jdk-table", feature);
    bytecode =
        EscapeAnalyzer.analyze(
                AnalysisInput.of(classes).withClasspath(MutableCollectionFixtureTest.libraries()))
            .toClosureReport();
  }

  @Test
  void everyEntryHasAnExampleBothStagesRun() {
    int feature = Runtime.version().feature();
    List<String> without =
        JdkApis.all().stream()
            .filter(a -> !ENTRIES.contains(a))
            .map(
                a ->
                    a.type()
                        + " "
                        + a.names()
                        + (a.since() > feature ? " (Java " + a.since() + ")" : ""))
            .toList();
    // The Vector API is an incubator module: compiling an example needs --add-modules.
    List<String> expected = new ArrayList<>(List.of("jdk.incubator.vector. [*]"));
    JdkApis.all().stream()
        .filter(a -> a.since() > feature)
        .forEach(a -> expected.add(a.type() + " " + a.names() + " (Java " + a.since() + ")"));
    assertEquals(new TreeSet<>(expected), new TreeSet<>(without));
  }

  @Test
  void bothStagesGiveTheSameRuleAndSeverityForEveryCall() {
    List<String> disagreements = new ArrayList<>();
    for (JdkApi api : ENTRIES) {
      long line = LINES.get(api);
      Set<String> fromSource =
          processor.messages.stream()
              .filter(m -> m.line() == line && TABLE_RULES.contains(m.key()))
              .map(m -> m.key() + " " + severity(m.kind()))
              .collect(Collectors.toCollection(TreeSet::new));
      Set<String> fromBytecode =
          RuleFinding.of(bytecode).stream()
              .filter(f -> f.position().line() == line && TABLE_RULES.contains(f.key()))
              .map(f -> f.key() + " " + f.severity().name().toLowerCase(Locale.ROOT))
              .collect(Collectors.toCollection(TreeSet::new));
      Rule rule = api.category().rule();
      if (rule != null
          && !fromSource.contains(
              rule.key() + " " + rule.severity().name().toLowerCase(Locale.ROOT))) {
        disagreements.add(
            api.example() + ": the processor does not report " + rule.key() + " " + fromSource);
      }
      if (!fromSource.equals(fromBytecode)) {
        disagreements.add(
            api.example() + ": processor " + fromSource + ", bytecode " + fromBytecode);
      }
    }
    assertEquals(List.of(), disagreements);
  }

  /**
   * Every entry with a handling is listed as a non-deterministic call of its closure, with the
   * entry's handling, by both stages: the rewriter and the runtime act on that handling.
   */
  @Test
  void bothStagesListTheEntrysHandling() {
    List<String> disagreements = new ArrayList<>();
    for (int i = 0; i < ENTRIES.size(); i++) {
      JdkApi api = ENTRIES.get(i);
      if (api.handling() == null) {
        continue;
      }
      String method = "c" + i;
      long line = LINES.get(api);
      Set<String> source = handlings(closure(processor.report, method), line);
      Set<String> compiled = handlings(closure(bytecode, method), line);
      Set<String> expected = Set.of(api.category().jsonName() + " " + api.handling());
      if (!source.equals(expected) || !compiled.equals(expected)) {
        disagreements.add(
            api.example()
                + ": expected "
                + expected
                + ", processor "
                + source
                + ", bytecode "
                + compiled);
      }
    }
    assertEquals(List.of(), disagreements);
    assertTrue(ENTRIES.stream().anyMatch(a -> a.handling() == Handling.SEEDED));
  }

  /** The categories and handlings of the non-deterministic calls a closure lists on a line. */
  private static Set<String> handlings(ClosureModel closure, long line) {
    return closure.nondeterministic().stream()
        .filter(n -> n.position().line() == line)
        .map(n -> n.category() + " " + n.handling())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void bothStagesGiveTheSameTags() {
    List<String> disagreements = new ArrayList<>();
    for (int i = 0; i < ENTRIES.size(); i++) {
      JdkApi api = ENTRIES.get(i);
      if (api.category().tag() == null) {
        continue;
      }
      String method = "c" + i;
      boolean source = closure(processor.report, method).tags().contains(api.category().tag());
      boolean compiled = closure(bytecode, method).tags().contains(api.category().tag());
      if (!source || !compiled) {
        disagreements.add(api.example() + ": processor " + source + ", bytecode " + compiled);
      }
    }
    assertEquals(List.of(), disagreements);
    assertTrue(ENTRIES.stream().anyMatch(a -> a.category().tag() != null));
  }

  private static ClosureModel closure(ClosureReport report, String method) {
    return report.closures().stream()
        .filter(c -> c.method().equals(method))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no closure " + method));
  }

  private static String severity(Diagnostic.Kind kind) {
    Severity s =
        switch (kind) {
          case ERROR -> Severity.ERROR;
          case WARNING, MANDATORY_WARNING -> Severity.WARNING;
          default -> Severity.NOTE;
        };
    return s.name().toLowerCase(Locale.ROOT);
  }
}

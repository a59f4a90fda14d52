package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.EscapeState;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.Tag;
import dev.orthrus.model.Violation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The labeled precision corpus: small closures of ordinary modern Java under {@code
 * fixtures/corpus} (release 17) and {@code fixtures/corpus21} (release 21, compiled only when the
 * running JDK is 21 or newer), each labeled with its expected facts:
 *
 * <ul>
 *   <li>{@code // TAGS: none|floating-point|vector ...} on the line before the closure;
 *   <li>{@code // ESCAPE: STATE [type] [in closure]} on every allocation line a closure reaches;
 *   <li>{@code // VIOLATION: key} on the line of every statement that breaks a rule;
 *   <li>{@code // NONDET: category} on the line of every non-deterministic call.
 * </ul>
 *
 * Prints precision and recall per fact (and writes them to {@code
 * target/corpus-precision-recall.txt}) and fails below the bar: no violation on correct code,
 * escape-state precision and recall of at least 0.95, every closure and every reported allocation
 * labeled.
 */
class CorpusTest {

  static final double BAR = 0.95;

  /** Expected, predicted and correct counts of one fact. */
  private static final class Score {
    int expected;
    int predicted;
    int correct;

    double precision() {
      return predicted == 0 ? 1 : correct / (double) predicted;
    }

    double recall() {
      return expected == 0 ? 1 : correct / (double) expected;
    }
  }

  private final Map<String, Score> scores = new LinkedHashMap<>();
  private final List<String> misses = new ArrayList<>();
  private int closures;

  private Score score(String fact) {
    return scores.computeIfAbsent(fact, k -> new Score());
  }

  @Test
  void corpusMeetsTheBar() throws IOException {
    List<String> suites = new ArrayList<>(List.of("corpus"));
    if (Runtime.version().feature() >= 21) {
      suites.add("corpus21");
    }
    for (String suite : suites) {
      int release = suite.equals("corpus21") ? 21 : 17;
      AnalysisReport report =
          EscapeAnalyzer.analyze(
              AnalysisInput.of(Fixtures.compile(suite, release))
                  .withClasspath(MutableCollectionFixtureTest.libraries()));
      check(suite, report);
    }

    StringBuilder table =
        new StringBuilder(
            String.format(
                "%-32s %8s %9s %7s %9s %6s%n",
                "fact", "expected", "predicted", "correct", "precision", "recall"));
    scores.forEach(
        (fact, s) ->
            table.append(
                String.format(
                    "%-32s %8d %9d %7d %9.2f %6.2f%n",
                    fact, s.expected, s.predicted, s.correct, s.precision(), s.recall())));
    table
        .append("closures: ")
        .append(closures)
        .append(" (suites ")
        .append(String.join(", ", suites))
        .append(Runtime.version().feature() >= 21 ? "" : "; corpus21 needs a JDK 21+ javac")
        .append(")\n");
    table.append("misses: ").append(misses.size()).append('\n');
    misses.forEach(m -> table.append("  ").append(m).append('\n'));
    System.out.print(table);
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/corpus-precision-recall.txt"), table);

    assertTrue(closures >= 40, "the corpus should have at least 40 closures, has " + closures);
    List<String> unlabeled = misses.stream().filter(m -> m.startsWith("unlabeled")).toList();
    assertEquals(List.of(), unlabeled, "every closure and every allocation it reaches is labeled");
    List<String> falseViolations =
        misses.stream().filter(m -> m.startsWith("false violation")).toList();
    assertEquals(List.of(), falseViolations, "no violation on correct code");
    Score escape = scores.get("escape (all)");
    assertTrue(
        escape.precision() >= BAR && escape.recall() >= BAR,
        String.format(
            "escape-state precision %.2f, recall %.2f: below %.2f%n%s",
            escape.precision(), escape.recall(), BAR, table));
  }

  private void check(String suite, AnalysisReport report) {
    List<Fixtures.Label> labels = Fixtures.labels(suite);
    List<Fixtures.Expectation> escapes = Fixtures.expectations(suite);
    List<ClosureModel> models =
        report.closures().stream()
            .map(ClosureAnalysis::model)
            .sorted(
                Comparator.comparing((ClosureModel c) -> c.source().file())
                    .thenComparing(c -> c.source().line()))
            .toList();
    closures += models.size();
    checkTags(labels, models);
    checkEscapes(escapes, models);
    checkLines(
        "violation",
        labels,
        "VIOLATION",
        models.stream()
            .flatMap(c -> c.violations().stream())
            .map(CorpusTest::line)
            .collect(Collectors.toSet()));
    checkLines(
        "nondeterministic",
        labels,
        "NONDET",
        models.stream()
            .flatMap(c -> c.nondeterministic().stream())
            .map(CorpusTest::line)
            .collect(Collectors.toSet()));
  }

  /** Each closure takes the TAGS label closest above its body, in its own file. */
  private void checkTags(List<Fixtures.Label> labels, List<ClosureModel> models) {
    List<Fixtures.Label> tagLabels = labels.stream().filter(l -> l.kind().equals("TAGS")).toList();
    Set<Fixtures.Label> used = new LinkedHashSet<>();
    for (ClosureModel c : models) {
      Fixtures.Label label =
          tagLabels.stream()
              .filter(l -> l.file().equals(c.source().file()) && l.line() < c.source().line())
              .max(Comparator.comparingInt(Fixtures.Label::line))
              .orElse(null);
      if (label == null || !used.add(label)) {
        misses.add("unlabeled closure " + c.id() + " (no TAGS line of its own above it)");
        continue;
      }
      Set<Tag> expected = EnumSet.noneOf(Tag.class);
      for (String word : label.value().split("\\s+")) {
        if (!word.equals("none")) {
          expected.add(Tag.fromJsonName(word));
        }
      }
      for (Tag t : Tag.values()) {
        Score s = score("tag " + t.jsonName());
        boolean e = expected.contains(t);
        boolean p = c.tags().contains(t);
        s.expected += e ? 1 : 0;
        s.predicted += p ? 1 : 0;
        s.correct += e && p ? 1 : 0;
        if (e != p) {
          misses.add("tag " + t.jsonName() + " " + (e ? "missing in " : "unexpected in ") + c.id());
        }
      }
    }
  }

  /** One instance per (closure, allocation): the expected state against the predicted one. */
  private void checkEscapes(List<Fixtures.Expectation> escapes, List<ClosureModel> models) {
    Set<Fixtures.Expectation> matched = new LinkedHashSet<>();
    for (ClosureModel c : models) {
      for (Allocation a : c.allocations()) {
        List<Fixtures.Expectation> mine = Fixtures.Expectation.applying(escapes, a, c.method());
        if (mine.isEmpty()) {
          misses.add(
              "unlabeled allocation "
                  + where(a)
                  + " in "
                  + c.id()
                  + " (analysis says "
                  + a.escape()
                  + ")");
          continue;
        }
        matched.addAll(mine);
        EscapeState expected = EscapeState.valueOf(mine.get(0).state());
        count("escape " + expected.name(), "escape " + a.escape().name(), expected == a.escape());
        count("escape (all)", "escape (all)", expected == a.escape());
        if (expected != a.escape()) {
          misses.add(
              "escape of "
                  + where(a)
                  + " in "
                  + c.method()
                  + ": expected "
                  + expected
                  + ", analysis says "
                  + a.escape());
        }
      }
    }
    for (Fixtures.Expectation e : escapes) {
      if (!matched.contains(e)) {
        score("escape " + e.state()).expected++;
        score("escape (all)").expected++;
        misses.add(
            "escape expected at "
                + e.file()
                + ":"
                + e.line()
                + " ("
                + e.state()
                + (e.type() == null ? "" : " " + e.type())
                + "), no such allocation reached");
      }
    }
  }

  /** {@code type at file:line}, as the misses name an allocation. */
  private static String where(Allocation a) {
    return a.type() + " at " + a.position().file() + ":" + a.position().line();
  }

  private void count(String expectedFact, String predictedFact, boolean correct) {
    score(expectedFact).expected++;
    score(predictedFact).predicted++;
    if (correct) {
      score(expectedFact).correct++;
    }
  }

  /** Facts compared as sets of "file:line value". */
  private void checkLines(
      String fact, List<Fixtures.Label> labels, String kind, Set<String> predicted) {
    Set<String> expected =
        labels.stream()
            .filter(l -> l.kind().equals(kind))
            .map(l -> l.file() + ":" + l.line() + " " + l.value())
            .collect(Collectors.toCollection(TreeSet::new));
    for (String e : expected) {
      String key = e.substring(e.indexOf(' ') + 1);
      score(fact + " " + key).expected++;
      score(fact + " (all)").expected++;
    }
    for (String p : new TreeSet<>(predicted)) {
      String key = p.substring(p.indexOf(' ') + 1);
      score(fact + " " + key).predicted++;
      score(fact + " (all)").predicted++;
      if (expected.contains(p)) {
        score(fact + " " + key).correct++;
        score(fact + " (all)").correct++;
      } else {
        misses.add(
            (fact.equals("violation") ? "false violation " : "unexpected " + fact + " ") + p);
      }
    }
    for (String e : expected) {
      if (!predicted.contains(e)) {
        misses.add("missed " + fact + " " + e);
      }
    }
  }

  private static String line(Violation v) {
    return v.position().file() + ":" + v.position().line() + " " + v.key();
  }

  private static String line(NondeterministicCall n) {
    return n.position().file() + ":" + n.position().line() + " " + n.category();
  }
}

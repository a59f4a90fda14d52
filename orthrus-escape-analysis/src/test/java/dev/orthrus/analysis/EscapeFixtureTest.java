package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.model.Allocation;
import dev.orthrus.model.EscapeState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Checks every {@code // ESCAPE: STATE} expectation in the escape and phantom fixtures against the
 * analysis, in every closure that reaches the allocation, and reports precision and recall per
 * escape state (written to {@code target/escape-precision-recall.txt}).
 */
class EscapeFixtureTest {

  @Test
  void everyExpectationIsMet() throws IOException {
    List<String> misses = new ArrayList<>();
    Map<EscapeState, int[]> counts =
        new EnumMap<>(EscapeState.class); // expected, predicted, correct
    for (EscapeState s : EscapeState.values()) {
      counts.put(s, new int[3]);
    }
    int total = 0;
    for (String suite : List.of("escape", "phantom", "lambdas")) {
      Path classes =
          suite.equals("phantom") ? PhantomTest.compileWithoutMissing() : Fixtures.compile(suite);
      AnalysisReport report = EscapeAnalyzer.analyze(AnalysisInput.of(classes));
      List<Fixtures.Expectation> expectations = Fixtures.expectations(suite);
      assertFalse(expectations.isEmpty(), "no expectations in " + suite);
      for (Fixtures.Expectation e : expectations) {
        total++;
        Set<EscapeState> predicted = new TreeSet<>();
        for (ClosureAnalysis c : report.closures()) {
          for (Allocation a : c.model().allocations()) {
            if (Fixtures.Expectation.applying(expectations, a, c.model().method()).contains(e)) {
              predicted.add(a.escape());
            }
          }
        }
        EscapeState expected = EscapeState.valueOf(e.state());
        counts.get(expected)[0]++;
        if (predicted.isEmpty()) {
          misses.add(e.file() + ":" + e.line() + " expected " + expected + ", no allocation found");
          continue;
        }
        EscapeState worst = predicted.stream().max(Enum::compareTo).orElseThrow();
        counts.get(worst)[1]++;
        if (predicted.equals(Set.of(expected))) {
          counts.get(expected)[2]++;
        } else {
          misses.add(
              e.file() + ":" + e.line() + " expected " + expected + ", analysis says " + predicted);
        }
      }
    }
    StringBuilder table =
        new StringBuilder("escape state   expected  predicted  correct  precision  recall\n");
    for (Map.Entry<EscapeState, int[]> c : counts.entrySet()) {
      int[] n = c.getValue();
      table.append(
          String.format(
              "%-13s %9d %10d %8d %10s %7s%n",
              c.getKey(),
              n[0],
              n[1],
              n[2],
              n[1] == 0 ? "-" : String.format("%.2f", n[2] / (double) n[1]),
              n[0] == 0 ? "-" : String.format("%.2f", n[2] / (double) n[0])));
    }
    table
        .append("expectations: ")
        .append(total)
        .append(", misses: ")
        .append(misses.size())
        .append('\n');
    misses.forEach(m -> table.append("  miss ").append(m).append('\n'));
    System.out.print(table);
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/escape-precision-recall.txt"), table);
    assertTrue(total >= 20, "the fixture suite should have at least 20 expectations, has " + total);
    assertEquals(List.of(), misses);
  }
}

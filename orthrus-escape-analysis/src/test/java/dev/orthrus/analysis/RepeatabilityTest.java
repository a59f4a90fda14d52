package dev.orthrus.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.orthrus.model.json.ClosureReportJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Soot's global state is reset inside: repeated and concurrent runs in one JVM agree. */
class RepeatabilityTest {

  private static String run(Path classes) {
    return ClosureReportJson.write(
        EscapeAnalyzer.analyze(AnalysisInput.of(classes)).toClosureReport());
  }

  @Test
  void repeatedRunsGiveTheSameReport() {
    Path escape = Fixtures.compile("escape");
    Path calls = Fixtures.compile("calls");
    String first = run(escape);
    String other = run(calls);
    assertEquals(first, run(escape));
    assertEquals(other, run(calls));
  }

  @Test
  void concurrentCallersDoNotInterleave() throws Exception {
    Path escape = Fixtures.compile("escape");
    Path calls = Fixtures.compile("calls");
    String expectedEscape = run(escape);
    String expectedCalls = run(calls);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        results.add(pool.submit(() -> run(escape)));
        results.add(pool.submit(() -> run(calls)));
      }
      for (int i = 0; i < results.size(); i++) {
        assertEquals(
            i % 2 == 0 ? expectedEscape : expectedCalls, results.get(i).get(2, TimeUnit.MINUTES));
      }
    } finally {
      pool.shutdownNow();
    }
  }
}

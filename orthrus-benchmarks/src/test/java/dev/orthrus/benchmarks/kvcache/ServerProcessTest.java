package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A server's stderr is read as it grows, whole lines only. */
class ServerProcessTest {

  @Test
  void newStderrLinesGivesEachWholeLineOnce() throws Exception {
    try (ServerProcess p =
        ServerProcess.start(
            "sh",
            List.of("sh", "-c", "echo one >&2; printf 'two\\nthr' >&2; sleep 1; echo ee >&2"),
            false)) {
      List<String> lines = new ArrayList<>();
      long deadline = System.currentTimeMillis() + 20_000;
      while (lines.size() < 3 && System.currentTimeMillis() < deadline) {
        List<String> batch = p.newStderrLines();
        batch.forEach(l -> assertNotEquals("thr", l, "a partial line is never given"));
        lines.addAll(batch);
        Thread.sleep(20);
      }
      assertEquals(List.of("one", "two", "three"), lines);
      assertEquals(List.of(), p.newStderrLines());
    }
  }
}

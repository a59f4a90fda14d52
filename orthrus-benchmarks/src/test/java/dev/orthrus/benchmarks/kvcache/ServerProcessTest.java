package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A server's stderr is read as it grows, whole lines only; a failure names how a server that died
 * ended, with its last output.
 */
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

  @Test
  void theFailureOfAServerThatDiedSaysHowItEnded() throws Exception {
    try (ServerProcess p =
        ServerProcess.start("sh", List.of("sh", "-c", "echo out of memory >&2; exit 3"), false)) {
      long deadline = System.currentTimeMillis() + 20_000;
      String message = p.failure("failed under load").getMessage();
      while (!message.contains("exited") && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
        message = p.failure("failed under load").getMessage();
      }
      assertTrue(
          message.startsWith("sh failed under load (the server exited with status 3)"), message);
      assertTrue(message.contains("its stderr ends:\nout of memory"), message);
    }
  }
}

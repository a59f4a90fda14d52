package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Mode;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Result;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Run;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --transport tcp} end to end against the stand-in server of this module's tests: each
 * mode's server starts once, its windows alternate with the other mode's (the server frozen in
 * between), and it is stopped at the end.
 */
class WindowsOverTcpTest {

  @Test
  void modesAlternateInWindowsOfServersStartedOnce() {
    Workload workload = new Workload(2000, 0.99, 90, 32, 256, 2, 8, 3);
    KvcacheBenchmark.Options options =
        new KvcacheBenchmark.Options(
            List.of(Mode.VANILLA, Mode.RBV),
            false,
            false,
            3,
            200,
            200,
            400,
            0,
            1,
            64,
            workload,
            true,
            true,
            KvcacheBenchmark.LoadCpu.SERVER);
    String testClassPath = System.getProperty("java.class.path");
    List<String> progress = new ArrayList<>();
    Result result = KvcacheBenchmark.run(options, protectedBuild -> testClassPath, progress::add);

    assertEquals(
        List.of("starting vanilla", "starting rbv"),
        progress.subList(0, 2).stream().map(p -> p.substring(0, p.indexOf(" and "))).toList());
    // Its windows end long before the servers' first LRU bump: nothing to wait for.
    assertTrue(progress.stream().noneMatch(p -> p.startsWith("waiting")), progress::toString);
    List<String> order = new ArrayList<>();
    for (Run run : result.runs()) {
      assertTrue(run.ok(), run.error());
      assertTrue(run.throughputOpsPerSec() > 0 && run.ops() > 0, run.toString());
      assertTrue(run.appCpuNanosPerOp() > 0 && run.clientCpuNanosPerOp() > 0, run.toString());
      assertEquals(1.0, run.getHitRatio(), run.toString());
      // The server outlived its window: a server restarted per window would have had to be
      // warmed up again, and its peak memory would start from nothing.
      assertTrue(run.peakRssBytes() > 0, run.toString());
      // Measured once per server, thawed, after its last window.
      assertTrue(run.liveHeapBytes() > 0, run.toString());
      order.add(run.mode().label());
    }
    // The server's total, 2, is reported once: by its first window, not by each of them.
    for (Mode mode : List.of(Mode.VANILLA, Mode.RBV)) {
      assertEquals(
          List.of(2L, 0L, 0L),
          result.runs().stream().filter(r -> r.mode() == mode).map(Run::detections).toList());
    }
    // The modes' order rotates from one repetition to the next.
    assertEquals(List.of("vanilla", "rbv", "rbv", "vanilla", "vanilla", "rbv"), order);
  }
}

package dev.orthrus.benchmarks.kvcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.LoadCpu;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Mode;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Result;
import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KvcacheBenchmarkTest {

  @Test
  void aServerThatCannotStartFailsItsModeWithItsOwnError(@TempDir Path empty) {
    KvcacheBenchmark.Options options = options(List.of(Mode.VANILLA, Mode.ORTHRUS), true);
    List<String> progress = new ArrayList<>();
    String cpusBefore = ProcFs.allowedCpus();
    Result result =
        KvcacheBenchmark.run(options, protectedBuild -> empty.toString(), progress::add);
    // This JVM was the load generator, moved to the server's CPU for the runs, and is put back.
    assertEquals(cpusBefore, ProcFs.allowedCpus());
    assertEquals(6, result.runs().size());
    for (Run run : result.runs()) {
      assertFalse(run.ok());
      assertTrue(run.error().startsWith(run.mode().label() + " exited with status 1"), run.error());
      // The JVM's own message reaches the user.
      assertTrue(run.error().contains("dev.orthrus.samples.kvcache.server.Main"), run.error());
      assertTrue(Double.isNaN(run.throughputOpsPerSec()));
    }
    // Each mode's server starts once; its windows then fail with the start's error.
    assertTrue(progress.get(0).startsWith("starting vanilla"), progress.toString());
    assertTrue(progress.get(1).startsWith("starting orthrus"), progress.toString());
    assertTrue(progress.get(2).contains("FAILED"), progress.toString());
    assertTrue(Double.isNaN(result.ratio(Mode.ORTHRUS, Mode.VANILLA, Run::throughputOpsPerSec)));
  }

  @Test
  void missesPassOnlyWhenTheServerEvicted() {
    LoadGenerator.Phase missed =
        new LoadGenerator.Phase(100, 1_000_000, new org.HdrHistogram.Histogram(3), 90, 3, 10, 0);
    ServerStats none = new ServerStats(java.util.Map.of("evictions", "0"));
    ServerStats some = new ServerStats(java.util.Map.of("evictions", "2"));
    ReplyException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            ReplyException.class,
            () -> KvcacheBenchmark.checkMisses(Mode.VANILLA, missed, false, none));
    assertTrue(e.getMessage().contains("3 gets missed keys that were stored"), e.getMessage());
    KvcacheBenchmark.checkMisses(Mode.VANILLA, missed, false, some);
    // Evicted during preload or warm-up: stats reset zeroed the counter, the keys are still gone.
    KvcacheBenchmark.checkMisses(Mode.VANILLA, missed, true, none);
    org.junit.jupiter.api.Assertions.assertThrows(
        ReplyException.class,
        () ->
            KvcacheBenchmark.checkMisses(
                Mode.MEMCACHED, missed, false, new ServerStats(java.util.Map.of())));
  }

  @Test
  void modesRotateOverRepetitions() {
    KvcacheBenchmark.Options options =
        options(List.of(Mode.VANILLA, Mode.ORTHRUS, Mode.RBV), false);
    Result result = KvcacheBenchmark.run(options, b -> "/nonexistent", line -> {});
    List<Mode> order = result.runs().stream().map(Run::mode).toList();
    assertEquals(
        List.of(
            Mode.VANILLA,
            Mode.ORTHRUS,
            Mode.RBV,
            Mode.ORTHRUS,
            Mode.RBV,
            Mode.VANILLA,
            Mode.RBV,
            Mode.VANILLA,
            Mode.ORTHRUS),
        order);
  }

  @Test
  void strictRunsTheProtectedServerWithEveryClosureStrict() {
    KvcacheBenchmark.Options options = options(List.of(Mode.ORTHRUS, Mode.STRICT), false);
    List<String> strict =
        KvcacheBenchmark.command(
            options, Mode.STRICT, 0, b -> b ? "protected.jar" : "vanilla.jar", 2, -1);
    List<String> relaxed =
        KvcacheBenchmark.command(
            options, Mode.ORTHRUS, 0, b -> b ? "protected.jar" : "vanilla.jar", 2, -1);
    assertTrue(strict.contains("protected.jar"), strict.toString());
    assertTrue(strict.contains("-Dorthrus.mode=strict"), strict.toString());
    assertFalse(relaxed.contains("-Dorthrus.mode=strict"), relaxed.toString());
    // The server knows modes vanilla, orthrus and rbv; strict is orthrus with a runtime setting.
    assertEquals("orthrus", strict.get(strict.indexOf("--mode") + 1));
    assertEquals(Mode.STRICT, Mode.parse("strict"));
  }

  @Test
  void validatorsSpinOnlyWhenTheLoadGeneratorLeavesThemTheirCpu() {
    for (LoadCpu load : LoadCpu.values()) {
      KvcacheBenchmark.Options options = options(List.of(Mode.ORTHRUS), true, load);
      List<String> command =
          KvcacheBenchmark.command(options, Mode.ORTHRUS, 0, b -> "protected.jar", 2, -1);
      assertTrue(
          command.contains("-Dorthrus.spinOnOwnCpu=" + (load == LoadCpu.SERVER)),
          load + ": " + command);
    }
    assertEquals(LoadCpu.SPARE, LoadCpu.parse("spare"));
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> LoadCpu.parse("validators"));
    assertTrue(e.getMessage().contains("server or spare"), e.getMessage());
  }

  @Test
  void theLoadGeneratorsCpuIsTheServersOrTheSpareOne() {
    KvcacheBenchmark.Placement server = KvcacheBenchmark.Placement.of(true, LoadCpu.SERVER);
    KvcacheBenchmark.Placement spare = KvcacheBenchmark.Placement.of(true, LoadCpu.SPARE);
    if (server.pinned()) {
      assertEquals(server.serverCpu(), server.clientCpu());
      assertEquals(spare.otherCpu(), spare.clientCpu());
      assertTrue(server.otherCpu() != server.serverCpu());
      // Validators get a raised priority only on a CPU of their own.
      assertTrue(server.validatorNice() <= 0);
      assertEquals(0, spare.validatorNice());
    }
    KvcacheBenchmark.Placement none = KvcacheBenchmark.Placement.of(false, LoadCpu.SERVER);
    assertEquals(-1, none.clientCpu());
    assertEquals(0, none.validatorNice());
    assertFalse(none.pinned());
    KvcacheBenchmark.Options options = options(List.of(Mode.ORTHRUS), true);
    Result shared = new Result(options, List.of(), 0, 1, 0, 2, Double.NaN, 0, List.of());
    assertTrue(
        shared.loadGeneratorPlacement().endsWith("pinned to CPU 0, shared with the server"),
        shared.loadGeneratorPlacement());
    Result apart = new Result(options, List.of(), 0, 1, 1, 2, Double.NaN, 0, List.of());
    assertTrue(
        apart.loadGeneratorPlacement().endsWith("shared with the validators or the replica"),
        apart.loadGeneratorPlacement());
  }

  @Test
  void differencesArePairedByRepetition() {
    KvcacheBenchmark.Options options = options(List.of(Mode.ORTHRUS, Mode.STRICT), false);
    List<Run> runs = new ArrayList<>();
    double[][] p50 = {{100, 130}, {300, 310}, {200, 260}};
    for (int rep = 0; rep < 3; rep++) {
      runs.add(withP50(Mode.ORTHRUS, rep, p50[rep][0]));
      runs.add(withP50(Mode.STRICT, rep, p50[rep][1]));
    }
    Result result = new Result(options, runs, -1, -1, -1, 2, Double.NaN, 0, List.of());
    // Differences 30, 10, 60: their median, not the difference of the medians (260 - 200).
    assertEquals(30, result.difference(Mode.STRICT, Mode.ORTHRUS, Run::latencyP50Us), 1e-9);
    assertTrue(Double.isNaN(result.difference(Mode.STRICT, Mode.VANILLA, Run::latencyP50Us)));
  }

  /** Three repetitions of 0.1 s, no warm-up, one server thread, 64 MB. */
  private static KvcacheBenchmark.Options options(List<Mode> modes, boolean pin) {
    return options(modes, pin, LoadCpu.SERVER);
  }

  private static KvcacheBenchmark.Options options(List<Mode> modes, boolean pin, LoadCpu load) {
    return new KvcacheBenchmark.Options(
        modes, false, false, 3, 0, 0, 100, 0, 1, 64, Workload.defaults(), pin, true, load);
  }

  private static Run withP50(Mode mode, int rep, double p50) {
    double n = Double.NaN;
    return new Run(
        mode, rep, 1, p50, n, n, n, n, n, n, n, n, n, n, n, n, 0, n, n, 1, 0, n, null, null);
  }

  @Test
  void validatorThreadsAreFoundByTheirTruncatedName() throws InterruptedException {
    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
    Thread validator = new Thread(() -> await(done), "orthrus-validator-7");
    validator.start();
    try {
      long pid = ProcessHandle.current().pid();
      String seen = null;
      for (int i = 0; i < 100 && seen == null; i++) {
        seen =
            ProcFs.threads(pid).values().stream()
                .filter(KvcacheBenchmark::isValidator)
                .findFirst()
                .orElse(null);
        Thread.sleep(10);
      }
      assertEquals("orthrus-validat", seen, "as /proc names the runtime's validator threads");
    } finally {
      done.countDown();
      validator.join();
    }
    assertFalse(KvcacheBenchmark.isValidator("kvcache-worker-"));
    assertFalse(KvcacheBenchmark.isValidator("orthrus-shutdow"));
  }

  private static void await(java.util.concurrent.CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void procFsReadsThisProcess() {
    long pid = ProcessHandle.current().pid();
    assertTrue(ProcFs.available());
    assertTrue(ProcFs.peakRssBytes(pid) > 1 << 20);
    long before = ProcFs.cpuNanos(pid);
    long spin = System.nanoTime() + 300_000_000;
    long x = 0;
    while (System.nanoTime() < spin) {
      x += x * 31 + 1;
    }
    assertTrue(ProcFs.cpuNanos(pid) - before >= 100_000_000, "spun 0.3 s: " + x);
  }
}

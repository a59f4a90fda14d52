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
 * {@code --transport inproc} end to end: a child JVM runs {@link InProcessLoad} against the
 * stand-in {@code InProcessServer} of this module's tests, the driver reads its CPU between the
 * {@code ready} and {@code measured} lines and gets the phase back.
 */
class InProcessTransportTest {

  @Test
  void measuresInsideTheServersJvm() {
    Workload workload = new Workload(2000, 0.99, 90, 32, 256, 1, 8, 3);
    KvcacheBenchmark.Options options =
        new KvcacheBenchmark.Options(
            List.of(Mode.VANILLA),
            true,
            false,
            3,
            200,
            200,
            500,
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
    assertEquals(3, result.runs().size(), progress.toString());
    for (Run run : result.runs()) {
      assertTrue(run.ok(), run.error());
      assertTrue(run.throughputOpsPerSec() > 0 && run.ops() > 0, run.toString());
      assertTrue(run.appCpuNanosPerOp() > 0, run.toString());
      assertTrue(run.liveHeapBytes() > 0, run.toString());
      assertEquals(1.0, run.getHitRatio(), run.toString());
      assertTrue(Double.isNaN(run.clientCpuNanosPerOp()), "the load threads are the server's");
      assertTrue(Double.isNaN(run.validatedFraction()), "the stand-in reports no validation");
      // "stop" lets the child close the server, which prints its summary.
      assertEquals(
          "kvcache stopped: in-process stand-in --mode vanilla -m 64 -t 1", run.stoppedLine());
    }
    assertTrue(result.loadGeneratorPlacement().startsWith("in the server's JVM"));
  }
}

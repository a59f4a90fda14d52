package dev.orthrus.benchmarks.jmh;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * CPU nanoseconds the benchmark JVM spent per operation (all its threads: the benchmark thread, the
 * garbage collector's, the JIT's), from the process CPU clock. On a machine shared with other work
 * a wall-clock score counts the time the benchmark thread waited for a CPU; this one does not. Use
 * with {@code -prof dev.orthrus.benchmarks.jmh.CpuTimeProfiler}; the figure is the secondary result
 * {@code ·cpu.time}.
 */
public final class CpuTimeProfiler implements InternalProfiler {

  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private long startNanos;

  @Override
  public String getDescription() {
    return "process CPU time per operation";
  }

  @Override
  public void beforeIteration(BenchmarkParams benchmark, IterationParams iteration) {
    startNanos = os.getProcessCpuTime();
  }

  @Override
  public Collection<? extends Result> afterIteration(
      BenchmarkParams benchmark, IterationParams iteration, IterationResult result) {
    long cpu = os.getProcessCpuTime() - startNanos;
    long ops = result.getMetadata().getMeasuredOps() * benchmark.getOpsPerInvocation();
    double perOp = ops > 0 ? (double) cpu / ops : Double.NaN;
    return List.of(new ScalarResult("cpu.time", perOp, "ns/op", AggregationPolicy.AVG));
  }
}

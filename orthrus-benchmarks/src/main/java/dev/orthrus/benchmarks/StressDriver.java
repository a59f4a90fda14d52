package dev.orthrus.benchmarks;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.sample.FixedSampling;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The false-positive stress: T application threads run a mixed workload on shared user data (hash
 * map get/set/delete on a small key space, items handed from one closure to another through the
 * control path, tree inserts and scans, floating-point reductions) with every execution validated.
 * Any detection is a false positive. By default on generated code ({@link Code#GENERATED}).
 */
public final class StressDriver {

  /**
   * What one stress run did: {@code operations} loop iterations, {@code executions} closure
   * executions they made (a handoff is two), {@code validated} executions validated, {@code
   * notValidated} executions whose store met another thread's store to the same object (decision
   * 0051).
   */
  public record Result(
      long operations,
      long executions,
      long validated,
      long notValidated,
      long detections,
      long skipped,
      long millis,
      List<String> firstDetections) {}

  private StressDriver() {}

  /**
   * Runs {@code operations} operations split across {@code threads} threads with a fixed seed.
   * Every execution is logged and validated (the application waits for a free log rather than
   * skipping, which only a stress test may do).
   */
  public static Result run(int threads, long operations, long seed) {
    return run(threads, operations, seed, Code.GENERATED);
  }

  /** As {@link #run(int, long, long)}, on {@code code}. */
  public static Result run(int threads, long operations, long seed, Code code) {
    if (threads < 1 || operations < 1) {
      throw new IllegalArgumentException("threads and operations must be positive");
    }
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(1)
            .logsPerThread(1024)
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      rt.blockWhenFull(true);
      // Generated code reaches its runtime through Orthrus.runtime().
      Orthrus.install(rt);
      StressTarget target = StressTarget.of(code, rt);
      long perThread = operations / threads;
      long extra = operations % threads;
      AtomicLong done = new AtomicLong();
      AtomicLong executions = new AtomicLong();
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> workers = new ArrayList<>();
      long start = System.nanoTime();
      for (int t = 0; t < threads; t++) {
        long count = perThread + (t < extra ? 1 : 0);
        long threadSeed = seed * 31 + t;
        Thread w =
            new Thread(
                () -> {
                  try {
                    executions.addAndGet(work(target, count, new SplittableRandom(threadSeed)));
                    done.addAndGet(count);
                  } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                  }
                },
                "orthrus-stress-" + t);
        workers.add(w);
        w.start();
      }
      for (Thread w : workers) {
        try {
          w.join();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted", e);
        }
      }
      if (failure.get() != null) {
        throw new IllegalStateException("a stress thread failed", failure.get());
      }
      if (!rt.awaitDrained(60_000)) {
        throw new IllegalStateException("validators did not drain the queues within 60 s");
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      List<String> first = new ArrayList<>();
      rt.detections().recent().stream().limit(5).forEach(d -> first.add(d.summary()));
      return new Result(
          done.get(),
          executions.get(),
          rt.validatedCount(),
          rt.notValidatedCount(),
          rt.detections().count(),
          rt.skippedCount(),
          millis,
          first);
    }
  }

  /** Runs {@code count} operations; returns the closure executions they made. */
  private static long work(StressTarget target, long count, SplittableRandom random) {
    double[] batch = new double[8];
    long executions = count;
    for (long i = 0; i < count; i++) {
      int op = random.nextInt(100);
      String key = "k" + random.nextInt(2048);
      if (op < 34) {
        target.get(key);
      } else if (op < 40) {
        // A closure-to-closure handoff while other threads replace and delete the same keys.
        if (target.handoff(key)) {
          executions++; // find, then valueOf
        }
      } else if (op < 70) {
        target.set(key, ("v" + random.nextLong()).getBytes(StandardCharsets.UTF_8), op);
      } else if (op < 80) {
        target.delete(key);
      } else if (op < 92) {
        target.insert(random.nextLong(100_000), random.nextLong());
      } else if (op < 96) {
        target.scan(random.nextLong(100_000), 16);
      } else {
        for (int k = 0; k < batch.length; k++) {
          batch[k] = random.nextDouble() * 1e6 - 5e5;
        }
        target.add(batch.clone());
      }
    }
    return executions;
  }
}

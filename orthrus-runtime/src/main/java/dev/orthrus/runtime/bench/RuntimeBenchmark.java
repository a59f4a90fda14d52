package dev.orthrus.runtime.bench;

import dev.orthrus.runtime.ClosureBinding;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.checksum.ControlPath;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.log.ClosureLog;
import dev.orthrus.runtime.memory.VersionedObject;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * The runtime cost benchmark: the hand-written hash-map get/set mix on one application thread,
 * alternating rounds with the runtime disabled (same versioned code, no logging) and enabled
 * (adaptive sampling from 100%, one validator), in one JVM, and the median of the per-pair
 * throughput ratios. Also measures validation latency, strict-mode added latency and per-operation
 * costs of the primitives.
 */
public final class RuntimeBenchmark {

  /** Settings; {@link #defaults()} is what {@code orthrus bench runtime} runs. */
  public record Options(int pairs, long roundMillis, int keys, int valueBytes, int getPercent,
      boolean pin) {
    public static Options defaults() {
      return new Options(7, 400, 10_000, 64, 90, true);
    }

    public Options {
      if (pairs < 1 || roundMillis < 10 || keys < 1 || valueBytes < 1 || getPercent < 0
          || getPercent > 100) {
        throw new IllegalArgumentException("bad benchmark options");
      }
    }
  }

  /** Everything measured. Latencies in microseconds, per-op costs in nanoseconds. */
  public record Result(
      double protectedVsDisabled,
      double protectedVsVanilla,
      double[] pairRatios,
      double disabledOpsPerSec,
      double protectedOpsPerSec,
      double vanillaOpsPerSec,
      double validationLatencyMeanUs,
      double validationLatencyP99Us,
      double strictAddedLatencyP50Us,
      long detections,
      boolean pinned,
      boolean cpuIdNative,
      double finalSamplingRate,
      long validated,
      long skipped,
      Map<String, Double> perOpNanos) {}

  private RuntimeBenchmark() {}

  public static Result run(Options o) {
    boolean appPinned = o.pin() && Pinning.cpus() > 1 && Pinning.pin(0);
    RuntimeConfig config = RuntimeConfig.builder()
        .validators(1)
        .pinValidators(o.pin())
        .err(null)
        .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      String[] keys = new String[o.keys()];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = "key:" + i;
      }
      byte[][] values = new byte[64][];
      SplittableRandom random = new SplittableRandom(7);
      for (int i = 0; i < values.length; i++) {
        values[i] = new byte[o.valueBytes()];
        random.nextBytes(values[i]);
      }
      int capacity = Integer.highestOneBit(Math.max(2, keys.length)) * 2;
      KvMap map = new KvMap(rt, capacity);
      VanillaKvMap vanilla = new VanillaKvMap(capacity);
      rt.enabled(false);
      for (int i = 0; i < keys.length; i++) {
        map.set(keys[i], values[i % values.length], 0);
        vanilla.set(keys[i], values[i % values.length], 0);
      }
      int[] ops = new int[1 << 16];
      for (int i = 0; i < ops.length; i++) {
        int key = random.nextInt(keys.length);
        ops[i] = random.nextInt(100) < o.getPercent() ? key : -1 - key;
      }
      // Warm-up: both code paths compiled before anything is measured.
      for (int w = 0; w < 3; w++) {
        rt.enabled(false);
        mix(map, keys, values, ops, 200);
        rt.enabled(true);
        mix(map, keys, values, ops, 200);
        vanillaMix(vanilla, keys, values, ops, 200);
      }
      rt.awaitDrained(5_000);
      rt.latencySinceLastCall();
      long validatedBefore = rt.validatedCount();
      long skippedBefore = rt.skippedCount();

      double[] ratios = new double[o.pairs()];
      double[] vanillaRatios = new double[o.pairs()];
      double[] disabledTput = new double[o.pairs()];
      double[] enabledTput = new double[o.pairs()];
      double[] vanillaTput = new double[o.pairs()];
      Histogram latency = new Histogram(3);
      for (int p = 0; p < o.pairs(); p++) {
        rt.enabled(false);
        disabledTput[p] = mix(map, keys, values, ops, o.roundMillis());
        rt.latencySinceLastCall();
        rt.enabled(true);
        enabledTput[p] = mix(map, keys, values, ops, o.roundMillis());
        rt.enabled(false);
        rt.awaitDrained(5_000);
        latency.add(rt.latencySinceLastCall());
        vanillaTput[p] = vanillaMix(vanilla, keys, values, ops, o.roundMillis());
        ratios[p] = enabledTput[p] / disabledTput[p];
        vanillaRatios[p] = enabledTput[p] / vanillaTput[p];
      }
      long validated = rt.validatedCount() - validatedBefore;
      long skipped = rt.skippedCount() - skippedBefore;
      double rate = rt.sampling().rate();

      rt.enabled(true);
      double strictAdded = strictAddedP50Us(rt, map, keys);
      Map<String, Double> perOp = perOpCosts(rt, map, keys[0]);
      boolean pinned = appPinned && rt.validators().anyPinned();
      if (appPinned) {
        Pinning.unpin();
      }
      return new Result(median(ratios), median(vanillaRatios), ratios, median(disabledTput),
          median(enabledTput), median(vanillaTput), latency.getMean() / 1000.0,
          latency.getValueAtPercentile(99) / 1000.0, strictAdded, rt.detections().count(),
          pinned, CpuId.isNative(), rate, validated, skipped, perOp);
    }
  }

  /** Runs the get/set mix for about {@code millis}; returns operations per second. */
  static double mix(KvMap map, String[] keys, byte[][] values, int[] ops, long millis) {
    long deadline = System.nanoTime() + millis * 1_000_000;
    long n = 0;
    long start = System.nanoTime();
    long sink = 0;
    while (true) {
      for (int i = 0; i < 1024; i++) {
        int op = ops[(int) (n & (ops.length - 1))];
        if (op >= 0) {
          byte[] v = map.get(keys[op]);
          sink += v == null ? 0 : v.length;
        } else {
          int k = -1 - op;
          map.set(keys[k], values[(int) (n & (values.length - 1))], 0);
        }
        n++;
      }
      if (System.nanoTime() > deadline) {
        break;
      }
    }
    long elapsed = System.nanoTime() - start;
    if (sink == 42) {
      System.out.print("");
    }
    return n * 1e9 / elapsed;
  }

  static double vanillaMix(VanillaKvMap map, String[] keys, byte[][] values, int[] ops,
      long millis) {
    long deadline = System.nanoTime() + millis * 1_000_000;
    long n = 0;
    long start = System.nanoTime();
    long sink = 0;
    while (true) {
      for (int i = 0; i < 1024; i++) {
        int op = ops[(int) (n & (ops.length - 1))];
        if (op >= 0) {
          byte[] v = map.get(keys[op]);
          sink += v == null ? 0 : v.length;
        } else {
          int k = -1 - op;
          map.set(keys[k], values[(int) (n & (values.length - 1))], 0);
        }
        n++;
      }
      if (System.nanoTime() > deadline) {
        break;
      }
    }
    long elapsed = System.nanoTime() - start;
    if (sink == 42) {
      System.out.print("");
    }
    return n * 1e9 / elapsed;
  }

  /** p50 of a get with every closure strict minus p50 of the same get non-strict, in us. */
  static double strictAddedP50Us(OrthrusRuntime rt, KvMap map, String[] keys) {
    int n = 20_000;
    long[] normal = new long[n];
    long[] strict = new long[n];
    for (int round = 0; round < 2; round++) {
      rt.strictAll(false);
      for (int i = 0; i < n; i++) {
        long t0 = System.nanoTime();
        map.get(keys[i % keys.length]);
        normal[i] = System.nanoTime() - t0;
      }
      rt.strictAll(true);
      for (int i = 0; i < n; i++) {
        long t0 = System.nanoTime();
        map.get(keys[i % keys.length]);
        strict[i] = System.nanoTime() - t0;
      }
      rt.strictAll(false);
    }
    rt.awaitDrained(5_000);
    Arrays.sort(normal);
    Arrays.sort(strict);
    return (strict[n / 2] - normal[n / 2]) / 1000.0;
  }

  private static final ClosureBinding EMPTY =
      ClosureBinding.of(RuntimeBenchmark.class.getName() + "#empty()", "empty",
          (log, r) -> r.returnVoid());

  /** Nanoseconds per primitive operation, from tight loops (JIT-compiled, single thread). */
  static Map<String, Double> perOpCosts(OrthrusRuntime rt, KvMap map, String key) {
    Map<String, Double> out = new LinkedHashMap<>();
    @SuppressWarnings("unchecked")
    VersionedObject<KvMap.Item.V> item = (VersionedObject<KvMap.Item.V>) map.itemHandle(key);
    KvMap.Item handle = (KvMap.Item) item;
    int n = 2_000_000;
    for (int round = 0; round < 2; round++) {
      long sink = 0;
      long t0 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        sink += item.lvVersion().flags;
      }
      out.put("load", (System.nanoTime() - t0) / (double) n);

      ClosureLog log = rt.begin(EMPTY, 0);
      int perLog = 1000;
      t0 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        if (log == null || log.loadCount() == perLog) {
          if (log != null) {
            rt.appThread().abandon(log);
          }
          log = rt.begin(EMPTY, 0);
          if (log == null) {
            continue;
          }
        }
        sink += log.load(item).flags;
      }
      out.put("loggedLoad", (System.nanoTime() - t0) / (double) n);
      if (log != null) {
        rt.appThread().abandon(log);
      }

      KvMap.Item.V v = item.lvVersion();
      t0 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        handle.soVersion(new KvMap.Item.V(handle, v.value, i, v.cas, v.next));
      }
      out.put("store", (System.nanoTime() - t0) / (double) n);

      int m = n / 10;
      t0 = System.nanoTime();
      for (int i = 0; i < m; i++) {
        ClosureLog l = rt.begin(EMPTY, 0);
        if (l != null) {
          l.returnVoid();
          rt.publish(l);
        }
      }
      out.put("beginPublish", (System.nanoTime() - t0) / (double) m);
      rt.awaitDrained(5_000);

      t0 = System.nanoTime();
      for (int i = 0; i < m; i++) {
        ControlPath.verify(item);
      }
      out.put("checksumVerify" + v.value.length + "B", (System.nanoTime() - t0) / (double) m);
      if (sink == 42) {
        System.out.print("");
      }
    }
    return out;
  }

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}

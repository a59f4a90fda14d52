package dev.orthrus.benchmarks;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ControlPath;
import dev.orthrus.runtime.api.VersionedObject;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import dev.orthrus.testkit.VanillaKvMap;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * The runtime cost benchmark: the hand-written hash-map get/set mix on one application thread,
 * alternating rounds with the runtime disabled (the same versioned code, no logging) and enabled
 * (armed sampling at the budget's rate, one validator), in one JVM, and the median of the per-pair
 * throughput ratios. Also measures the validated fraction, validation latency, strict-mode added
 * latency and per-operation costs of the primitives.
 *
 * <p>Fairness: both variants are warmed up before anything is measured, every round replays the
 * same operation sequence from its start, the order within a pair alternates (disabled first,
 * then enabled first) so drift in machine load does not favour one side, validation left over
 * from an enabled round is drained before the next round starts, and the vanilla map runs after
 * all pairs. No full GC between rounds unless {@code -Dorthrus.bench.gc=true}: it compacts and
 * reorders the map's objects, and rounds then ran at one of two speeds (decision 0007).
 */
public final class RuntimeBenchmark {

  /** Settings; {@link #defaults()} is what {@code orthrus bench runtime} runs. */
  public record Options(int pairs, long roundMillis, int keys, int valueBytes, int getPercent,
      boolean pin, double overheadBudget) {
    public static Options defaults() {
      return new Options(7, 400, 10_000, 64, 90, true, DEFAULT_BUDGET);
    }

    public Options(int pairs, long roundMillis, int keys, int valueBytes, int getPercent,
        boolean pin) {
      this(pairs, roundMillis, keys, valueBytes, getPercent, pin, DEFAULT_BUDGET);
    }

    public Options {
      if (pairs < 1 || roundMillis < 10 || keys < 1 || valueBytes < 1 || getPercent < 0
          || getPercent > 100) {
        throw new IllegalArgumentException("bad benchmark options");
      }
      if (!(overheadBudget > 0 && overheadBudget <= 1.0)) {
        throw new IllegalArgumentException("overhead budget must be within (0, 1]");
      }
    }
  }

  /** {@code -Dorthrus.bench.gc=true}: a full GC before every round (see {@link #run}). */
  private static final boolean GC_BETWEEN_ROUNDS = Boolean.getBoolean("orthrus.bench.gc");

  /** {@code -Dorthrus.bench.verbose=true} prints every round pair on stderr. */
  private static final boolean VERBOSE = Boolean.getBoolean("orthrus.bench.verbose");

  /** The runtime's default overhead budget. */
  public static final double DEFAULT_BUDGET = RuntimeConfig.builder().build().overheadBudget();

  /**
   * Everything measured. Latencies in microseconds, per-op costs in nanoseconds. {@code
   * validatedFraction} is validated logs over operations in the enabled rounds; {@code
   * protectedVsDisabledCpu} is the same ratio per CPU-second of the application thread, which
   * leaves out time the thread lost to other processes.
   */
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
      Map<String, Double> perOpNanos,
      double validatedFraction,
      double samplingRateMedian,
      double protectedVsDisabledCpu,
      double overheadBudget,
      double estimatedOverhead,
      int appCpu,
      int validatorCpu,
      long latencySamples,
      double validationLatencyP50Us,
      boolean validatorSpinning) {}

  private RuntimeBenchmark() {}

  /**
   * {@code -Dorthrus.bench.sampling=armed|adaptive|random}: the policy of the enabled rounds,
   * all under the same controller and budget; default the runtime's (armed).
   */
  static java.util.function.Supplier<dev.orthrus.runtime.sample.SamplingPolicy> samplingUnderTest() {
    String name = System.getProperty("orthrus.bench.sampling", "armed");
    switch (name) {
      case "armed":
        return dev.orthrus.runtime.sample.ArmedSampling::new;
      case "adaptive":
        return dev.orthrus.runtime.sample.AdaptiveSampling::new;
      case "random":
        return () -> new dev.orthrus.runtime.sample.RandomSampling(1.0);
      default:
        throw new IllegalArgumentException(
            "orthrus.bench.sampling must be armed, adaptive or random, not " + name);
    }
  }

  /** One timed round: operations done, wall and application-thread CPU nanoseconds. */
  record Round(long ops, long nanos, long cpuNanos) {
    double opsPerSec() {
      return ops * 1e9 / nanos;
    }

    double opsPerCpuSec() {
      return cpuNanos > 0 ? ops * 1e9 / cpuNanos : Double.NaN;
    }
  }

  public static Result run(Options o) {
    boolean appPinned = o.pin() && Pinning.cpus() > 1 && Pinning.pin(0);
    RuntimeConfig config = RuntimeConfig.builder()
        .sampling(samplingUnderTest())
        .validators(1)
        .pinValidators(o.pin())
        .overheadBudget(o.overheadBudget())
        .err(null)
        .build();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    boolean cpuTime = threads.isCurrentThreadCpuTimeSupported();
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
      // Warm-up: both code paths compiled, and the sampling controller settled, before anything
      // is measured.
      for (int w = 0; w < 3; w++) {
        rt.enabled(false);
        mix(map, keys, values, ops, 200, threads, cpuTime);
        rt.enabled(true);
        mix(map, keys, values, ops, 300, threads, cpuTime);
        vanillaMix(vanilla, keys, values, ops, 200);
      }
      rt.enabled(false);
      rt.awaitDrained(5_000);
      rt.latencySinceLastCall();
      long validatedBefore = rt.validatedCount();
      long skippedBefore = rt.skippedCount();

      double[] ratios = new double[o.pairs()];
      double[] cpuRatios = new double[o.pairs()];
      double[] vanillaRatios = new double[o.pairs()];
      double[] disabledTput = new double[o.pairs()];
      double[] enabledTput = new double[o.pairs()];
      double[] vanillaTput = new double[o.pairs()];
      double[] rates = new double[o.pairs()];
      double[] overheads = new double[o.pairs()];
      long enabledOps = 0;
      Histogram latency = new Histogram(3);
      for (int p = 0; p < o.pairs(); p++) {
        Round disabled;
        Round enabled;
        if (p % 2 == 0) {
          disabled = disabledRound(rt, map, keys, values, ops, o, threads, cpuTime);
          enabled = enabledRound(rt, map, keys, values, ops, o, threads, cpuTime, latency);
        } else {
          enabled = enabledRound(rt, map, keys, values, ops, o, threads, cpuTime, latency);
          disabled = disabledRound(rt, map, keys, values, ops, o, threads, cpuTime);
        }
        rates[p] = rt.sampling().rate();
        overheads[p] = rt.estimatedOverhead();
        enabledOps += enabled.ops();
        disabledTput[p] = disabled.opsPerSec();
        enabledTput[p] = enabled.opsPerSec();
        ratios[p] = enabledTput[p] / disabledTput[p];
        cpuRatios[p] = enabled.opsPerCpuSec() / disabled.opsPerCpuSec();
        if (VERBOSE) {
          System.err.printf(java.util.Locale.ROOT,
              "pair %d (%s first): disabled %.2f Mops/s (cpu %.2f), enabled %.2f (cpu %.2f),"
                  + " rate %.4f%n",
              p, p % 2 == 0 ? "disabled" : "enabled", disabledTput[p] / 1e6,
              disabled.opsPerCpuSec() / 1e6, enabledTput[p] / 1e6, enabled.opsPerCpuSec() / 1e6,
              rates[p]);
        }
      }
      // The plain-field map runs after the pairs: a round of it between them changed the next
      // round's speed (its heap and caches), which biased whichever variant came next.
      for (int p = 0; p < o.pairs(); p++) {
        System.gc();
        vanillaTput[p] = vanillaMix(vanilla, keys, values, ops, o.roundMillis());
        vanillaRatios[p] = enabledTput[p] / vanillaTput[p];
      }
      long validated = rt.validatedCount() - validatedBefore;
      long skipped = rt.skippedCount() - skippedBefore;
      double rate = rt.sampling().rate();

      rt.enabled(true);
      double strictAdded = strictAddedP50Us(rt, map, keys);
      rt.enabled(false);
      int appCpu = CpuId.current();
      int validatorCpu = rt.validators().validators().isEmpty()
          ? -1 : rt.validators().validators().get(0).lastCpu();
      boolean validatorPinned = rt.validators().anyPinned();
      boolean validatorSpinning = !rt.validators().validators().isEmpty()
          && rt.validators().validators().get(0).spinsWhenIdle();
      boolean pinned = appPinned && validatorPinned && appCpu >= 0 && validatorCpu != appCpu;
      long detections = rt.detections().count();
      rt.close();
      Map<String, Double> perOp = perOpCosts(map, keys[0]);
      if (appPinned) {
        Pinning.unpin();
      }
      return new Result(median(ratios), median(vanillaRatios), ratios, median(disabledTput),
          median(enabledTput), median(vanillaTput), latency.getMean() / 1000.0,
          latency.getValueAtPercentile(99) / 1000.0, strictAdded, detections,
          pinned, CpuId.isNative(), rate, validated, skipped, perOp,
          enabledOps == 0 ? 0 : (double) validated / enabledOps, median(rates),
          cpuTime ? median(cpuRatios) : Double.NaN, o.overheadBudget(), median(overheads),
          appCpu, validatorCpu, latency.getTotalCount(),
          latency.getValueAtPercentile(50) / 1000.0, validatorSpinning);
    }
  }

  private static Round disabledRound(OrthrusRuntime rt, KvMap map, String[] keys,
      byte[][] values, int[] ops, Options o, ThreadMXBean threads, boolean cpuTime) {
    rt.enabled(false);
    if (GC_BETWEEN_ROUNDS) {
      System.gc();
    }
    return mix(map, keys, values, ops, o.roundMillis(), threads, cpuTime);
  }

  private static Round enabledRound(OrthrusRuntime rt, KvMap map, String[] keys,
      byte[][] values, int[] ops, Options o, ThreadMXBean threads, boolean cpuTime,
      Histogram latency) {
    if (GC_BETWEEN_ROUNDS) {
      System.gc();
    }
    rt.latencySinceLastCall();
    rt.enabled(true);
    Round r = mix(map, keys, values, ops, o.roundMillis(), threads, cpuTime);
    rt.enabled(false);
    // Leftover validation must not run during the next round.
    rt.awaitDrained(5_000);
    latency.add(rt.latencySinceLastCall());
    return r;
  }

  /** Runs the get/set mix for about {@code millis}. */
  static Round mix(KvMap map, String[] keys, byte[][] values, int[] ops, long millis,
      ThreadMXBean threads, boolean cpuTime) {
    long cpu0 = cpuTime ? threads.getCurrentThreadCpuTime() : 0;
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
    long cpu = cpuTime ? threads.getCurrentThreadCpuTime() - cpu0 : 0;
    if (sink == 42) {
      System.out.print("");
    }
    return new Round(n, elapsed, cpu);
  }

  /**
   * The same loop as {@link #mix} over the plain-field map. A copy on purpose: one loop per map
   * class keeps each call site monomorphic, so neither side pays for the other's type.
   */
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
  private static final CallSite EMPTY_SITE = EMPTY.site(0);

  /**
   * Nanoseconds per primitive operation, from tight loops (single thread), in a runtime of its own
   * that samples every execution, so that {@code begin} really logs. Each loop is its own small
   * method: in one big method the JIT compiles the loops on-stack with a spent inlining budget,
   * and even a plain load then measured 15 ns.
   */
  static Map<String, Double> perOpCosts(KvMap benchMap, String key) {
    Map<String, Double> out = new LinkedHashMap<>();
    RuntimeConfig config = RuntimeConfig.builder()
        .sampling(() -> new FixedSampling(1.0))
        .validators(1)
        .err(null)
        .build();
    RuntimeConfig never = RuntimeConfig.builder()
        .sampling(() -> new FixedSampling(0.0))
        .validators(0)
        .err(null)
        .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config);
        OrthrusRuntime idle = new OrthrusRuntime(never)) {
      @SuppressWarnings("unchecked")
      VersionedObject<KvMap.Item.V> item =
          (VersionedObject<KvMap.Item.V>) benchMap.itemHandle(key);
      int n = 1_000_000;
      for (int round = 0; round < 3; round++) {
        out.put("load", timeLoads(item, n));
        out.put("loggedLoad", timeLoggedLoads(rt, item, n));
        out.put("store", timeStores((KvMap.Item) item, n));
        out.put("beginNotSampled", timeUnsampledBegins(idle, n));
        out.put("beginPublish", timeBeginPublish(rt, n / 10));
        rt.awaitDrained(5_000);
        out.put("checksumVerify" + item.lvVersion().value.length + "B",
            timeVerify(item, n / 10));
      }
    }
    return out;
  }

  private static long sink;

  private static double timeLoads(VersionedObject<KvMap.Item.V> item, int n) {
    long s = 0;
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      s += item.lvVersion().flags;
    }
    double ns = (System.nanoTime() - t0) / (double) n;
    sink += s;
    return ns;
  }

  private static double timeLoggedLoads(
      OrthrusRuntime rt, VersionedObject<KvMap.Item.V> item, int n) {
    long s = 0;
    int perLog = 100;
    int done = 0;
    long t0 = System.nanoTime();
    while (done < n) {
      ClosureLog log = rt.begin(EMPTY_SITE);
      if (log == null) {
        continue;
      }
      for (int i = 0; i < perLog; i++) {
        s += log.load(item).flags;
      }
      rt.appThread().abandon(log);
      done += perLog;
    }
    double ns = (System.nanoTime() - t0) / (double) done;
    sink += s;
    return ns;
  }

  private static double timeStores(KvMap.Item handle, int n) {
    KvMap.Item.V v = handle.lvVersion();
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      handle.soVersion(new KvMap.Item.V(handle, v.value, i, v.cas, v.next));
    }
    double ns = (System.nanoTime() - t0) / (double) n;
    handle.soVersion(v);
    return ns;
  }

  private static double timeUnsampledBegins(OrthrusRuntime idle, int n) {
    long s = 0;
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      if (idle.begin(EMPTY_SITE) != null) {
        s++;
      }
    }
    double ns = (System.nanoTime() - t0) / (double) n;
    sink += s;
    return ns;
  }

  private static double timeBeginPublish(OrthrusRuntime rt, int m) {
    long t0 = System.nanoTime();
    for (int i = 0; i < m; i++) {
      ClosureLog l = rt.begin(EMPTY_SITE);
      if (l != null) {
        l.returnVoid();
        rt.publish(l);
      }
    }
    return (System.nanoTime() - t0) / (double) m;
  }

  private static double timeVerify(VersionedObject<KvMap.Item.V> item, int m) {
    long t0 = System.nanoTime();
    for (int i = 0; i < m; i++) {
      ControlPath.verify(item);
    }
    return (System.nanoTime() - t0) / (double) m;
  }

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}

package dev.orthrus.benchmarks;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ControlPath;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.VersionedObject;
import dev.orthrus.runtime.cpu.CpuId;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import dev.orthrus.testkit.VanillaKvMap;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * The runtime cost benchmark: a hash-map get/set mix on one application thread in three variants,
 * in one JVM: vanilla (the map with plain fields, {@link VanillaKvMap}, the golden source without
 * its annotations), disabled (the protected map with the runtime off: versioned memory, no logging)
 * and protected (armed sampling at the budget's rate, one validator). The protected map is the one
 * the rewriter generated from {@code orthrus-goldens} ({@link Code#GENERATED}, the default) or the
 * hand-written {@link KvMap}. The strict-mode latency and the per-operation costs of the primitives
 * are measured on the hand-written map, whose internals they reach. Reports the median over round
 * sets of the throughput ratios between them, by wall time and by the application thread's CPU
 * time, plus the validated fraction, validation latency, strict-mode added latency and
 * per-operation costs of the primitives.
 *
 * <p>Fairness: every variant is warmed up before anything is measured and every round replays the
 * same operation sequence from its start. A round set runs one round of each variant, back to back;
 * the order cycles through all six permutations ({@link #ORDERS}), so over six sets each variant
 * runs twice in each position and after each other variant, and drift in machine load favours none.
 * Validation left over from a protected round is drained before the next round starts. No full GC
 * between rounds unless {@code -Dorthrus.bench.gc=true}: it compacts and reorders the maps'
 * objects, and rounds then ran at one of two speeds (decision 0007).
 */
public final class RuntimeBenchmark {

  /** Settings; {@link #defaults()} is what {@code orthrus bench runtime} runs. */
  public record Options(
      int roundSets,
      long roundMillis,
      int keys,
      int valueBytes,
      int getPercent,
      boolean pin,
      double overheadBudget,
      Code code) {
    public static Options defaults() {
      return new Options(
          DEFAULT_ROUND_SETS, 400, 10_000, 64, 90, true, DEFAULT_BUDGET, Code.GENERATED);
    }

    public Options(
        int roundSets, long roundMillis, int keys, int valueBytes, int getPercent, boolean pin) {
      this(
          roundSets,
          roundMillis,
          keys,
          valueBytes,
          getPercent,
          pin,
          DEFAULT_BUDGET,
          Code.GENERATED);
    }

    public Options {
      if (roundSets < 1
          || roundMillis < 10
          || keys < 1
          || valueBytes < 1
          || getPercent < 0
          || getPercent > 100) {
        throw new IllegalArgumentException("bad benchmark options");
      }
      if (!(overheadBudget > 0 && overheadBudget <= 1.0)) {
        throw new IllegalArgumentException("overhead budget must be within (0, 1]");
      }
      java.util.Objects.requireNonNull(code, "code");
    }
  }

  /** One set per order of {@link #ORDERS}: each variant twice in each position. */
  public static final int DEFAULT_ROUND_SETS = 6;

  /** {@code -Dorthrus.bench.gc=true}: a full GC before every round (see {@link #run}). */
  private static final boolean GC_BETWEEN_ROUNDS = Boolean.getBoolean("orthrus.bench.gc");

  /** {@code -Dorthrus.bench.verbose=true} prints every round set on stderr. */
  private static final boolean VERBOSE = Boolean.getBoolean("orthrus.bench.verbose");

  /**
   * Warm-up cycles (about 0.7 s each) at most: the JIT is quiet when it compiled for less than
   * {@link #QUIET_JIT_SHARE} of two cycles in a row.
   */
  private static final int MAX_WARM_UP_CYCLES = 20;

  private static final double QUIET_JIT_SHARE = 0.05;

  /** The runtime's default overhead budget. */
  public static final double DEFAULT_BUDGET = RuntimeConfig.builder().build().overheadBudget();

  /** The three variants a round set runs. */
  enum Variant {
    VANILLA,
    DISABLED,
    PROTECTED
  }

  /**
   * The order of the rounds in set {@code s} is {@code ORDERS[s % 6]}: every permutation once, so
   * that each variant comes first, second and last equally often and follows each other variant
   * equally often (a Williams design for three treatments).
   */
  static final Variant[][] ORDERS = {
    {Variant.VANILLA, Variant.DISABLED, Variant.PROTECTED},
    {Variant.DISABLED, Variant.PROTECTED, Variant.VANILLA},
    {Variant.PROTECTED, Variant.VANILLA, Variant.DISABLED},
    {Variant.VANILLA, Variant.PROTECTED, Variant.DISABLED},
    {Variant.PROTECTED, Variant.DISABLED, Variant.VANILLA},
    {Variant.DISABLED, Variant.VANILLA, Variant.PROTECTED},
  };

  /**
   * Everything measured. Ratios are medians over round sets of the per-set ratio; {@code ...Cpu}
   * ratios are the same per CPU-second of the application thread, which leaves out time the thread
   * lost to other processes. Latencies in microseconds, per-op costs in nanoseconds. {@code
   * validatedFraction} is validated logs over operations in the protected rounds. {@code
   * pairRatios} are the per-set protected/disabled ratios (wall time). {@code logCostCalibration}
   * is the controller's scale of its cost model from measured logs (decision 0040). {@code
   * cacheLineTransferNs} is the one-way time of a cache line from the application's CPU to the
   * validator's ({@link CrossCpuLatency}), NaN when not pinned.
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
      boolean validatorSpinning,
      double disabledVsVanilla,
      double disabledVsVanillaCpu,
      double protectedVsVanillaCpu,
      double[] disabledVsVanillaSets,
      double[] protectedVsVanillaSets,
      int roundSets,
      Code code,
      double logCostCalibration,
      double cacheLineTransferNs) {}

  private RuntimeBenchmark() {}

  /**
   * {@code -Dorthrus.bench.sampling=armed|adaptive|random}: the policy of the protected rounds, all
   * under the same controller and budget; default the runtime's (armed).
   */
  static java.util.function.Supplier<dev.orthrus.runtime.sample.SamplingPolicy>
      samplingUnderTest() {
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

  /** What one round needs: the maps, the operation sequence, the CPU clock. */
  record Workload(
      OrthrusRuntime rt,
      KvMap map,
      golden.kvmap.KvMap generated,
      VanillaKvMap vanilla,
      String[] keys,
      byte[][] values,
      int[] ops,
      ThreadMXBean threads,
      boolean cpuTime) {}

  public static Result run(Options o) {
    // Measured first, on threads of its own, while nothing else of this benchmark runs.
    double lineNanos = o.pin() ? CrossCpuLatency.oneWayNanos(0, Pinning.cpus() - 1) : Double.NaN;
    boolean appPinned = o.pin() && Pinning.cpus() > 1 && Pinning.pin(0);
    RuntimeConfig config =
        RuntimeConfig.builder()
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
      golden.kvmap.KvMap generated = null;
      if (o.code() == Code.GENERATED) {
        // Generated code reaches its runtime through Orthrus.runtime().
        Orthrus.install(rt);
        generated = new golden.kvmap.KvMap(capacity);
      }
      rt.enabled(false);
      for (int i = 0; i < keys.length; i++) {
        map.set(keys[i], values[i % values.length], 0);
        vanilla.set(keys[i], values[i % values.length], 0);
        if (generated != null) {
          generated.set(keys[i], values[i % values.length], 0);
        }
      }
      int[] ops = new int[1 << 16];
      for (int i = 0; i < ops.length; i++) {
        int key = random.nextInt(keys.length);
        ops[i] = random.nextInt(100) < o.getPercent() ? key : -1 - key;
      }
      Workload w = new Workload(rt, map, generated, vanilla, keys, values, ops, threads, cpuTime);
      // Warm-up: every code path compiled, and the sampling controller settled, before anything
      // is measured. The logged and validator variants run at the sampled rate and reach the
      // compile thresholds late: cycles go on until the JIT is quiet (decision 0037).
      CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
      boolean timed = jit != null && jit.isCompilationTimeMonitoringSupported();
      int quiet = 0;
      for (int i = 0; i < MAX_WARM_UP_CYCLES && (i < 3 || timed && quiet < 2); i++) {
        long compiling = timed ? jit.getTotalCompilationTime() : 0;
        long start = System.nanoTime();
        rt.enabled(false);
        protectedMix(w, 200);
        rt.enabled(true);
        protectedMix(w, 300);
        rt.enabled(false);
        vanillaMix(w, 200);
        long cycleMillis = (System.nanoTime() - start) / 1_000_000;
        boolean compiled =
            timed && jit.getTotalCompilationTime() - compiling > cycleMillis * QUIET_JIT_SHARE;
        quiet = compiled ? 0 : quiet + 1;
      }
      rt.enabled(false);
      settleHeap(w);
      rt.awaitDrained(5_000);
      rt.latencySinceLastCall();
      long validatedBefore = rt.validatedCount();
      long skippedBefore = rt.skippedCount();

      int sets = o.roundSets();
      double[] pd = new double[sets];
      double[] pdCpu = new double[sets];
      double[] dv = new double[sets];
      double[] dvCpu = new double[sets];
      double[] pv = new double[sets];
      double[] pvCpu = new double[sets];
      double[] disabledTput = new double[sets];
      double[] protectedTput = new double[sets];
      double[] vanillaTput = new double[sets];
      double[] rates = new double[sets];
      double[] overheads = new double[sets];
      double[] calibrations = new double[sets];
      long protectedOps = 0;
      Histogram latency = new Histogram(3);
      for (int s = 0; s < sets; s++) {
        Round[] rounds = new Round[Variant.values().length];
        long validatedAtSet = rt.validatedCount();
        for (Variant v : ORDERS[s % ORDERS.length]) {
          rounds[v.ordinal()] = round(v, w, o.roundMillis(), latency);
        }
        Round vanillaRound = rounds[Variant.VANILLA.ordinal()];
        Round disabled = rounds[Variant.DISABLED.ordinal()];
        Round enabled = rounds[Variant.PROTECTED.ordinal()];
        rates[s] = rt.sampling().rate();
        overheads[s] = rt.estimatedOverhead();
        calibrations[s] = rt.logCostCalibration();
        protectedOps += enabled.ops();
        disabledTput[s] = disabled.opsPerSec();
        protectedTput[s] = enabled.opsPerSec();
        vanillaTput[s] = vanillaRound.opsPerSec();
        pd[s] = protectedTput[s] / disabledTput[s];
        dv[s] = disabledTput[s] / vanillaTput[s];
        pv[s] = protectedTput[s] / vanillaTput[s];
        pdCpu[s] = enabled.opsPerCpuSec() / disabled.opsPerCpuSec();
        dvCpu[s] = disabled.opsPerCpuSec() / vanillaRound.opsPerCpuSec();
        pvCpu[s] = enabled.opsPerCpuSec() / vanillaRound.opsPerCpuSec();
        if (VERBOSE) {
          System.err.printf(
              java.util.Locale.ROOT,
              "set %d %s: Mops/s (per CPU-s) vanilla %.2f (%.2f), disabled %.2f (%.2f),"
                  + " protected %.2f (%.2f), rate %.4f, validated %d, overhead %.4f%n",
              s,
              Arrays.toString(ORDERS[s % ORDERS.length]),
              vanillaTput[s] / 1e6,
              vanillaRound.opsPerCpuSec() / 1e6,
              disabledTput[s] / 1e6,
              disabled.opsPerCpuSec() / 1e6,
              protectedTput[s] / 1e6,
              enabled.opsPerCpuSec() / 1e6,
              rates[s],
              rt.validatedCount() - validatedAtSet,
              overheads[s]);
        }
      }
      long validated = rt.validatedCount() - validatedBefore;
      long skipped = rt.skippedCount() - skippedBefore;
      double rate = rt.sampling().rate();

      rt.enabled(true);
      double strictAdded = strictAddedP50Us(rt, map, keys);
      rt.enabled(false);
      int appCpu = CpuId.current();
      int validatorCpu =
          rt.validators().validators().isEmpty()
              ? -1
              : rt.validators().validators().get(0).lastCpu();
      boolean validatorPinned = rt.validators().anyPinned();
      boolean validatorSpinning =
          !rt.validators().validators().isEmpty()
              && rt.validators().validators().get(0).spinsWhenIdle();
      boolean pinned = appPinned && validatorPinned && appCpu >= 0 && validatorCpu != appCpu;
      long detections = rt.detections().count();
      rt.close();
      Map<String, Double> perOp = perOpCosts(map, keys[0]);
      if (appPinned) {
        Pinning.unpin();
      }
      double nan = Double.NaN;
      return new Result(
          median(pd),
          median(pv),
          pd,
          median(disabledTput),
          median(protectedTput),
          median(vanillaTput),
          latency.getMean() / 1000.0,
          latency.getValueAtPercentile(99) / 1000.0,
          strictAdded,
          detections,
          pinned,
          CpuId.isNative(),
          rate,
          validated,
          skipped,
          perOp,
          protectedOps == 0 ? 0 : (double) validated / protectedOps,
          median(rates),
          cpuTime ? median(pdCpu) : nan,
          o.overheadBudget(),
          median(overheads),
          appCpu,
          validatorCpu,
          latency.getTotalCount(),
          latency.getValueAtPercentile(50) / 1000.0,
          validatorSpinning,
          median(dv),
          cpuTime ? median(dvCpu) : nan,
          cpuTime ? median(pvCpu) : nan,
          dv,
          pv,
          sets,
          o.code(),
          median(calibrations),
          lineNanos);
    }
  }

  /** One measured round of {@code variant}; a protected round adds its validation latencies. */
  private static Round round(Variant variant, Workload w, long millis, Histogram latency) {
    OrthrusRuntime rt = w.rt();
    rt.enabled(false);
    if (GC_BETWEEN_ROUNDS) {
      System.gc();
    }
    switch (variant) {
      case VANILLA:
        return vanillaMix(w, millis);
      case DISABLED:
        return protectedMix(w, millis);
      default:
        rt.latencySinceLastCall();
        rt.enabled(true);
        Round r = protectedMix(w, millis);
        rt.enabled(false);
        // Leftover validation must not run during the next round.
        rt.awaitDrained(5_000);
        latency.add(rt.latencySinceLastCall());
        return r;
    }
  }

  /** The longest {@link #settleHeap} warms up. */
  private static final long SETTLE_MAX_MILLIS = 20_000;

  /**
   * Warms up until the young generation stopped growing: until two collections went by without a
   * new peak of the eden pool, or {@link #SETTLE_MAX_MILLIS}. A growing eden hands out pages the
   * process never touched, and where the first touch of a page is expensive (a VM: about 15 us) the
   * rounds that run while it grows measure page faults, whichever variant they belong to (decision
   * 0020). Does nothing under a collector without an eden pool.
   */
  static void settleHeap(Workload w) {
    MemoryPoolMXBean eden = null;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getName().contains("Eden")) {
        eden = pool;
      }
    }
    if (eden == null) {
      return;
    }
    long deadline = System.nanoTime() + SETTLE_MAX_MILLIS * 1_000_000;
    long peak = eden.getPeakUsage().getUsed();
    long collectionsAtPeak = youngCollections();
    while (youngCollections() - collectionsAtPeak < 2 && System.nanoTime() < deadline) {
      protectedMix(w, 100);
      vanillaMix(w, 100);
      long p = eden.getPeakUsage().getUsed();
      if (p > peak) {
        peak = p;
        collectionsAtPeak = youngCollections();
      }
    }
  }

  /** Collections so far, of every collector (the young one dominates this workload). */
  private static long youngCollections() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }

  /** The disabled and protected rounds' loop: over the generated map or the hand-written one. */
  static Round protectedMix(Workload w, long millis) {
    return w.generated() != null ? generatedMix(w, millis) : mix(w, millis);
  }

  /** Runs the get/set mix over the hand-written versioned map for about {@code millis}. */
  static Round mix(Workload w, long millis) {
    KvMap map = w.map();
    String[] keys = w.keys();
    byte[][] values = w.values();
    int[] ops = w.ops();
    long cpu0 = cpuNanos(w);
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
    long cpu = cpuNanos(w) - cpu0;
    if (sink == 42) {
      System.out.print("");
    }
    return new Round(n, elapsed, cpu);
  }

  /** The same loop as {@link #mix} over the generated map (a copy on purpose, see below). */
  static Round generatedMix(Workload w, long millis) {
    golden.kvmap.KvMap map = w.generated();
    String[] keys = w.keys();
    byte[][] values = w.values();
    int[] ops = w.ops();
    long cpu0 = cpuNanos(w);
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
    long cpu = cpuNanos(w) - cpu0;
    if (sink == 42) {
      System.out.print("");
    }
    return new Round(n, elapsed, cpu);
  }

  /**
   * The same loop as {@link #mix} over the plain-field map. A copy on purpose: one loop per map
   * class keeps each call site monomorphic, so neither side pays for the other's type.
   */
  static Round vanillaMix(Workload w, long millis) {
    VanillaKvMap map = w.vanilla();
    String[] keys = w.keys();
    byte[][] values = w.values();
    int[] ops = w.ops();
    long cpu0 = cpuNanos(w);
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
    long cpu = cpuNanos(w) - cpu0;
    if (sink == 42) {
      System.out.print("");
    }
    return new Round(n, elapsed, cpu);
  }

  /** The application thread's CPU time, or 0 where the JVM cannot measure it. */
  private static long cpuNanos(Workload w) {
    return w.cpuTime() ? w.threads().getCurrentThreadCpuTime() : 0;
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
      ClosureBinding.of(
          RuntimeBenchmark.class.getName() + "#empty()", "empty", (log, r) -> r.returnVoid());
  private static final CallSite EMPTY_SITE = EMPTY.site(0);

  /**
   * Nanoseconds per primitive operation, from tight loops (single thread), in a runtime of its own
   * that samples every execution, so that {@code begin} really logs. Each loop is its own small
   * method: in one big method the JIT compiles the loops on-stack with a spent inlining budget, and
   * even a plain load then runs several times slower.
   */
  static Map<String, Double> perOpCosts(KvMap benchMap, String key) {
    Map<String, Double> out = new LinkedHashMap<>();
    RuntimeConfig config =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(1.0))
            .validators(1)
            .err(null)
            .build();
    RuntimeConfig never =
        RuntimeConfig.builder()
            .sampling(() -> new FixedSampling(0.0))
            .validators(0)
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config);
        OrthrusRuntime idle = new OrthrusRuntime(never)) {
      @SuppressWarnings("unchecked")
      VersionedObject<KvMap.Item.V> item = (VersionedObject<KvMap.Item.V>) benchMap.itemHandle(key);
      // Loads of distinct objects, more than a log looks back for a recent load of the same one:
      // each makes its snapshot.
      KvMap distinct = new KvMap(idle, 16);
      KvMap.Item[] items = new KvMap.Item[16];
      for (int i = 0; i < items.length; i++) {
        distinct.set("k" + i, new byte[8], 0);
        items[i] = (KvMap.Item) distinct.itemHandle("k" + i);
      }
      int n = 1_000_000;
      for (int round = 0; round < 3; round++) {
        out.put("load", timeLoads((KvMap.Item) item, n));
        out.put("loggedLoad", timeLoggedLoads(rt, items, n));
        out.put("store", timeStores((KvMap.Item) item, n));
        out.put("beginNotSampled", timeUnsampledBegins(idle, n));
        out.put("beginPublish", timeBeginPublish(rt, n / 10));
        rt.awaitDrained(5_000);
        out.put("checksumVerify" + item.lvVersion().value.length + "B", timeVerify(item, n / 10));
      }
    }
    return out;
  }

  /** Written so that the timed loops are not optimized away; never needs reading. */
  @SuppressWarnings("UnusedVariable")
  private static long sink;

  /** The plain variant's read of a field in place. */
  private static double timeLoads(KvMap.Item item, int n) {
    long s = 0;
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      s += item.plainValue().length;
    }
    double ns = (System.nanoTime() - t0) / (double) n;
    sink += s;
    return ns;
  }

  private static double timeLoggedLoads(OrthrusRuntime rt, KvMap.Item[] items, int n) {
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
        s += log.load(items[i & (items.length - 1)]).flags;
      }
      rt.appThread().abandon(log);
      done += perLog;
    }
    double ns = (System.nanoTime() - t0) / (double) done;
    sink += s;
    return ns;
  }

  /** The plain variant's store in place of every field (the value's checksum included). */
  private static double timeStores(KvMap.Item handle, int n) {
    KvMap.Item.V v = handle.lvVersion();
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      handle.storePlain(v.value, i, v.cas);
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

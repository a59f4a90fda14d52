package dev.orthrus.benchmarks.jmh;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.CallSite;
import dev.orthrus.runtime.api.ClosureBinding;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ControlPath;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.testkit.KvMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The runtime's hot path, one operation at a time: the decision not to log an execution, a
 * versioned load (plain and logged) and a versioned store of the hash map's item. Run with {@code
 * java -jar orthrus-benchmarks/target/benchmarks.jar HotPath}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class HotPathBenchmark {

  private static final ClosureBinding EMPTY =
      ClosureBinding.of(
          HotPathBenchmark.class.getName() + "#empty()", "empty", (log, r) -> r.returnVoid());
  private static final CallSite EMPTY_SITE = EMPTY.site(0);

  /** Loads made by one logged execution in {@link #loggedLoad}. */
  private static final int LOADS_PER_LOG = 100;

  /** Items {@link #loggedLoad} cycles through: more than a log looks back for a recent load. */
  private static final int ITEMS = 16;

  /** Items of the one-bucket map {@link #loggedChainWalk} walks, newest first. */
  private static final int CHAIN = 8;

  private OrthrusRuntime idle;
  private KvMap.Item chainHead;
  private OrthrusRuntime logging;
  private KvMap.Item item;
  private final KvMap.Item[] items = new KvMap.Item[ITEMS];
  private int flags;

  @Setup(Level.Trial)
  public void start() {
    // Armed sampling with no validator: nothing re-arms the site after its first execution, so
    // every later begin is the unsampled case, one read of the site's armed word.
    idle = new OrthrusRuntime(RuntimeConfig.builder().validators(0).err(null).build());
    idle.begin(EMPTY_SITE);
    // The process-wide runtime generated code reads (decision 0026): the same idle runtime.
    Orthrus.install(idle);
    logging =
        new OrthrusRuntime(
            RuntimeConfig.builder()
                .sampling(() -> new FixedSampling(1.0))
                .validators(0)
                .err(null)
                .build());
    KvMap map = new KvMap(logging, 16);
    // Unlogged: with no validator, a published log would stay pending in the ring for ever.
    logging.enabled(false);
    for (int i = 0; i < ITEMS; i++) {
      map.set("key" + i, new byte[64], 0);
      items[i] = map.find("key" + i);
    }
    item = items[0];
    KvMap chain = new KvMap(logging, 1);
    for (int i = 0; i < CHAIN; i++) {
      chain.set("link" + i, new byte[8], 0);
    }
    chainHead = chain.find("link" + (CHAIN - 1));
    logging.enabled(true);
  }

  @TearDown(Level.Trial)
  public void stop() {
    idle.close();
    logging.close();
  }

  @Benchmark
  public ClosureLog beginUnsampled() {
    return idle.begin(EMPTY_SITE);
  }

  /**
   * {@link #beginUnsampled} as a generated dispatcher makes it: the runtime read from {@code
   * Orthrus.runtime()} (a static volatile load) instead of a field.
   */
  @Benchmark
  public ClosureLog beginUnsampledProcessWide() {
    return Orthrus.runtime().begin(EMPTY_SITE);
  }

  @Benchmark
  public int load() {
    return item.lvVersion().flags;
  }

  /** A logged load of an object the execution did not load just before: a snapshot, recorded. */
  @Benchmark
  @OperationsPerInvocation(LOADS_PER_LOG)
  public int loggedLoad() {
    ClosureLog log = logging.begin(EMPTY_SITE);
    int s = 0;
    for (int i = 0; i < LOADS_PER_LOG; i++) {
      s += log.load(items[i & (ITEMS - 1)]).flags;
    }
    logging.appThread().abandon(log);
    return s;
  }

  /**
   * A logged walk along a bucket's chain, as a lookup makes it: a load of each item's held link,
   * each a new slot version recorded in the log; per link.
   */
  @Benchmark
  @OperationsPerInvocation(CHAIN)
  public KvMap.Item loggedChainWalk() {
    ClosureLog log = logging.begin(EMPTY_SITE);
    KvMap.Item last = chainHead;
    for (KvMap.Item it = chainHead; it != null; it = log.loadSlot(it, KvMap.Item.NEXT).value()) {
      last = it;
    }
    logging.appThread().abandon(log);
    return last;
  }

  /**
   * Logged loads of one object, as a closure reading several of its fields makes them: the first a
   * snapshot, the others the same version recorded again (decision 0059).
   */
  @Benchmark
  @OperationsPerInvocation(LOADS_PER_LOG)
  public int loggedRepeatedLoad() {
    ClosureLog log = logging.begin(EMPTY_SITE);
    int s = 0;
    for (int i = 0; i < LOADS_PER_LOG; i++) {
      s += log.load(item).flags;
    }
    logging.appThread().abandon(log);
    return s;
  }

  /** The plain variant's control-path check: the fields in place against their checksum. */
  @Benchmark
  public KvMap.Item verifyInPlace() {
    ControlPath.verify(item);
    return item;
  }

  /** The same check of a snapshot, as a logged load's check makes it. */
  @Benchmark
  public KvMap.Item.V verifySnapshot() {
    KvMap.Item.V v = item.lvVersion();
    ControlPath.check(v);
    return v;
  }

  /** A store: a new version (its checksum over a 64-byte value included), release-stored. */
  @Benchmark
  public KvMap.Item.V store() {
    KvMap.Item.V v = item.lvVersion();
    KvMap.Item.V next = new KvMap.Item.V(item, v.value, ++flags, v.cas);
    item.soVersion(next);
    return next;
  }
}

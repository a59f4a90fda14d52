package dev.orthrus.benchmarks.kvcache;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.Orthrus;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * What logging costs the thread that runs kvcache's data path, without sockets, parsing or a load
 * generator (a measuring tool, not a test): one thread calls the protected {@code Cache}'s closures
 * (a get's {@code getReply}, a set's {@code store}; nine gets to a set, keys skewed toward the
 * first), in rounds of a million operations that alternate the runtime off and on, and prints its
 * own CPU time per operation in each and their ratio. The ratio within a round does not move with
 * the host's slow and fast phases, which the server benchmark's figures do.
 *
 * <p>Run it with the sample's protected classes and the runtime on the class path, the runtime
 * configured by system properties as for any protected program ({@code -Dorthrus.sampling=all}
 * validates every execution; {@code taskset -c 0} with {@code -Dorthrus.pin=true} puts the
 * validator on the other CPU, {@code -Dorthrus.pin=false} on this one):
 *
 * <pre>
 * taskset -c 0 java -Dorthrus.sampling=all -Dorthrus.pin=true \
 *   -cp samples/kvcache/target/orthrus-classes:orthrus-cli/target/orthrus.jar:orthrus-benchmarks/target/benchmarks.jar \
 *   dev.orthrus.benchmarks.kvcache.LoggedPathCost [ROUNDS] [KEYS]
 * </pre>
 *
 * The kvcache classes are found reflectively: the benchmarks do not compile against the sample.
 */
public final class LoggedPathCost {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private static final int OPS = 1_000_000;

  private final Object cache;
  private final MethodHandle getReply;
  private final MethodHandle store;
  private final Object set;
  private final String[] keys;
  private final byte[][] values;
  private final int[] order;

  private LoggedPathCost(int keyCount) throws ReflectiveOperationException {
    ClassLoader loader = LoggedPathCost.class.getClassLoader();
    Class<?> cacheClass = Class.forName("dev.orthrus.samples.kvcache.store.Cache", true, loader);
    Class<?> modeClass = Class.forName("dev.orthrus.samples.kvcache.store.StoreMode", true, loader);
    MethodHandles.Lookup lookup = MethodHandles.publicLookup();
    cache = cacheClass.getConstructor(long.class).newInstance(256L << 20);
    getReply =
        lookup
            .findVirtual(
                cacheClass,
                "getReply",
                MethodType.methodType(byte[].class, String.class, boolean.class, int.class))
            .bindTo(cache);
    store =
        lookup
            .findVirtual(
                cacheClass,
                "store",
                MethodType.methodType(
                    Class.forName("dev.orthrus.samples.kvcache.store.StoreResult", true, loader),
                    modeClass,
                    String.class,
                    int.class,
                    int.class,
                    byte[].class,
                    long.class,
                    int.class))
            .bindTo(cache);
    set = modeClass.getField("SET").get(null);
    SplittableRandom random = new SplittableRandom(1);
    values = new byte[64][];
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[64 + random.nextInt(961)];
    }
    keys = new String[keyCount];
    order = new int[1 << 16];
    for (int i = 0; i < order.length; i++) {
      // Cubing a uniform draw skews popularity toward the first keys, as a cache's traffic is.
      order[i] = (int) Math.min(keyCount - 1, (long) (keyCount * Math.pow(random.nextDouble(), 3)));
    }
  }

  public static void main(String[] args) throws Throwable {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 8;
    int keyCount = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    ClosureRuntime runtime = Orthrus.runtime();
    if (!(runtime instanceof OrthrusRuntime)) {
      throw new IllegalStateException(
          "the Orthrus runtime is off ("
              + runtime.getClass().getSimpleName()
              + "): run with the sample's protected classes and without -Dorthrus.mode=off");
    }
    OrthrusRuntime rt = (OrthrusRuntime) runtime;
    LoggedPathCost probe = new LoggedPathCost(keyCount);
    rt.enabled(false);
    probe.preload();
    double[] off = new double[rounds];
    double[] on = new double[rounds];
    double[] ratio = new double[rounds];
    // Two rounds of warm-up, not counted.
    for (int round = -2; round < rounds; round++) {
      rt.enabled(false);
      double plain = probe.round();
      rt.enabled(true);
      double logged = probe.round();
      System.out.printf(
          Locale.ROOT,
          "round %d: off %.0f ns/op, on %.0f ns/op, on/off %.3f%n",
          round,
          plain,
          logged,
          logged / plain);
      if (round >= 0) {
        off[round] = plain;
        on[round] = logged;
        ratio[round] = logged / plain;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "median of %d rounds: off %.0f ns/op, on %.0f ns/op, on/off %.3f%n",
        rounds,
        median(off),
        median(on),
        median(ratio));
    System.exit(0);
  }

  private void preload() throws Throwable {
    for (int i = 0; i < keys.length; i++) {
      keys[i] = "kv:" + i;
      Object unused = store.invoke(set, keys[i], 0, 0, values[i & 63], 0L, 1);
    }
  }

  /** This thread's CPU time per operation over {@link #OPS} operations. */
  private double round() throws Throwable {
    long began = THREADS.getCurrentThreadCpuTime();
    for (int i = 0; i < OPS; i++) {
      String key = keys[order[i & (order.length - 1)]];
      if (i % 10 == 3) {
        Object unused = store.invoke(set, key, 0, 0, values[i & 63], 0L, 2);
      } else {
        byte[] unused = (byte[]) getReply.invokeExact(key, false, 2);
      }
    }
    return (THREADS.getCurrentThreadCpuTime() - began) / (double) OPS;
  }

  private static double median(double[] figures) {
    double[] sorted = figures.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}

package dev.orthrus.rewriter;

import dev.orthrus.rewriter.compile.Javac;
import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.sample.FixedSampling;
import java.lang.reflect.Method;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The cost of generated code: the golden {@code KvMap} source (module {@code orthrus-goldens})
 * instrumented, against the hand-written {@code KvMap} of {@code orthrus-testkit} (its protected
 * form written by hand) and both vanilla maps, in interleaved rounds of the {@code bench runtime}
 * mix (90% get, 10% set, 64-byte values) on one runtime at the default sampling. Prints throughput
 * per CPU-second and per wall second, and the medians of the ratios round by round. A diagnostic
 * run by hand, not a test:
 *
 * <pre>
 * java -cp ... dev.orthrus.rewriter.GeneratedCodeCost [rounds] [roundMillis] [keys] [sources] [on|all|off]
 * </pre>
 */
public final class GeneratedCodeCost {

  /** One loop per store class, compiled next to it so every call in it has one receiver type. */
  private static final String LOOP =
      """
      package %s;
      public final class CostLoop {
        /** Returns {operations, thread CPU nanoseconds, wall nanoseconds, checksum}. */
        public static long[] run(%s store, String[] keys, byte[] value, long nanos, long seed) {
          java.lang.management.ThreadMXBean mx =
              java.lang.management.ManagementFactory.getThreadMXBean();
          long cpu = mx.getCurrentThreadCpuTime();
          long start = System.nanoTime();
          long end = start + nanos;
          long x = seed;
          long ops = 0;
          long sum = 0;
          do {
            for (int i = 0; i < 1024; i++) {
              x ^= x << 13;
              x ^= x >>> 7;
              x ^= x << 17;
              String key = keys[(int) ((x >>> 1) %% keys.length)];
              if ((x >>> 40) %% 10 == 0) {
                sum += store.set(key, value, 0) ? 1 : 0;
              } else {
                byte[] v = store.get(key);
                sum += v == null ? 0 : v[0];
              }
            }
            ops += 1024;
          } while (System.nanoTime() < end);
          return new long[] {ops, mx.getCurrentThreadCpuTime() - cpu, System.nanoTime() - start, sum};
        }
        public static %s make(Object rt, int capacity) {
          return %s;
        }
      }
      """;

  private record Contender(String name, Method run, Object store) {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 11;
    long roundMillis = args.length > 1 ? Long.parseLong(args[1]) : 1_000;
    int keyCount = args.length > 2 ? Integer.parseInt(args[2]) : 100_000;
    Path out = Files.createTempDirectory("orthrus-cost");
    Path sources = Path.of(args.length > 3 ? args[3] : "orthrus-goldens/src/main/java");
    long t0 = System.nanoTime();
    Builds.instrument(sources, out);
    System.out.printf(
        Locale.ROOT, "instrument the goldens: %.1f s%n", (System.nanoTime() - t0) / 1e9);
    Path vanilla = Builds.vanilla(sources, out);

    String mode = args.length > 4 ? args[4] : "on";
    RuntimeConfig.Builder config = RuntimeConfig.builder();
    if (mode.equals("all")) {
      // Every execution logged; the validator may fall behind and skip logs, as it would in use.
      config.sampling(() -> new FixedSampling(1.0));
    }
    OrthrusRuntime rt = OrthrusRuntime.start(config.build());
    // "off": validation disabled, so only the unlogged variants run (a diagnostic).
    rt.enabled(!mode.equals("off"));
    Orthrus.install(rt);
    String golden = "golden.kvmap";
    String testkit = "dev.orthrus.testkit";
    int capacity = Integer.highestOneBit(keyCount) * 2;
    List<Contender> all = new ArrayList<>();
    all.add(
        loop("vanilla golden", out, vanilla, golden, "KvMap", "new KvMap(capacity)", rt, capacity));
    all.add(
        loop(
            "generated golden",
            out,
            out.resolve("classes"),
            golden,
            "KvMap",
            "new KvMap(capacity)",
            rt,
            capacity));
    all.add(
        loop(
            "hand-written KvMap",
            out,
            null,
            testkit,
            "KvMap",
            "new KvMap((dev.orthrus.runtime.api.ClosureRuntime) rt, capacity)",
            rt,
            capacity));
    all.add(
        loop(
            "VanillaKvMap",
            out,
            null,
            testkit,
            "VanillaKvMap",
            "new VanillaKvMap(capacity)",
            rt,
            capacity));

    String[] keys = new String[keyCount];
    byte[] value = new byte[64];
    Arrays.fill(value, (byte) 7);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = "key:" + i;
    }
    for (Contender c : all) {
      c.run.invoke(null, c.store, keys, value, 300_000_000L, 1L); // fill and warm
    }
    double[][] cpuRate = new double[all.size()][rounds];
    double[][] wallRate = new double[all.size()][rounds];
    long[] logged = new long[all.size()];
    long[] operations = new long[all.size()];
    for (int r = 0; r < rounds; r++) {
      for (int i = 0; i < all.size(); i++) {
        int c = (i + r) % all.size(); // a different first contender each round
        long loggedBefore = rt.publishedCount();
        long[] res =
            (long[])
                all.get(c)
                    .run
                    .invoke(null, all.get(c).store, keys, value, roundMillis * 1_000_000L, r + 2L);
        logged[c] += rt.publishedCount() - loggedBefore;
        operations[c] += res[0];
        cpuRate[c][r] = res[0] * 1e9 / res[1];
        wallRate[c][r] = res[0] * 1e9 / res[2];
      }
    }
    for (int r = 0; r < rounds; r++) {
      StringBuilder line = new StringBuilder("round " + r + ":");
      for (int c = 0; c < all.size(); c++) {
        line.append(String.format(Locale.ROOT, " %.2f", cpuRate[c][r] / 1e6));
      }
      System.out.println(line + " M ops/CPU-s");
    }
    for (int c = 0; c < all.size(); c++) {
      System.out.printf(
          Locale.ROOT,
          "%-20s %8.2f M ops/CPU-s  %8.2f M ops/s  logged %.4f%n",
          all.get(c).name,
          median(cpuRate[c]) / 1e6,
          median(wallRate[c]) / 1e6,
          (double) logged[c] / operations[c]);
    }
    ratio("generated / hand-written", cpuRate[1], cpuRate[2], wallRate[1], wallRate[2]);
    ratio("generated / vanilla golden", cpuRate[1], cpuRate[0], wallRate[1], wallRate[0]);
    ratio("hand-written / VanillaKvMap", cpuRate[2], cpuRate[3], wallRate[2], wallRate[3]);
    System.out.printf(
        Locale.ROOT,
        "validated %d of %d logged, %d detections%n",
        rt.validatedCount(),
        rt.publishedCount(),
        rt.detections().count());
    rt.close();
  }

  private static void ratio(String name, double[] a, double[] b, double[] wa, double[] wb) {
    double[] cpu = new double[a.length];
    double[] wall = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      cpu[i] = a[i] / b[i];
      wall[i] = wa[i] / wb[i];
    }
    System.out.printf(
        Locale.ROOT,
        "%-30s CPU %.3f  wall %.3f (medians of per-round ratios)%n",
        name,
        median(cpu),
        median(wall));
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static Contender loop(
      String name,
      Path out,
      Path classes,
      String pkg,
      String type,
      String make,
      OrthrusRuntime rt,
      int capacity)
      throws Exception {
    Path src = out.resolve("loops/" + name.replace(' ', '-') + "/" + pkg.replace('.', '/'));
    Files.createDirectories(src);
    Files.writeString(
        src.resolve("CostLoop.java"), String.format(Locale.ROOT, LOOP, pkg, type, type, make));
    Path loopClasses = out.resolve("loop-classes/" + name.replace(' ', '-'));
    List<Path> cp = new ArrayList<>(Builds.classPath());
    if (classes != null) {
      cp.add(0, classes);
    }
    Javac.compile(List.of(src.resolve("CostLoop.java")), cp, 17, loopClasses);
    URLClassLoader loader =
        classes == null
            ? Builds.loader(loopClasses)
            : new URLClassLoader(
                new java.net.URL[] {loopClasses.toUri().toURL(), classes.toUri().toURL()},
                GeneratedCodeCost.class.getClassLoader());
    Class<?> loop = loader.loadClass(pkg + ".CostLoop");
    Object store = loop.getMethod("make", Object.class, int.class).invoke(null, rt, capacity);
    for (Method m : loop.getMethods()) {
      if (m.getName().equals("run")) {
        return new Contender(name, m, store);
      }
    }
    throw new IllegalStateException("no run method");
  }

  private GeneratedCodeCost() {}
}

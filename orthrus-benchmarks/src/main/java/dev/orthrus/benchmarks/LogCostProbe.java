package dev.orthrus.benchmarks;

import dev.orthrus.runtime.OrthrusRuntime;
import dev.orthrus.runtime.RuntimeConfig;
import dev.orthrus.runtime.api.AppThread;
import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.Replay;
import dev.orthrus.runtime.concurrent.IdleStrategy;
import dev.orthrus.runtime.cpu.Pinning;
import dev.orthrus.runtime.sample.FixedSampling;
import dev.orthrus.runtime.validate.OutputComparator;
import dev.orthrus.runtime.validate.Validator;
import dev.orthrus.testkit.KvMap;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Per-log costs in isolation (a measuring tool, not a test): APP cost of a logged get and set, VAL
 * cost of replaying a get, publish/poll cost, all on one thread; then a get loop at 0.1%, 1% and
 * 100% sampling with a validator on the other CPU; with {@code -Dprobe.floor=true} the cost of
 * executions that are not logged, on the bench's mix, for several policy bodies (decision 0009).
 * Runs from the benchmarks jar (docs/runtime.md): {@code java -cp
 * orthrus-benchmarks/target/benchmarks.jar dev.orthrus.benchmarks.LogCostProbe [millis]}.
 * Properties: {@code probe.noSingle}, {@code probe.only} (backoff|busySpin), {@code probe.rates}
 * (comma list of cross-core sampling rates), {@code probe.rounds}, {@code probe.logs} (ring size),
 * {@code probe.handback} (see {@link #handback}), {@code probe.queue} (see {@link #queueAlone};
 * {@code probe.idlePause}: pauses of its consumer after an empty poll), {@code probe.floor}, {@code
 * probe.get} (percent gets), {@code probe.policies} (comma list of fixed, adaptive, never,
 * plainField, threadRead, currentOnly, threadHash). Figures marked "app CPU" are the application
 * thread's CPU time, which the time it spends descheduled on a shared machine does not inflate.
 */
public final class LogCostProbe {

  private LogCostProbe() {}

  public static void main(String[] args) {
    long millis = args.length > 0 ? Long.parseLong(args[0]) : 300;
    boolean pin = Pinning.cpus() > 1 && Pinning.pin(0);
    System.out.println("app pinned to CPU 0: " + pin);
    String[] keys = new String[10_000];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = "key:" + i;
    }
    int[] order = new int[1 << 16];
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < order.length; i++) {
      order[i] = random.nextInt(keys.length);
    }
    byte[] value = new byte[64];
    if (!Boolean.getBoolean("probe.noSingle")) {
      singleThreaded(keys, order, value, millis);
    }
    if (Boolean.getBoolean("probe.queue")) {
      for (int round = 0; round < Integer.getInteger("probe.rounds", 3); round++) {
        queueAlone(millis);
      }
      return;
    }
    if (Boolean.getBoolean("probe.handback")) {
      for (int round = 0; round < Integer.getInteger("probe.rounds", 3); round++) {
        for (String mode : new String[] {"poll", "read", "check"}) {
          handback(keys, order, value, millis, mode);
        }
      }
      return;
    }
    if (Boolean.getBoolean("probe.floor")) {
      for (String policy : System.getProperty("probe.policies", "fixed,adaptive").split(",")) {
        floorMix(keys, millis, policy);
      }
      return;
    }
    String only = System.getProperty("probe.only", "");
    double[] rates =
        java.util.Arrays.stream(System.getProperty("probe.rates", "0.001,0.01,1").split(","))
            .mapToDouble(Double::parseDouble)
            .toArray();
    for (String idle : new String[] {"backoff", "busySpin"}) {
      for (double rate : rates) {
        if (only.isEmpty() || only.equals(idle)) {
          crossCore(keys, order, value, millis, idle, rate);
        }
      }
    }
  }

  private static void singleThreaded(String[] keys, int[] order, byte[] value, long millis) {
    RuntimeConfig config =
        RuntimeConfig.builder()
            .validators(0)
            .logsPerThread(Integer.getInteger("probe.logs", 1024))
            .sampling(() -> new FixedSampling(1.0))
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      KvMap map = fill(rt, keys, value);
      AppThread me = rt.appThread();
      Replay replay = new Replay();
      OutputComparator comparator = new OutputComparator();
      for (int round = 0; round < 4; round++) {
        rt.enabled(false);
        double plain =
            time(
                millis,
                n -> {
                  for (int i = 0; i < n; i++) {
                    map.get(keys[order[i & (order.length - 1)]]);
                  }
                });
        double plainCpu = lastCpuPerIteration;
        rt.enabled(true);
        // logged get, then take it off the queue and give it back unvalidated
        double logged =
            time(
                millis,
                n -> {
                  for (int i = 0; i < n; i++) {
                    map.get(keys[order[i & (order.length - 1)]]);
                    ClosureLog log = me.queue().poll();
                    me.recycle(log);
                  }
                });
        double loggedCpu = lastCpuPerIteration;
        double validated =
            time(
                millis,
                n -> {
                  for (int i = 0; i < n; i++) {
                    map.get(keys[order[i & (order.length - 1)]]);
                    ClosureLog log = me.queue().poll();
                    if (Validator.check(log, replay, comparator) != null) {
                      throw new AssertionError("false positive");
                    }
                    me.recycle(log);
                  }
                });
        System.out.printf(
            Locale.ROOT,
            "single thread: plain get %.1f ns, logged get+poll+recycle %.1f ns (APP +%.1f),"
                + " +VAL check %.1f ns (VAL %.1f)%n",
            plain,
            logged,
            logged - plain,
            validated,
            validated - logged);
        System.out.printf(
            Locale.ROOT,
            "  app CPU: plain get %.1f ns, APP +%.1f ns%n",
            plainCpu,
            loggedCpu - plainCpu);
        // A set hands the closure a 64-byte array argument, which the log copies (decision 0015).
        rt.enabled(false);
        time(
            millis,
            n -> {
              for (int i = 0; i < n; i++) {
                map.set(keys[order[i & (order.length - 1)]], value, i);
              }
            });
        double plainSetCpu = lastCpuPerIteration;
        rt.enabled(true);
        time(
            millis,
            n -> {
              for (int i = 0; i < n; i++) {
                map.set(keys[order[i & (order.length - 1)]], value, i);
                me.recycle(me.queue().poll());
              }
            });
        System.out.printf(
            Locale.ROOT,
            "  app CPU: plain set %.1f ns, APP +%.1f ns%n",
            plainSetCpu,
            lastCpuPerIteration - plainSetCpu);
      }
    }
  }

  private static void crossCore(
      String[] keys, int[] order, byte[] value, long millis, String idle, double rate) {
    RuntimeConfig config =
        RuntimeConfig.builder()
            .validators(1)
            .logsPerThread(Integer.getInteger("probe.logs", 1024))
            .pinValidators(true)
            .idleStrategy(idle.equals("busySpin") ? IdleStrategy::busySpin : IdleStrategy::backoff)
            .sampling(() -> new FixedSampling(rate))
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      KvMap map = fill(rt, keys, value);
      for (int round = 0; round < Integer.getInteger("probe.rounds", 3); round++) {
        rt.enabled(false);
        double plain =
            time(
                millis,
                n -> {
                  for (int i = 0; i < n; i++) {
                    map.get(keys[order[i & (order.length - 1)]]);
                  }
                });
        double plainCpu = lastCpuPerIteration;
        rt.enabled(true);
        long v0 = rt.validatedCount();
        long s0 = rt.skippedCount();
        long[] ops = new long[1];
        double logged =
            time(
                millis,
                n -> {
                  for (int i = 0; i < n; i++) {
                    map.get(keys[order[i & (order.length - 1)]]);
                  }
                  ops[0] += n;
                });
        double loggedCpu = lastCpuPerIteration;
        rt.awaitDrained(2000);
        long v = rt.validatedCount() - v0;
        long s = rt.skippedCount() - s0;
        org.HdrHistogram.Histogram h = rt.latencySinceLastCall();
        System.out.printf(
            Locale.ROOT,
            "cross-core %s, rate %.3f, p50 %.1f us, validator pinned %s: plain %.1f ns,"
                + " sampled get %.1f ns, validated %.1f%%, skipped %.1f%%, VAL ns/log at app's pace %.1f, latency mean"
                + " %.1f us p99 %.1f us%n",
            idle,
            rate,
            h.getValueAtPercentile(50) / 1e3,
            rt.validators().anyPinned(),
            plain,
            logged,
            100.0 * v / ops[0],
            100.0 * s / ops[0],
            logged * ops[0] / Math.max(1, v),
            h.getMean() / 1e3,
            h.getValueAtPercentile(99) / 1e3);
        // The application thread's own CPU time: what a validated execution costs it, without the
        // time it spent descheduled (the machine is shared; wall time swings with other load).
        System.out.printf(
            Locale.ROOT,
            "  app CPU: plain %.1f ns, sampled get %.1f ns, per validated execution +%.1f ns%n",
            plainCpu,
            loggedCpu,
            (loggedCpu - plainCpu) * ops[0] / Math.max(1, v));
      }
    }
  }

  /**
   * What the other core's handling of a log costs the application (decision 0011): instead of a
   * validator, a thread on CPU 1 takes each log and hands it back ({@link AppThread#recycle}, which
   * also clears the log's arrays) having read nothing else ({@code poll}), having read every
   * recorded reference ({@code read}), or having re-executed it ({@code check}: also the versions
   * and data structure VAL reads). The application's CPU time per handled log is compared.
   */
  private static void handback(String[] keys, int[] order, byte[] value, long millis, String mode) {
    double rate = Double.parseDouble(System.getProperty("probe.rates", "0.25").split(",")[0]);
    RuntimeConfig config =
        RuntimeConfig.builder()
            .validators(0)
            .logsPerThread(Integer.getInteger("probe.logs", 1024))
            .sampling(() -> new FixedSampling(rate))
            .err(null)
            .build();
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      KvMap map = fill(rt, keys, value);
      AppThread me = rt.appThread();
      rt.enabled(false);
      time(
          millis,
          n -> {
            for (int i = 0; i < n; i++) {
              map.get(keys[order[i & (order.length - 1)]]);
            }
          });
      double plainCpu = lastCpuPerIteration;
      rt.enabled(true);
      java.util.concurrent.atomic.AtomicBoolean stop =
          new java.util.concurrent.atomic.AtomicBoolean();
      long[] handled = new long[2];
      Thread other =
          new Thread(
              () -> {
                Pinning.pin(1);
                Replay replay = new Replay();
                OutputComparator comparator = new OutputComparator();
                long n = 0;
                long sink = 0;
                while (!stop.get()) {
                  ClosureLog log = me.queue().poll();
                  if (log == null) {
                    Thread.onSpinWait();
                    continue;
                  }
                  if (mode.equals("read")) {
                    sink += readEverything(log);
                  } else if (mode.equals("check")
                      && Validator.check(log, replay, comparator) != null) {
                    throw new AssertionError("false positive");
                  }
                  me.recycle(log);
                  n++;
                }
                handled[0] = n;
                handled[1] = sink;
              },
              "probe-handback");
      other.start();
      long[] ops = new long[1];
      time(
          millis,
          n -> {
            for (int i = 0; i < n; i++) {
              map.get(keys[order[i & (order.length - 1)]]);
            }
            ops[0] += n;
          });
      double loggedCpu = lastCpuPerIteration;
      stop.set(true);
      join(other);
      System.out.printf(
          Locale.ROOT,
          "handback %s, rate %.2f: app CPU plain %.1f ns, sampled %.1f ns, handled %.1f%%,"
              + " per handled log +%.1f ns%n",
          mode,
          rate,
          plainCpu,
          loggedCpu,
          100.0 * handled[0] / ops[0],
          (loggedCpu - plainCpu) * ops[0] / Math.max(1, handled[0]));
    }
  }

  /**
   * The log queue alone (decision 0011): the application thread offers ring indices, taken back on
   * the same thread, then by a thread spinning on CPU 1. The producer keeps the ring's discipline
   * (never more than 1024 outstanding) by a look at the queue's size every 64 offers; "lost"
   * (offered minus taken, after a final drain) must be 0.
   */
  private static void queueAlone(long millis) {
    Integer[] ring = new Integer[1024];
    java.util.Arrays.setAll(ring, i -> i);
    dev.orthrus.runtime.concurrent.SpmcRingQueue<Integer> queue =
        new dev.orthrus.runtime.concurrent.SpmcRingQueue<>(ring);
    time(
        millis,
        n -> {
          for (int i = 0; i < n; i++) {
            queue.offer(i & 1023);
            queue.poll();
          }
        });
    double sameThread = lastCpuPerIteration;
    java.util.concurrent.atomic.AtomicBoolean stop =
        new java.util.concurrent.atomic.AtomicBoolean();
    int idlePause = Integer.getInteger("probe.idlePause", 1);
    long[] taken = new long[1];
    java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);
    Thread other =
        new Thread(
            () -> {
              Pinning.pin(1);
              ready.countDown();
              long n = 0;
              while (!stop.get()) {
                if (queue.poll() == null) {
                  for (int k = 0; k < idlePause; k++) {
                    Thread.onSpinWait();
                  }
                } else {
                  n++;
                }
              }
              taken[0] = n;
            },
            "probe-queue");
    other.start();
    try {
      ready.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long[] offered = new long[1];
    long[] throttled = new long[1];
    time(
        millis,
        n -> {
          for (int i = 0; i < n; i++) {
            // The ring's discipline, cheaply: a consumer descheduled by other load must not be
            // lapped.
            // One look at the consumers' index in 64 offers; it waits only when they fell far
            // behind.
            if ((i & 63) == 0) {
              while (queue.size() > 512) {
                throttled[0]++;
                Thread.onSpinWait();
              }
            }
            queue.offer(i & 1023);
            // About the app's pace at 25% logging: a few dozen ns of other work between offers.
            for (int k = 0; k < 20; k++) {
              Thread.onSpinWait();
            }
          }
          offered[0] += n;
        });
    double crossCore = lastCpuPerIteration;
    stop.set(true);
    join(other);
    long left = 0;
    while (queue.poll() != null) {
      left++;
    }
    time(
        millis,
        n -> {
          for (int i = 0; i < n; i++) {
            for (int k = 0; k < 20; k++) {
              Thread.onSpinWait();
            }
          }
        });
    double spinOnly = lastCpuPerIteration;
    // The same spacing while CPU 1 spins without touching the queue: what a busy neighbour costs
    // by itself (the two vCPUs may share a physical core), apart from any shared cache line.
    java.util.concurrent.atomic.AtomicBoolean stopSpinner =
        new java.util.concurrent.atomic.AtomicBoolean();
    Thread spinner =
        new Thread(
            () -> {
              Pinning.pin(1);
              while (!stopSpinner.get()) {
                Thread.onSpinWait();
              }
            },
            "probe-spinner");
    spinner.start();
    time(
        millis,
        n -> {
          for (int i = 0; i < n; i++) {
            for (int k = 0; k < 20; k++) {
              Thread.onSpinWait();
            }
          }
        });
    double spinNextToSpinner = lastCpuPerIteration;
    stopSpinner.set(true);
    join(spinner);
    System.out.printf(
        Locale.ROOT,
        "queue: offer+poll one thread %.1f ns; offer with a consumer on CPU 1 %.1f ns"
            + " (spacing alone %.1f ns, next to a spinner that touches nothing +%.1f ns,"
            + " throttled %d, lost %d)%n",
        sameThread,
        crossCore - spinOnly,
        spinOnly,
        spinNextToSpinner - spinOnly,
        throttled[0],
        offered[0] - taken[0] - left);
  }

  /** Reads every reference the log recorded, as a validator would before replaying. */
  private static long readEverything(ClosureLog log) {
    long seen = log.receiver() == null ? 0 : 1;
    for (int i = 0; i < log.refArgCount(); i++) {
      seen += log.refArg(i) == null ? 0 : 1;
    }
    for (int i = 0; i < log.loadCount(); i++) {
      seen += log.loaded(i) == null ? 0 : 1;
    }
    for (int i = 0; i < log.createdCount(); i++) {
      seen += log.created(i) == null ? 0 : 1;
    }
    return seen + (log.resultRef() == null ? 0 : 1);
  }

  /** The bench's get/set mix, disabled and at a very low rate, fixed or adaptive policy. */
  private static void floorMix(String[] keys, long millis, String policy) {
    RuntimeConfig config =
        RuntimeConfig.builder()
            .validators(1)
            .pinValidators(true)
            .sampling(
                policy.equals("fixed")
                    ? () -> new FixedSampling(1.0 / 1024)
                    : policy.equals("never")
                        ? Never::new
                        : policy.equals("plainField")
                            ? PlainField::new
                            : policy.equals("threadRead")
                                ? ThreadRead::new
                                : policy.equals("currentOnly")
                                    ? CurrentOnly::new
                                    : policy.equals("threadHash")
                                        ? ThreadHash::new
                                        : () ->
                                            new dev.orthrus.runtime.sample.AdaptiveSampling(
                                                1.0 / 1024, 10_000))
            .overheadBudget(0.0001)
            .err(null)
            .build();
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    byte[][] values = new byte[64][];
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < values.length; i++) {
      values[i] = new byte[64];
      random.nextBytes(values[i]);
    }
    int[] ops = new int[1 << 16];
    for (int i = 0; i < ops.length; i++) {
      int key = random.nextInt(keys.length);
      ops[i] = random.nextInt(100) < Integer.getInteger("probe.get", 90) ? key : -1 - key;
    }
    try (OrthrusRuntime rt = new OrthrusRuntime(config)) {
      rt.enabled(false);
      KvMap map = new KvMap(rt, 1 << 15);
      for (int i = 0; i < keys.length; i++) {
        map.set(keys[i], values[i % 64], 0);
      }
      RuntimeBenchmark.Workload w =
          new RuntimeBenchmark.Workload(rt, map, null, null, keys, values, ops, threads, false);
      for (int round = 0; round < 6; round++) {
        double[] t = new double[2];
        for (int on = 0; on <= 1; on++) {
          rt.enabled(on == 1);
          t[on] = RuntimeBenchmark.mix(w, millis).opsPerSec();
        }
        System.out.printf(
            Locale.ROOT,
            "mix floor %s: disabled %.2f Mops/s, enabled %.2f (ratio %.3f), rate %.4f%n",
            policy,
            t[0] / 1e6,
            t[1] / 1e6,
            t[1] / t[0],
            rt.sampling().rate());
      }
    }
  }

  private static KvMap fill(OrthrusRuntime rt, String[] keys, byte[] value) {
    rt.enabled(false);
    KvMap map = new KvMap(rt, 1 << 15);
    for (String k : keys) {
      map.set(k, value, 0);
    }
    rt.enabled(true);
    return map;
  }

  /** Samples nothing: the cost of asking a policy at all. */
  static class Never implements dev.orthrus.runtime.sample.SamplingPolicy {
    @Override
    public boolean sample(dev.orthrus.runtime.api.ClosureBinding closure, int callerId) {
      return false;
    }

    @Override
    public void validated(dev.orthrus.runtime.api.ClosureBinding closure, int callerId) {}

    @Override
    public void lower() {}

    @Override
    public void raise() {}

    @Override
    public double rate() {
      return 0;
    }

    @Override
    public String name() {
      return "never";
    }
  }

  /** One shared countdown field: the cost of the decrement and store alone. */
  static class PlainField extends Never {
    long left = 1 << 20;

    @Override
    public boolean sample(dev.orthrus.runtime.api.ClosureBinding closure, int callerId) {
      long l = left - closure.weight();
      if (l > 0) {
        left = l;
        return false;
      }
      left = 1 << 20;
      return false;
    }
  }

  /** Reads a thread-indexed slot, no store: the cost of finding the thread's slot. */
  static class ThreadRead extends Never {
    final long[] slots = new long[258 * 16];

    @Override
    public boolean sample(dev.orthrus.runtime.api.ClosureBinding closure, int callerId) {
      int i = (((int) Thread.currentThread().getId() & 255) + 1) * 16;
      return slots[i] == 42;
    }
  }

  static class CurrentOnly extends Never {
    Thread t;

    @Override
    public boolean sample(dev.orthrus.runtime.api.ClosureBinding closure, int callerId) {
      return Thread.currentThread() == t;
    }
  }

  static class ThreadHash extends Never {
    final long[] slots = new long[258 * 16];

    @Override
    public boolean sample(dev.orthrus.runtime.api.ClosureBinding closure, int callerId) {
      int i = ((Thread.currentThread().hashCode() & 255) + 1) * 16;
      return slots[i] == 42;
    }
  }

  interface Loop {
    void run(int n);
  }

  /** CPU nanoseconds of the calling thread per iteration in the latest {@link #time} call. */
  private static double lastCpuPerIteration;

  /** Nanoseconds per iteration of {@code loop}, run in chunks for about {@code millis}. */
  private static double time(long millis, Loop loop) {
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuStart = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    long deadline = start + millis * 1_000_000;
    long n = 0;
    long now;
    do {
      loop.run(10_000);
      n += 10_000;
      now = System.nanoTime();
    } while (now < deadline);
    lastCpuPerIteration = (double) (threads.getCurrentThreadCpuTime() - cpuStart) / n;
    return (double) (now - start) / n;
  }

  private static void join(Thread thread) {
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}

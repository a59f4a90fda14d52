package dev.orthrus.runtime.cpu;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The CPU the calling thread runs on, for detection reports and per-CPU counts.
 *
 * <p>With {@code net.openhft:affinity} on the class path this is {@code sched_getcpu} through JNA.
 * Without it the fallback parses field 39 ("processor") of {@code /proc/thread-self/stat}, which
 * costs a file read, and returns -1 where that file does not exist. Closure logs therefore take the
 * APP thread's CPU from a per-thread cache refreshed at most every millisecond (20 ms with the
 * fallback; {@code AppThread}, decision 0007); a thread pinned with {@link Pinning} never moves, so
 * the cache is exact then.
 *
 * <p>Loading JNA and the affinity library takes 250 ms and more, so the runtime has a thread of its
 * own do it ({@link #probeInBackground()}, decision 0090): the first closure call, which starts the
 * runtime, does not wait for it, and {@link #current()} reads /proc until it is done.
 */
public final class CpuId {

  /** Whether {@code sched_getcpu} was found; false until a probe said so. */
  private static volatile boolean nativeNow;

  private static final AtomicBoolean PROBING = new AtomicBoolean();

  private CpuId() {}

  /** Loads the affinity library on a thread of its own, once; {@link #current()} waits for none. */
  public static void probeInBackground() {
    if (PROBING.compareAndSet(false, true)) {
      Thread probe = new Thread(CpuId::isNative, "orthrus-affinity-probe");
      probe.setDaemon(true);
      probe.start();
    }
  }

  /**
   * True when CPU ids come from {@code sched_getcpu} rather than the /proc fallback; loads the
   * affinity library if nothing did yet, or waits for the thread that is loading it.
   */
  public static boolean isNative() {
    boolean found = AffinitySupport.available();
    nativeNow = found;
    return found;
  }

  /** Whether {@link #current()} reads {@code sched_getcpu} now, without waiting for the probe. */
  public static boolean readsNative() {
    return nativeNow;
  }

  /** The current CPU, or -1 when it cannot be determined. */
  public static int current() {
    if (nativeNow) {
      int cpu = AffinitySupport.cpu();
      if (cpu >= 0) {
        return cpu;
      }
    }
    return fromProc();
  }

  static int fromProc() {
    try {
      String stat = Files.readString(Path.of("/proc/thread-self/stat"));
      // The command name (field 2) may contain spaces; fields after the last ')' are fixed.
      int close = stat.lastIndexOf(')');
      String[] rest = stat.substring(close + 2).split(" ");
      // rest[0] is field 3 (state), so field 39 is rest[36].
      return Integer.parseInt(rest[36]);
    } catch (Exception | Error e) {
      return -1;
    }
  }
}

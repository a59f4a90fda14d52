package dev.orthrus.runtime.cpu;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU the calling thread runs on, for detection reports and per-CPU counts.
 *
 * <p>With {@code net.openhft:affinity} on the class path this is {@code sched_getcpu} through JNA.
 * Without it the fallback parses field 39 ("processor") of {@code /proc/thread-self/stat}, which
 * costs a file read, and returns -1 where that file does not exist. Closure logs therefore take the
 * APP thread's CPU from a per-thread cache refreshed at most every millisecond (20 ms with the
 * fallback; {@code AppThread}, decision 0007); a thread pinned with {@link Pinning} never moves, so
 * the cache is exact then.
 */
public final class CpuId {

  private static final boolean NATIVE = AffinitySupport.available();

  private CpuId() {}

  /** True when CPU ids come from {@code sched_getcpu} rather than the /proc fallback. */
  public static boolean isNative() {
    return NATIVE;
  }

  /** The current CPU, or -1 when it cannot be determined. */
  public static int current() {
    if (NATIVE) {
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

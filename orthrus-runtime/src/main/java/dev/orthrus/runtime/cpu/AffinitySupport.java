package dev.orthrus.runtime.cpu;

import java.util.BitSet;

/**
 * The only class that touches {@code net.openhft.affinity}. The dependency is optional: when the
 * library (or JNA under it) is missing at run time, every method here reports "not available"
 * instead of failing, because the classes are resolved lazily and linkage errors are caught.
 */
final class AffinitySupport {

  private static final boolean AVAILABLE = probe();

  private AffinitySupport() {}

  static boolean available() {
    return AVAILABLE;
  }

  private static boolean probe() {
    if (Boolean.getBoolean("orthrus.affinity.disable")) {
      return false;
    }
    try {
      Class.forName("net.openhft.affinity.Affinity", false, AffinitySupport.class.getClassLoader());
      return net.openhft.affinity.Affinity.isJNAAvailable()
          && net.openhft.affinity.Affinity.getCpu() >= 0;
    } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
      return false;
    }
  }

  static int cpu() {
    try {
      return net.openhft.affinity.Affinity.getCpu();
    } catch (LinkageError | RuntimeException e) {
      return -1;
    }
  }

  /** Pins the calling thread to {@code cpu}; true if the kernel accepted it. */
  static boolean pin(int cpu) {
    if (!AVAILABLE) {
      return false;
    }
    try {
      net.openhft.affinity.Affinity.setAffinity(cpu);
      BitSet now = net.openhft.affinity.Affinity.getAffinity();
      return now.cardinality() == 1 && now.get(cpu);
    } catch (LinkageError | RuntimeException e) {
      return false;
    }
  }

  /** Lets the calling thread run on every CPU again. */
  static void unpin(int cpus) {
    if (!AVAILABLE) {
      return;
    }
    try {
      BitSet all = new BitSet();
      all.set(0, cpus);
      net.openhft.affinity.Affinity.setAffinity(all);
    } catch (LinkageError | RuntimeException e) {
      // Nothing to undo if pinning never worked.
    }
  }
}

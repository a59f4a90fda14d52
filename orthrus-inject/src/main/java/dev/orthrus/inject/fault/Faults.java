package dev.orthrus.inject.fault;

import java.lang.reflect.Array;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;

/**
 * The hooks instrumented code calls. In a profile run every site calls {@link #hit}; in an armed
 * run only the chosen site calls a value hook, which counts the site's executions on the faulty
 * core and corrupts the one it was told to (or every n-th one).
 *
 * <p>The faulty core is every application thread: a thread whose name starts with {@value
 * #RUNTIME_THREAD_PREFIX} belongs to the Orthrus runtime (its validators are {@code
 * orthrus-validator-N}) and is never counted nor faulted, so a validator that re-executes shared
 * code computes the right value (decision 0033). A thread-name prefix may narrow the faulty core to
 * some application threads.
 */
public final class Faults {

  /** Names of the runtime's threads: validators, the reproducer reader, replay. */
  public static final String RUNTIME_THREAD_PREFIX = "orthrus-";

  private static volatile AtomicLongArray profile;
  private static volatile Plan plan;
  private static String threadPrefix;

  // The last threads checked, so that the common case is one identity comparison (benign races:
  // a lost update only means one more name check).
  private static Thread lastFaulty;
  private static Thread lastClean;

  // The armed site's state: executions on the faulty core, corruptions, and the last value loaded
  // (what a stale load returns).
  private static final AtomicLong EXECUTIONS = new AtomicLong();
  private static final AtomicLong FIRED = new AtomicLong();
  private static volatile long firstFiredNanos;
  private static long lastLoaded;
  private static Object lastReference;

  private Faults() {}

  /**
   * What an armed run corrupts.
   *
   * @param occurrence the execution to corrupt, from 1 (single fault), or the first one to corrupt
   *     (persistent defect)
   * @param every corrupt every {@code every}-th execution from {@code occurrence} on (persistent
   *     defect), or 0
   * @param width the value's width in bits
   * @param staleLoad whether {@link FaultType#NOOP} returns the value the site loaded before
   * @param seed chooses the bits (and a bulk operation's element)
   * @param record gets a line at the first corruption: {@code fired n=<execution> original=<hex>
   *     faulty=<hex>}
   */
  public record Plan(
      FaultType type,
      long occurrence,
      long every,
      int width,
      boolean staleLoad,
      long seed,
      Consumer<String> record) {

    boolean due(long n) {
      return every > 0 ? n >= occurrence && (n - occurrence) % every == 0 : n == occurrence;
    }
  }

  /** Counts every site's executions on the faulty core. */
  public static void startProfile(int sites, String threadPrefix) {
    Faults.threadPrefix = threadPrefix;
    profile = new AtomicLongArray(sites);
  }

  /** The profile's count of {@code site}. */
  public static long profileCount(int site) {
    return profile.get(site);
  }

  /** Arms the one instrumented site. */
  public static void arm(Plan plan, String threadPrefix) {
    Faults.threadPrefix = threadPrefix;
    EXECUTIONS.set(0);
    FIRED.set(0);
    lastLoaded = 0;
    lastReference = null;
    Faults.plan = plan;
  }

  /** Executions of the armed site on the faulty core so far, and how many were corrupted. */
  public static long[] armedCounts() {
    return new long[] {EXECUTIONS.get(), FIRED.get()};
  }

  /** Nanoseconds since the armed site's first corruption, or -1 before it. */
  public static long nanosSinceFirstFault() {
    return FIRED.get() == 0 ? -1 : System.nanoTime() - firstFiredNanos;
  }

  /** Disarms and stops profiling (tests). */
  public static void reset() {
    plan = null;
    profile = null;
    lastFaulty = null;
    lastClean = null;
  }

  /** Whether the current thread runs on the emulated faulty core. */
  static boolean onFaultyCore() {
    Thread t = Thread.currentThread();
    if (t == lastFaulty) {
      return true;
    }
    if (t == lastClean) {
      return false;
    }
    String name = t.getName();
    boolean faulty =
        !name.startsWith(RUNTIME_THREAD_PREFIX)
            && (threadPrefix == null || name.startsWith(threadPrefix));
    if (faulty) {
      lastFaulty = t;
    } else {
      lastClean = t;
    }
    return faulty;
  }

  // ---- called by instrumented code ----

  /** Profile: one execution of {@code site}. */
  public static void hit(int site) {
    if (onFaultyCore()) {
      profile.incrementAndGet(site);
    }
  }

  /**
   * An int-like value (int, boolean, byte, char, short); {@code first} the first operand's bits.
   */
  public static int i(int value, long first, int site) {
    return (int) corrupt(value & 0xFFFF_FFFFL, first);
  }

  public static long l(long value, long first, int site) {
    return corrupt(value, first);
  }

  public static float f(float value, long first, int site) {
    return Float.intBitsToFloat(
        (int) corrupt(Float.floatToRawIntBits(value) & 0xFFFF_FFFFL, first));
  }

  public static double d(double value, long first, int site) {
    return Double.longBitsToDouble(corrupt(Double.doubleToRawLongBits(value), first));
  }

  /** {@code if<cond> a}: whether the branch is taken; a no-op branch is not taken. */
  public static boolean branch1(int a, int opcode, int site) {
    return corrupt(condition(a, 0, opcode + 6) ? 1 : 0, 0) != 0;
  }

  /** {@code if_icmp<cond> a, b}: whether the branch is taken. */
  public static boolean branch2(int a, int b, int opcode, int site) {
    return corrupt(condition(a, b, opcode) ? 1 : 0, 0) != 0;
  }

  /**
   * A reference: a user-data reference loaded (a no-op load returns the one loaded before), or a
   * fresh primitive array a bulk operation returned (one element corrupted).
   */
  public static Object ref(Object value, int site) {
    Plan p = plan;
    if (p == null || !onFaultyCore()) {
      return value;
    }
    long n = EXECUTIONS.incrementAndGet();
    if (p.staleLoad()) {
      Object previous = lastReference;
      lastReference = value;
      if (!p.due(n)) {
        return value;
      }
      fired(p, n, previous == value ? "stale reference (the same)" : "stale reference");
      return previous;
    }
    if (p.due(n) && value != null) {
      corruptElement(p, n, value, 0, Array.getLength(value));
    }
    return value;
  }

  /** A bulk operation wrote {@code array[from, from + length)} ({@code length} -1: all of it). */
  public static void range(Object array, int from, int length, int site) {
    Plan p = plan;
    if (p == null || !onFaultyCore()) {
      return;
    }
    long n = EXECUTIONS.incrementAndGet();
    if (p.due(n) && array != null) {
      corruptElement(p, n, array, from, length < 0 ? Array.getLength(array) : length);
    }
  }

  // ---- the fault itself ----

  private static long corrupt(long bits, long first) {
    Plan p = plan;
    if (p == null || !onFaultyCore()) {
      return bits;
    }
    long n = EXECUTIONS.incrementAndGet();
    long previous = first;
    if (p.staleLoad()) {
      previous = lastLoaded;
      lastLoaded = bits;
    }
    if (!p.due(n)) {
      return bits;
    }
    long widthMask = p.width() >= 64 ? -1L : (1L << p.width()) - 1;
    long faulty = p.type().apply(bits, mask(p, n, p.width()), previous) & widthMask;
    fired(p, n, "original=" + Long.toHexString(bits) + " faulty=" + Long.toHexString(faulty));
    return faulty;
  }

  private static void corruptElement(Plan p, long n, Object array, int from, int length) {
    if (length <= 0) {
      return;
    }
    int index = from + new SplittableRandom(p.seed() ^ n).nextInt(length);
    Object original = Array.get(array, index);
    int width = elementWidth(array.getClass().getComponentType());
    long bits = elementBits(original);
    long widthMask = width >= 64 ? -1L : (1L << width) - 1;
    long faulty = p.type().apply(bits, mask(p, n, width), bits) & widthMask;
    setElement(array, index, faulty);
    fired(
        p,
        n,
        "element "
            + index
            + " original="
            + Long.toHexString(bits)
            + " faulty="
            + Long.toHexString(faulty));
  }

  /** The fault's bit positions, distinct, drawn from the seed and the execution. */
  static long mask(Plan p, long n, int width) {
    SplittableRandom random = new SplittableRandom(p.seed() * 31 + n);
    long mask = 0;
    int wanted = Math.min(p.type().bits(), width);
    while (Long.bitCount(mask) < wanted) {
      mask |= 1L << random.nextInt(width);
    }
    return mask;
  }

  private static void fired(Plan p, long n, String what) {
    long count = FIRED.incrementAndGet();
    // A persistent defect records its first corruption only: the record is for judging, the
    // counts are in armedCounts().
    if (count == 1) {
      firstFiredNanos = System.nanoTime();
      p.record().accept("fired n=" + n + " " + what);
    }
  }

  private static boolean condition(int a, int b, int opcode) {
    return switch (opcode) {
      case 159 -> a == b; // if_icmpeq (ifeq + 6)
      case 160 -> a != b;
      case 161 -> a < b;
      case 162 -> a >= b;
      case 163 -> a > b;
      case 164 -> a <= b;
      default -> throw new IllegalArgumentException("not a conditional branch: " + opcode);
    };
  }

  private static int elementWidth(Class<?> c) {
    if (c == boolean.class) {
      return 1;
    }
    if (c == byte.class) {
      return 8;
    }
    if (c == char.class || c == short.class) {
      return 16;
    }
    return c == long.class || c == double.class ? 64 : 32;
  }

  private static long elementBits(Object v) {
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof Character c) {
      return c;
    }
    if (v instanceof Float f) {
      return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }
    if (v instanceof Double d) {
      return Double.doubleToRawLongBits(d);
    }
    return ((Number) v).longValue();
  }

  private static void setElement(Object array, int index, long bits) {
    Class<?> c = array.getClass().getComponentType();
    if (c == boolean.class) {
      Array.setBoolean(array, index, bits != 0);
    } else if (c == byte.class) {
      Array.setByte(array, index, (byte) bits);
    } else if (c == char.class) {
      Array.setChar(array, index, (char) bits);
    } else if (c == short.class) {
      Array.setShort(array, index, (short) bits);
    } else if (c == int.class) {
      Array.setInt(array, index, (int) bits);
    } else if (c == long.class) {
      Array.setLong(array, index, bits);
    } else if (c == float.class) {
      Array.setFloat(array, index, Float.intBitsToFloat((int) bits));
    } else {
      Array.setDouble(array, index, Double.longBitsToDouble(bits));
    }
  }
}

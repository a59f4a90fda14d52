package dev.orthrus.analysis.escape;

/**
 * A set of places an object may be reachable from when a method returns: the flags
 * {@link #GLOBAL}, {@link #USER_DATA}, {@link #RETURNED}, plus the structures of some of the
 * method's parameters (index -1 is the receiver). Mutable, only ever grows.
 */
public final class Escapes {

  /** A static field, an unknown callee, or other unversioned shared state. */
  public static final int GLOBAL = 1;
  /** A {@code @UserData} object (versioned memory). */
  public static final int USER_DATA = 2;
  /** The method's return value (or a thrown exception). */
  public static final int RETURNED = 4;

  /** Parameters past this index are folded into {@link #GLOBAL}. */
  static final int MAX_PARAM = 61;

  int flags;
  long params;

  public Escapes() {}

  Escapes(int flags, long params) {
    this.flags = flags;
    this.params = params;
  }

  public Escapes copy() {
    return new Escapes(flags, params);
  }

  public int flags() {
    return flags;
  }

  public boolean has(int flag) {
    return (flags & flag) != 0;
  }

  public boolean isEmpty() {
    return flags == 0 && params == 0;
  }

  /** True when the structure of parameter {@code index} (-1: receiver) is among the places. */
  public boolean hasParam(int index) {
    return index + 1 <= MAX_PARAM + 1 && (params & (1L << (index + 1))) != 0;
  }

  /** The parameter indexes present, receiver first. */
  public int[] paramIndexes() {
    int[] out = new int[Long.bitCount(params)];
    int n = 0;
    for (int bit = 0; bit < 64; bit++) {
      if ((params & (1L << bit)) != 0) {
        out[n++] = bit - 1;
      }
    }
    return out;
  }

  boolean addFlags(int f) {
    int before = flags;
    flags |= f;
    return flags != before;
  }

  boolean addParam(int index) {
    if (index > MAX_PARAM) {
      return addFlags(GLOBAL);
    }
    long before = params;
    params |= 1L << (index + 1);
    return params != before;
  }

  boolean addAll(Escapes other) {
    int f = flags;
    long p = params;
    flags |= other.flags;
    params |= other.params;
    return f != flags || p != params;
  }

  /** Adds {@code other} without its own parameter {@code self} (a parameter reaching itself). */
  boolean addAllExcept(Escapes other, int self) {
    long mask = self > MAX_PARAM ? ~0L : ~(1L << (self + 1));
    int f = flags;
    long p = params;
    flags |= other.flags;
    params |= other.params & mask;
    return f != flags || p != params;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Escapes e && e.flags == flags && e.params == params;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(params) * 31 + flags;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("{");
    if (has(GLOBAL)) {
      b.append("global ");
    }
    if (has(USER_DATA)) {
      b.append("user-data ");
    }
    if (has(RETURNED)) {
      b.append("returned ");
    }
    for (int i : paramIndexes()) {
      b.append(i < 0 ? "this " : "p" + i + " ");
    }
    return b.toString().trim() + "}";
  }
}

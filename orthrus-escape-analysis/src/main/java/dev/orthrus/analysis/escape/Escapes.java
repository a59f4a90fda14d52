package dev.orthrus.analysis.escape;

/**
 * A set of places an object may be reachable from when a method returns: the flags {@link #GLOBAL},
 * {@link #USER_DATA}, {@link #RETURNED}, {@link #THROWN}, plus the structures of some of the
 * method's parameters (index -1 is the receiver) and the insides of some ("inside parameter k":
 * anywhere an object stored into the argument's structure may live, which for an argument the
 * caller made includes where the caller's stored objects live). Mutable, only ever grows.
 */
public final class Escapes {

  /** A static field, an unknown callee, or other unversioned shared state. */
  public static final int GLOBAL = 1;

  /** A {@code @UserData} object (versioned memory). */
  public static final int USER_DATA = 2;

  /** The method's return value. */
  public static final int RETURNED = 4;

  /** An exception the method throws to its caller (not caught inside it). */
  public static final int THROWN = 8;

  /** Parameters past this index are folded into {@link #GLOBAL}. */
  static final int MAX_PARAM = 61;

  int flags;
  long params;
  long inner;

  public Escapes() {}

  Escapes(int flags, long params) {
    this.flags = flags;
    this.params = params;
  }

  public Escapes copy() {
    Escapes e = new Escapes(flags, params);
    e.inner = inner;
    return e;
  }

  public int flags() {
    return flags;
  }

  public boolean has(int flag) {
    return (flags & flag) != 0;
  }

  public boolean isEmpty() {
    return flags == 0 && params == 0 && inner == 0;
  }

  /** True when the structure of parameter {@code index} (-1: receiver) is among the places. */
  public boolean hasParam(int index) {
    return index + 1 <= MAX_PARAM + 1 && (params & (1L << (index + 1))) != 0;
  }

  /** The parameter indexes whose structures are present, receiver first. */
  public int[] paramIndexes() {
    return Origins.indexes(params);
  }

  /** The parameter indexes whose insides are present, receiver first. */
  public int[] innerIndexes() {
    return Origins.indexes(inner);
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

  /**
   * Adds the places where objects of these origins live: their flags and their parameters'
   * structures.
   */
  boolean addPlacesOf(Origins o) {
    return add(o.flags, o.self, o.inner);
  }

  /** Adds the places where the objects inside objects of these origins live. */
  boolean addInsidePlacesOf(Origins o) {
    return add(o.flags, 0, o.self | o.inner);
  }

  boolean addAll(Escapes other) {
    return add(other.flags, other.params, other.inner);
  }

  /** Adds {@code other} without its own parameter {@code self} (a parameter reaching itself). */
  boolean addAllExcept(Escapes other, int self) {
    long mask = self > MAX_PARAM ? ~0L : ~(1L << (self + 1));
    return add(other.flags, other.params & mask, other.inner);
  }

  private boolean add(int f, long p, long i) {
    int f0 = flags;
    long p0 = params;
    long i0 = inner;
    flags |= f;
    params |= p;
    inner |= i;
    return f0 != flags || p0 != params || i0 != inner;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Escapes e && e.flags == flags && e.params == params && e.inner == inner;
  }

  @Override
  public int hashCode() {
    return (Long.hashCode(params) * 31 + Long.hashCode(inner)) * 31 + flags;
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
    if (has(THROWN)) {
      b.append("thrown ");
    }
    for (int i : paramIndexes()) {
      b.append(i < 0 ? "this " : "p" + i + " ");
    }
    for (int i : innerIndexes()) {
      b.append(i < 0 ? "in-this " : "in-p" + i + " ");
    }
    return b.toString().trim() + "}";
  }
}

package dev.orthrus.analysis.escape;

/**
 * Where the objects a node denotes may come from, as opposed to where they go ({@link Escapes}):
 * objects that existed before the method ran, found in a static field or other unversioned state
 * ({@link #GLOBAL}), in user data ({@link #USER_DATA}), as one of the method's parameters ("self
 * k") or inside a parameter's structure ("inner k"; index -1 is the receiver). An empty set means
 * the objects were allocated during the closure's execution: writing their fields changes nothing
 * anyone else can see. Mutable, only ever grows.
 */
public final class Origins {

  public static final int GLOBAL = Escapes.GLOBAL;
  public static final int USER_DATA = Escapes.USER_DATA;

  int flags;
  long self;
  long inner;

  public Origins() {}

  private Origins(int flags, long self, long inner) {
    this.flags = flags;
    this.self = self;
    this.inner = inner;
  }

  public int flags() {
    return flags;
  }

  public boolean has(int flag) {
    return (flags & flag) != 0;
  }

  public boolean isEmpty() {
    return flags == 0 && self == 0 && inner == 0;
  }

  /** Parameters that the objects may be, receiver (-1) first. */
  public int[] selfParams() {
    return indexes(self);
  }

  /** Parameters whose structure the objects may be inside, receiver (-1) first. */
  public int[] innerParams() {
    return indexes(inner);
  }

  /** The origins of objects reachable from these: a parameter's fields are inside its structure. */
  public Origins deref() {
    return new Origins(flags, 0, self | inner);
  }

  boolean addFlags(int f) {
    int before = flags;
    flags |= f;
    return flags != before;
  }

  boolean addSelf(int index) {
    if (index > Escapes.MAX_PARAM) {
      return addFlags(GLOBAL);
    }
    long before = self;
    self |= 1L << (index + 1);
    return self != before;
  }

  boolean addAll(Origins other) {
    return add(other.flags, other.self, other.inner);
  }

  /** Adds {@code other.deref()} without allocating. */
  boolean addDeref(Origins other) {
    return add(other.flags, 0, other.self | other.inner);
  }

  private boolean add(int f, long s, long i) {
    int f0 = flags;
    long s0 = self;
    long i0 = inner;
    flags |= f;
    self |= s;
    inner |= i;
    return f0 != flags || s0 != self || i0 != inner;
  }

  static int[] indexes(long bits) {
    int[] out = new int[Long.bitCount(bits)];
    int n = 0;
    for (int bit = 0; bit < 64; bit++) {
      if ((bits & (1L << bit)) != 0) {
        out[n++] = bit - 1;
      }
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Origins x && x.flags == flags && x.self == self && x.inner == inner;
  }

  @Override
  public int hashCode() {
    return (Long.hashCode(self) * 31 + Long.hashCode(inner)) * 31 + flags;
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
    for (int i : selfParams()) {
      b.append(i < 0 ? "this " : "p" + i + " ");
    }
    for (int i : innerParams()) {
      b.append(i < 0 ? "in-this " : "in-p" + i + " ");
    }
    return b.toString().trim() + "}";
  }
}

package dev.orthrus.runtime.api;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Drives one object whose fields are in place for {@link InPlaceObjectModelCheckTest}: stores of
 * one field in place, stores of the other that keep the first (built from a snapshot, retried while
 * another store came in between), and control-path checks. It counts the stores, so that {@link
 * #finish} can tell a lost one.
 */
final class InPlaceDriver implements InPlaceObjectModelCheckTest.Fields {

  /** Two fields in place, as generated code declares them. */
  static final class Pair extends InPlaceObject<Pair.V> {
    private long a;
    private long b;

    Pair() {
      soVersion(new V(this, 0, 0));
    }

    @Override
    protected V snapshotFields(int checksum) {
      return new V(this, a, b, checksum);
    }

    @Override
    protected void writeFields(V next) {
      a = next.a;
      b = next.b;
    }

    /** {@code a++} as the plain variant's helper writes it. */
    void incrementA() {
      int token = beginStore();
      try {
        a = a + 1;
      } finally {
        endStore(token, V.checksumOf(a, b));
      }
    }

    static final class V extends Version {
      final long a;
      final long b;

      V(Pair owner, long a, long b) {
        this(owner, a, b, checksumOf(a, b));
      }

      V(Pair owner, long a, long b, int checksum) {
        super(owner);
        this.a = a;
        this.b = b;
        seal(checksum);
      }

      static int checksumOf(long a, long b) {
        return Checksum.bits(Checksum.bits(Checksum.SEED, a), b);
      }

      @Override
      public void fields(FieldSink sink) {
        sink.bits(a);
        sink.bits(b);
      }
    }
  }

  private final Pair pair = new Pair();
  private final AtomicInteger storesOfA = new AtomicInteger();
  private final AtomicInteger storesOfB = new AtomicInteger();

  @Override
  public void storeA() {
    pair.incrementA();
    storesOfA.incrementAndGet();
  }

  @Override
  public void storeB() {
    Pair.V read = pair.lvVersion();
    while (!pair.casVersion(read, new Pair.V(pair, read.a, read.b + 1))) {
      read = pair.lvVersion();
    }
    storesOfB.incrementAndGet();
  }

  @Override
  public void check() {
    Pair.V now = pair.lvVersion();
    if (!now.checksumValid()) {
      throw new IllegalStateException("a snapshot failed its check: a=" + now.a + " b=" + now.b);
    }
  }

  @Override
  public void finish() {
    check();
    Pair.V last = pair.lvVersion();
    if (last.a != storesOfA.get() || last.b != storesOfB.get()) {
      throw new IllegalStateException(
          "a store was lost: a="
              + last.a
              + " after "
              + storesOfA.get()
              + " stores, b="
              + last.b
              + " after "
              + storesOfB.get());
    }
  }
}

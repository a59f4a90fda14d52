package dev.orthrus.runtime.api;

/**
 * Two mutable fields in place, written as generated code writes them: the object of the tests of
 * {@link InPlaceObject} ({@link InPlaceObjectTest}, {@link InPlaceDriver}).
 */
final class TwoFields extends InPlaceObject<TwoFields.V> {
  long a; // package-private: a test changes it behind the runtime's back
  long b;

  TwoFields(long a, long b) {
    soVersion(new V(this, a, b));
  }

  /** As a generated constructor ends: the fields written, then the first store. */
  TwoFields(long a, long b, boolean generated) {
    this.a = a;
    this.b = b;
    firstStore();
  }

  /** A plain store of {@code a} alone, as the plain variant writes one field. */
  void storeA(long value) {
    refusePlainStore();
    int token = beginStore();
    a = value;
    endStore(token, V.checksumOf(a, b));
  }

  /** A plain store of {@code b} alone. */
  void storeB(long value) {
    refusePlainStore();
    int token = beginStore();
    b = value;
    endStore(token, V.checksumOf(a, b));
  }

  /**
   * A plain store of {@code a} in the generated shape, whose end is cut short by an error (a {@link
   * StackOverflowError} in the call that computes the checksum): the handler gives the store up as
   * generated code does.
   */
  void storeACutShort(long value) {
    int token = beginStore();
    try {
      a = value;
    } finally {
      try {
        endStore(token, overflow());
      } catch (Throwable e) {
        sequence$ = ABANDONED;
        throw e;
      }
    }
  }

  private static int overflow() {
    throw new StackOverflowError("the stack ran out in the store's last call");
  }

  /** Makes the next {@link #writeFields} fail as a call that ran out of stack. */
  boolean failNextWrite;

  /** {@code a++} as the plain variant's helper writes it. */
  void incrementA() {
    int token = beginStore();
    try {
      a = a + 1;
    } finally {
      endStore(token, V.checksumOf(a, b));
    }
  }

  long plainA() {
    refusePlainRead();
    return a;
  }

  @Override
  protected V snapshotFields(int checksum) {
    return new V(this, a, b, checksum);
  }

  @Override
  protected void writeFields(V next) {
    if (failNextWrite) {
      failNextWrite = false;
      throw new StackOverflowError("the stack ran out in writeFields");
    }
    a = next.a;
    b = next.b;
  }

  @Override
  protected int checksumFields() {
    return V.checksumOf(a, b);
  }

  static final class V extends Version {
    final long a;
    final long b;

    V(TwoFields owner, long a, long b) {
      this(owner, a, b, checksumOf(a, b));
    }

    V(TwoFields owner, long a, long b, int checksum) {
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

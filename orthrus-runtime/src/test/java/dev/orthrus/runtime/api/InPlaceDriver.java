package dev.orthrus.runtime.api;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Drives one object whose fields are in place for {@link InPlaceObjectModelCheckTest}: stores of
 * one field in place, stores of the other that keep the first (built from a snapshot, retried while
 * another store came in between), and control-path checks, of a snapshot and in place. It counts
 * the stores, so that {@link #finish} can tell a lost one.
 */
final class InPlaceDriver implements InPlaceObjectModelCheckTest.Fields {

  private final TwoFields pair = new TwoFields(0, 0);
  private final AtomicInteger storesOfA = new AtomicInteger();
  private final AtomicInteger storesOfB = new AtomicInteger();

  @Override
  public void storeA() {
    pair.incrementA();
    storesOfA.incrementAndGet();
  }

  @Override
  public void storeB() {
    TwoFields.V read = pair.lvVersion();
    while (!pair.casVersion(read, new TwoFields.V(pair, read.a, read.b + 1))) {
      read = pair.lvVersion();
    }
    storesOfB.incrementAndGet();
  }

  @Override
  public void check() {
    TwoFields.V now = pair.lvVersion();
    if (!now.checksumValid()) {
      throw new IllegalStateException("a snapshot failed its check: a=" + now.a + " b=" + now.b);
    }
    ControlPath.verify(pair); // the check in place, as the plain variant makes it
  }

  @Override
  public void finish() {
    check();
    TwoFields.V last = pair.lvVersion();
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

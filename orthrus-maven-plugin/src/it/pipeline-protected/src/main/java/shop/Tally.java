package shop;

import dev.orthrus.annotations.Closure;

public final class Tally {
  private final Counter counter = new Counter();

  @Closure
  public long add(long delta) {
    counter.value = counter.value + delta;
    return counter.value;
  }

  /** Writes user data outside a closure: a warning of the processor's, which the build prints. */
  public void reset() {
    counter.value = 0;
  }

  public static void main(String[] args) {
    Tally tally = new Tally();
    long total = 0;
    for (int i = 1; i <= 100; i++) {
      total = tally.add(i);
    }
    System.out.println("total " + total);
  }
}

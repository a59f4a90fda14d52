package dev.orthrus.cli;

/** The small project the CLI's tests compile: a user-data counter, a closure, a rule error. */
public final class ShopSources {

  public static final String COUNTER =
      """
      package shop;

      import dev.orthrus.annotations.UserData;

      @UserData
      final class Counter {
        long value;
      }
      """;

  /** {@code add} is declared on line 9. */
  public static final String TALLY =
      """
      package shop;

      import dev.orthrus.annotations.Closure;

      public final class Tally {
        private final Counter counter = new Counter();

        @Closure
        public long add(long delta) {
          counter.value = counter.value + delta;
          return counter.value;
        }
      }
      """;

  /** A closure writing a static field ({@code orthrus.closure.static-write}) on line 10. */
  public static final String STATIC_WRITE =
      """
      package shop;

      import dev.orthrus.annotations.Closure;

      public final class Hits {
        static int hits;

        @Closure
        public int hit(int n) {
          hits = hits + n;
          return n;
        }
      }
      """;

  private ShopSources() {}
}

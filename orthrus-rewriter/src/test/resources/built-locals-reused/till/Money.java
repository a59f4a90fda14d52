package till;

/** A value made through a helper object the factory fills in, field by field. */
public final class Money {
  final String currency;
  final long cents;

  private Money(String currency, long cents) {
    this.currency = currency;
    this.cents = cents;
  }

  static final class Maker {
    String currency;
    long cents;

    Money make() {
      return new Money(currency, cents);
    }
  }

  /** A helper filled in again and again: its fields change after others may have read them. */
  static final Maker LAST = new Maker();

  public static long remember(long cents) {
    Maker m = LAST;
    m.cents = cents;
    return m.cents;
  }

  public static Money of(String currency, long cents) {
    Maker m = new Maker();
    m.currency = currency;
    m.cents = cents;
    return m.make();
  }

  public Money plus(long c) {
    return of(currency, cents + c);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Money m && m.currency.equals(currency) && m.cents == cents;
  }

  @Override
  public int hashCode() {
    return currency.hashCode() * 31 + Long.hashCode(cents);
  }

  @Override
  public String toString() {
    return currency + " " + cents;
  }
}

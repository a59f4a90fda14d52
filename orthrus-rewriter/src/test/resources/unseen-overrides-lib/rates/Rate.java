package rates;

/** A rate of another module, with a default a subclass may override. */
public class Rate {

  /** The fee on {@code amount}: 1%. */
  public long fee(long amount) {
    return amount / 100;
  }
}

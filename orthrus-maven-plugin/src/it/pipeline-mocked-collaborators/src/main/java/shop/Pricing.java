package shop;

/** A fee rule a test mocks: plain methods a subclass may override. */
public class Pricing {
  public long fee(long amount) {
    return amount / 100;
  }

  public long round(long amount) {
    return amount / 5 * 5;
  }
}

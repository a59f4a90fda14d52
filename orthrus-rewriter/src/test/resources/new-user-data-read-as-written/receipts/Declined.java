package receipts;

/** An exception whose constructor reads the receipt it is given: plain code, run as written. */
public final class Declined extends Exception {
  public Declined(Receipt r) {
    super("declined after " + r.amount());
  }
}

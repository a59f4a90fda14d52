package quotes;

/** A quoting strategy the application supplies. */
public interface Quoter {
  Quote quote(long amount);

  Kind kind(long amount);
}

package tariff;

/** A strategy the closure calls: implementations may live outside the sources. */
public interface FeePolicy {
  long fee(long amount);

  /** Takes an object: an implementation the rewriter did not see runs in both variants. */
  long feeOf(long[] amounts);
}

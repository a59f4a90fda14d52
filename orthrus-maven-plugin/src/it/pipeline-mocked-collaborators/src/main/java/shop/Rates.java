package shop;

/** Tiers of a charge, answered in a new array. */
public interface Rates {
  long[] tiers(long amount);
}

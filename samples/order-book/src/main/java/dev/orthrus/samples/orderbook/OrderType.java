package dev.orthrus.samples.orderbook;

/** How an order treats the quantity it could not match on arrival. */
public enum OrderType {
  /** Matches up to its limit price; the rest rests in the book at that price. */
  LIMIT,
  /** Matches at any price; the rest is dropped. */
  MARKET
}

package dev.orthrus.samples.orderbook;

/** The side of an order: a buy rests among the bids, a sell among the asks. */
public enum Side {
  BUY,
  SELL
}

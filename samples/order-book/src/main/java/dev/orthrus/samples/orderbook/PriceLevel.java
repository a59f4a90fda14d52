package dev.orthrus.samples.orderbook;

import dev.orthrus.annotations.UserData;

/**
 * One price of one side of the book: a node of a treap keyed by price, holding the FIFO of the
 * orders resting at that price.
 */
@UserData
public final class PriceLevel {
  final long priceTicks;

  /**
   * The treap's heap priority. It is a hash of the price rather than a random draw, so the tree's
   * shape depends only on which prices it holds, and a re-execution builds the same tree.
   */
  final int priority;

  /** The sum of the remaining quantities of the orders at this price. */
  long quantity;

  int orders;
  Order head;
  Order tail;
  PriceLevel left;
  PriceLevel right;

  PriceLevel(long priceTicks, int priority) {
    this.priceTicks = priceTicks;
    this.priority = priority;
  }
}

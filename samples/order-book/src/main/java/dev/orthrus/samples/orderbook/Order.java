package dev.orthrus.samples.orderbook;

import dev.orthrus.annotations.UserData;

/**
 * A resting order. It sits in two singly linked lists at once: the FIFO of its price level (time
 * priority) and the chain of its bucket in the order index (cancel by id).
 */
@UserData
public final class Order {
  final long id;
  final boolean buy;
  final long priceTicks;
  long remaining;

  /** The next order at the same price, which arrived later. */
  Order next;

  /** The next order in the same bucket of the {@link OrderIndex}. */
  Order nextInBucket;

  Order(long id, boolean buy, long priceTicks, long remaining, Order nextInBucket) {
    this.id = id;
    this.buy = buy;
    this.priceTicks = priceTicks;
    this.remaining = remaining;
    this.nextInBucket = nextInBucket;
  }
}

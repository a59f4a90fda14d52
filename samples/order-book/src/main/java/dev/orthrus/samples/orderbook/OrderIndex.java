package dev.orthrus.samples.orderbook;

import dev.orthrus.annotations.UserData;

/** Resting orders by id: a chained hash table, so that a cancel finds its order directly. */
@UserData
public final class OrderIndex {
  Order[] buckets;
  int size;

  OrderIndex(int capacity) {
    this.buckets = new Order[capacity];
  }
}

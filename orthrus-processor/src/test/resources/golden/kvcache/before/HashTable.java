package dev.orthrus.samples.kvcache;

import dev.orthrus.annotations.UserData;

/** The bucket array and the counters that describe it. */
@UserData
public final class HashTable {
  Item[] buckets;
  int size;
  long nextCas;

  HashTable(int capacity) {
    this.buckets = new Item[capacity];
  }
}

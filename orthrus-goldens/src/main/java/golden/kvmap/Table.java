package golden.kvmap;

import dev.orthrus.annotations.UserData;

/** The buckets and the counters. */
@UserData
final class Table {
  final Item[] buckets;
  int size;
  long nextCas;

  Table(int capacity) {
    this.buckets = new Item[capacity];
  }
}

package dev.orthrus.samples.kvcache;

import dev.orthrus.annotations.UserData;

/** One cached entry in a bucket chain. Its value bytes are immutable: a set replaces the array. */
@UserData
public final class Item {
  final String key;
  byte[] value;
  int flags;
  long casUnique;
  Item next;

  Item(String key, byte[] value, int flags, long casUnique, Item next) {
    this.key = key;
    this.value = value;
    this.flags = flags;
    this.casUnique = casUnique;
    this.next = next;
  }
}

package dev.orthrus.samples.kvcache;

import dev.orthrus.annotations.Closure;
import java.util.Arrays;

/**
 * A memcached-style store: a chained hash table whose get, set and delete are Orthrus closures.
 * Parsing, networking and eviction policy stay in the control path.
 */
public final class KvStore {

  private final HashTable table;

  public KvStore(int capacity) {
    if (Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
    }
    this.table = new HashTable(capacity);
  }

  /** Returns a copy of the value stored under {@code key}, or null. */
  @Closure
  public byte[] get(String key) {
    Item item = find(key);
    return item == null ? null : Arrays.copyOf(item.value, item.value.length);
  }

  /** Stores {@code value} under {@code key}; returns true when the key was new. */
  @Closure
  public boolean set(String key, byte[] value, int flags) {
    long cas = ++table.nextCas;
    Item item = find(key);
    if (item != null) {
      item.value = value.clone();
      item.flags = flags;
      item.casUnique = cas;
      return false;
    }
    int slot = slot(key);
    table.buckets[slot] = new Item(key, value.clone(), flags, cas, table.buckets[slot]);
    table.size++;
    return true;
  }

  /** Removes {@code key}; returns true when it was present. */
  @Closure
  public boolean delete(String key) {
    int slot = slot(key);
    Item previous = null;
    for (Item item = table.buckets[slot]; item != null; item = item.next) {
      if (item.key.equals(key)) {
        if (previous == null) {
          table.buckets[slot] = item.next;
        } else {
          previous.next = item.next;
        }
        table.size--;
        return true;
      }
      previous = item;
    }
    return false;
  }

  /** The number of items, read in the control path (not validated). */
  public int size() {
    return table.size;
  }

  private Item find(String key) {
    for (Item item = table.buckets[slot(key)]; item != null; item = item.next) {
      if (item.key.equals(key)) {
        return item;
      }
    }
    return null;
  }

  private int slot(String key) {
    // String.hashCode is deterministic, unlike identity hash codes.
    int h = key.hashCode();
    return (h ^ (h >>> 16)) & (table.buckets.length - 1);
  }
}

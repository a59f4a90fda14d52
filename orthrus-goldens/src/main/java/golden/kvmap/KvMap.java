package golden.kvmap;

import dev.orthrus.annotations.Closure;
import java.util.Arrays;

/**
 * The source that {@code orthrus-testkit}'s hand-written {@code KvMap} is the protected form of:
 * the same chained hash map, written as ordinary Java with annotations.
 */
public final class KvMap {

  private final Table table;

  public KvMap(int capacity) {
    if (Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
    }
    this.table = new Table(capacity);
  }

  /** A copy of the value under {@code key}, or null. */
  @Closure
  public byte[] get(String key) {
    Item item = lookup(key);
    if (item == null) {
      return null;
    }
    byte[] value = item.value;
    return Arrays.copyOf(value, value.length);
  }

  /** The item under {@code key}, handed to the control path, or null. */
  @Closure
  public Item find(String key) {
    return lookup(key);
  }

  /** A copy of the value of an item the control path hands in (it is checked on the way in). */
  @Closure
  public static byte[] valueOf(Item item) {
    byte[] value = item.value;
    return Arrays.copyOf(value, value.length);
  }

  /** Stores {@code value} under {@code key}; true when the key was new. */
  @Closure
  public boolean set(String key, byte[] value, int flags) {
    long cas = table.nextCas + 1;
    Item item = lookup(key);
    if (item != null) {
      table.nextCas = cas;
      item.value = value.clone();
      item.flags = flags;
      item.cas = cas;
      return false;
    }
    int slot = slot(key);
    table.buckets[slot] = new Item(key, value.clone(), flags, cas, table.buckets[slot]);
    table.size = table.size + 1;
    table.nextCas = cas;
    return true;
  }

  /** Removes {@code key}; true when it was present. */
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
        table.size = table.size - 1;
        return true;
      }
      previous = item;
    }
    return false;
  }

  /** The number of entries, read in the control path. */
  public int size() {
    return table.size;
  }

  private Item lookup(String key) {
    for (Item item = table.buckets[slot(key)]; item != null; item = item.next) {
      if (item.key.equals(key)) {
        return item;
      }
    }
    return null;
  }

  private int slot(String key) {
    int h = key.hashCode();
    return (h ^ (h >>> 16)) & (table.buckets.length - 1);
  }
}

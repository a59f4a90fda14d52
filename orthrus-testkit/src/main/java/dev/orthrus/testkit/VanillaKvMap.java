package dev.orthrus.testkit;

import java.util.Arrays;

/** The same chained hash map with plain fields: what an unprotected application runs. */
public final class VanillaKvMap {

  /** One entry (public for benchmarks that time its fields against a versioned item's). */
  public static final class Item {
    public final String key;
    public byte[] value;
    public int flags;
    public long cas;
    public Item next;

    Item(String key, byte[] value, int flags, long cas, Item next) {
      this.key = key;
      this.value = value;
      this.flags = flags;
      this.cas = cas;
      this.next = next;
    }
  }

  private final Item[] buckets;
  private int size;
  private long nextCas;

  public VanillaKvMap(int capacity) {
    if (Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
    }
    this.buckets = new Item[capacity];
  }

  private int slot(String key) {
    int h = key.hashCode();
    return (h ^ (h >>> 16)) & (buckets.length - 1);
  }

  /** The entry stored under {@code key}, or null. */
  public Item find(String key) {
    for (Item it = buckets[slot(key)]; it != null; it = it.next) {
      if (it.key.equals(key)) {
        return it;
      }
    }
    return null;
  }

  public byte[] get(String key) {
    Item it = find(key);
    return it == null ? null : Arrays.copyOf(it.value, it.value.length);
  }

  public boolean set(String key, byte[] value, int flags) {
    long cas = ++nextCas;
    Item it = find(key);
    if (it != null) {
      it.value = value.clone();
      it.flags = flags;
      it.cas = cas;
      return false;
    }
    int slot = slot(key);
    buckets[slot] = new Item(key, value.clone(), flags, cas, buckets[slot]);
    size++;
    return true;
  }

  public int size() {
    return size;
  }
}

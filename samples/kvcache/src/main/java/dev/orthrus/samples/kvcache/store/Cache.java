package dev.orthrus.samples.kvcache.store;

import dev.orthrus.annotations.Closure;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The cache's data path: a chained hash table of items with an LRU list and a memory limit, whose
 * lookups, stores, deletes, arithmetic, touches and evictions are Orthrus closures. Times are the
 * server's clock in seconds ({@code now}), passed in by the control path so that a re-execution
 * sees the same time. Every operation holds the cache's lock, like memcached's global LRU lock.
 *
 * <p>The render methods build what leaves for a socket from one item; they take the item the
 * control path got from a lookup, so the protected build checks its checksum first.
 */
public final class Cache {

  /** memcached's ITEM_UPDATE_INTERVAL: a read moves an item to the LRU head at most this often. */
  static final int UPDATE_INTERVAL = 60;

  /** Bytes an item costs besides its key and value (memcached's header and CAS). */
  static final int ITEM_OVERHEAD = 56;

  private final CacheTable table;

  public Cache(long limitBytes) {
    // About one bucket per 64 bytes of memory, between 2^10 and 2^20 buckets.
    int capacity =
        Integer.highestOneBit((int) Math.min(1 << 20, Math.max(1 << 10, limitBytes / 64)));
    this.table = new CacheTable(capacity, limitBytes);
  }

  /** The bytes a store of this key and value takes. */
  public static long itemSize(int keyLength, int valueLength) {
    return ITEM_OVERHEAD + keyLength + valueLength;
  }

  /**
   * The live item under {@code key}, moved to the LRU head when it was not for a while; or null.
   */
  @Closure
  public synchronized CacheItem get(String key, int now) {
    CacheItem item = live(key, now);
    if (item != null) {
      bump(item, now);
    }
    return item;
  }

  /**
   * A get's reply for the live item under {@code key} ({@link #valueReply}), or null when there is
   * none: the lookup and the reply in one closure, so that a get is one execution to log and
   * validate.
   */
  @Closure
  public synchronized byte[] getReply(String key, boolean withCas, int now) {
    CacheItem item = get(key, now);
    return item == null ? null : valueReply(item, withCas);
  }

  /**
   * mg's reply for the live item under {@code key} ({@link #metaReply}), or null when there is
   * none; with {@code touch}, the item's expiration time becomes {@code exptime} first. One
   * closure, as {@link #getReply} is for get.
   */
  @Closure
  public synchronized byte[] metaGetReply(
      String key,
      boolean touch,
      int exptime,
      boolean withValue,
      String flags,
      String opaque,
      int now) {
    CacheItem item = touch ? touch(key, exptime, now) : get(key, now);
    return item == null ? null : metaReply(item, withValue, false, flags, opaque, now);
  }

  /** Sets the live item's expiration time; returns the item, or null when there is none. */
  @Closure
  public synchronized CacheItem touch(String key, int exptime, int now) {
    CacheItem item = live(key, now);
    if (item != null) {
      item.exptime = exptime;
      bump(item, now);
    }
    return item;
  }

  /**
   * Stores {@code value} under {@code key} as {@code mode} says. Append and prepend keep the old
   * item's flags and expiration time; CAS stores only when {@code casUnique} is the item's.
   */
  @Closure
  public synchronized StoreResult store(
      StoreMode mode, String key, int flags, int exptime, byte[] value, long casUnique, int now) {
    CacheItem old = live(key, now);
    if (old == null && mode == StoreMode.CAS) {
      return new StoreResult(StoreOutcome.NOT_FOUND, 0);
    }
    if (old == null ? mode != StoreMode.SET && mode != StoreMode.ADD : mode == StoreMode.ADD) {
      if (old != null) {
        bump(old, now);
      }
      return new StoreResult(StoreOutcome.NOT_STORED, 0);
    }
    if (mode == StoreMode.CAS && old.cas != casUnique) {
      return new StoreResult(StoreOutcome.EXISTS, 0);
    }
    byte[] data = value;
    int itemFlags = flags;
    int itemExptime = exptime;
    if (mode == StoreMode.APPEND || mode == StoreMode.PREPEND) {
      data = mode == StoreMode.APPEND ? concat(old.value, value) : concat(value, old.value);
      itemFlags = old.flags;
      itemExptime = old.exptime;
    }
    long cas = ++table.nextCas;
    replace(old, new CacheItem(key, data, itemFlags, cas, itemExptime, now));
    return new StoreResult(StoreOutcome.STORED, cas);
  }

  /** Removes the live item under {@code key}; returns whether there was one. */
  @Closure
  public synchronized boolean delete(String key, int now) {
    CacheItem item = live(key, now);
    if (item == null) {
      return false;
    }
    unlink(item);
    return true;
  }

  /**
   * Adds {@code delta} to (or subtracts it from) the decimal number stored under {@code key},
   * modulo 2^64 for incr and not below 0 for decr; returns the new item, or null when there is
   * none. Like memcached, a shorter result keeps the value's length, padded with spaces.
   *
   * @throws NonNumericValueException when the value is not a decimal number below 2^64
   */
  @Closure
  public synchronized CacheItem arithmetic(String key, boolean incr, long delta, int now) {
    CacheItem old = live(key, now);
    if (old == null) {
      return null;
    }
    long number = parseUnsigned(old.value);
    long result;
    if (incr) {
      result = number + delta;
    } else {
      result = Long.compareUnsigned(delta, number) > 0 ? 0 : number - delta;
    }
    byte[] digits = Long.toUnsignedString(result).getBytes(StandardCharsets.US_ASCII);
    byte[] data = digits;
    if (digits.length < old.value.length) {
      data = new byte[old.value.length];
      System.arraycopy(digits, 0, data, 0, digits.length);
      for (int i = digits.length; i < data.length; i++) {
        data[i] = ' ';
      }
    }
    CacheItem item = new CacheItem(key, data, old.flags, ++table.nextCas, old.exptime, now);
    replace(old, item);
    return item;
  }

  /**
   * flush_all: items stored before {@code oldestLive} (a server time, at most {@code now} for an
   * immediate flush) are dead from then on. As memcached does, an immediate flush also kills every
   * item stored in the same second, by CAS.
   */
  @Closure
  public synchronized void flushAll(int oldestLive, int now) {
    table.oldestLive = oldestLive - 1;
    if (table.oldestLive <= now) {
      table.oldestCas = ++table.nextCas;
    }
  }

  /**
   * The counters {@code stats} reports: current items, total items stored, bytes, evictions,
   * expired items reclaimed by eviction, the memory limit. Not a closure: it changes no user data,
   * and its figures are a report, read on the control path like memcached's.
   */
  public synchronized long[] counters() {
    return new long[] {
      table.currItems,
      table.totalItems,
      table.bytes,
      table.evictions,
      table.reclaimed,
      table.limitBytes
    };
  }

  /** A get's reply for one item: {@code VALUE key flags bytes [cas]}, then the data. */
  @Closure
  public static byte[] valueReply(CacheItem item, boolean withCas) {
    String header =
        "VALUE "
            + item.key
            + " "
            + Integer.toUnsignedString(item.flags)
            + " "
            + item.value.length
            + (withCas ? " " + item.cas : "")
            + "\r\n";
    return withData(header, item.value);
  }

  /** incr and decr's reply: the number, without the padding a shorter result keeps. */
  @Closure
  public static byte[] numberReply(CacheItem item) {
    return withData("", number(item.value));
  }

  /**
   * A meta command's reply for one item: {@code VA size} and the data when {@code withValue}, else
   * {@code HD}, followed by the return flags in {@code flags}' order (f flags, c CAS, t seconds to
   * live or -1, s size, k key, O the opaque token). For ma ({@code asNumber}) the data is the
   * number without padding.
   */
  @Closure
  public static byte[] metaReply(
      CacheItem item, boolean withValue, boolean asNumber, String flags, String opaque, int now) {
    byte[] data = asNumber ? number(item.value) : item.value;
    StringBuilder header = new StringBuilder(withValue ? "VA " + data.length : "HD");
    for (int i = 0; i < flags.length(); i++) {
      char flag = flags.charAt(i);
      header.append(' ').append(flag);
      switch (flag) {
        case 'f' -> header.append(Integer.toUnsignedString(item.flags));
        case 'c' -> header.append(item.cas);
        case 't' -> header.append(item.exptime == 0 ? -1 : item.exptime - now);
        case 's' -> header.append(item.value.length);
        case 'k' -> header.append(item.key);
        case 'O' -> header.append(opaque);
        default -> throw new IllegalArgumentException("not a return flag: " + flag);
      }
    }
    header.append("\r\n");
    return withValue ? withData(header.toString(), data) : ascii(header.toString());
  }

  /** A number's digits, without the spaces a shorter incr or decr result is padded with. */
  private static byte[] number(byte[] value) {
    int length = value.length;
    while (length > 1 && value[length - 1] == ' ') {
      length--;
    }
    return length == value.length ? value : Arrays.copyOf(value, length);
  }

  private static byte[] withData(String header, byte[] value) {
    byte[] reply = new byte[header.length() + value.length + 2];
    for (int i = 0; i < header.length(); i++) {
      reply[i] = (byte) header.charAt(i);
    }
    System.arraycopy(value, 0, reply, header.length(), value.length);
    reply[reply.length - 2] = '\r';
    reply[reply.length - 1] = '\n';
    return reply;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] joined = new byte[a.length + b.length];
    System.arraycopy(a, 0, joined, 0, a.length);
    System.arraycopy(b, 0, joined, a.length, b.length);
    return joined;
  }

  /** memcached's reading of a value as a number: digits below 2^64, then only spaces. */
  private static long parseUnsigned(byte[] value) {
    int end = value.length;
    while (end > 0 && value[end - 1] == ' ') {
      end--;
    }
    if (end == 0 || end > 20) {
      throw new NonNumericValueException();
    }
    for (int i = 0; i < end; i++) {
      if (value[i] < '0' || value[i] > '9') {
        throw new NonNumericValueException();
      }
    }
    try {
      return Long.parseUnsignedLong(new String(value, 0, end, StandardCharsets.US_ASCII));
    } catch (NumberFormatException tooLarge) {
      throw new NonNumericValueException();
    }
  }

  /** The item under {@code key} unless it expired or was flushed, in which case it goes. */
  private CacheItem live(String key, int now) {
    for (CacheItem item = table.buckets[slot(key)]; item != null; item = item.hashNext) {
      if (item.key.equals(key)) {
        if (isDead(item, now)) {
          unlink(item);
          return null;
        }
        return item;
      }
    }
    return null;
  }

  private boolean isDead(CacheItem item, int now) {
    if (item.exptime != 0 && item.exptime <= now) {
      return true;
    }
    int oldestLive = table.oldestLive;
    if (oldestLive == 0 || oldestLive > now) {
      return false;
    }
    return item.time <= oldestLive || (table.oldestCas != 0 && item.cas < table.oldestCas);
  }

  private void bump(CacheItem item, int now) {
    if (item.time + UPDATE_INTERVAL <= now) {
      item.time = now;
      lruUnlink(item);
      lruPush(item);
    }
  }

  /** Links {@code item} in place of {@code old} (null: none), evicting to stay in the limit. */
  private void replace(CacheItem old, CacheItem item) {
    if (old != null) {
      unlink(old);
    }
    long size = itemSize(item.key.length(), item.value.length);
    while (table.bytes + size > table.limitBytes && table.lruTail != null) {
      evict(table.lruTail, item.time);
    }
    int slot = slot(item.key);
    item.hashNext = table.buckets[slot];
    table.buckets[slot] = item;
    lruPush(item);
    // Consecutive plain assignments to one object: the protected build publishes one version.
    table.bytes = table.bytes + size;
    table.currItems = table.currItems + 1;
    table.totalItems = table.totalItems + 1;
  }

  /** The eviction step: the LRU tail goes; it counts as an eviction unless it was dead anyway. */
  private void evict(CacheItem victim, int now) {
    if (isDead(victim, now)) {
      table.reclaimed++;
    } else {
      table.evictions++;
    }
    unlink(victim);
  }

  private void unlink(CacheItem item) {
    int slot = slot(item.key);
    CacheItem previous = null;
    for (CacheItem i = table.buckets[slot]; i != null; i = i.hashNext) {
      if (i == item) {
        if (previous == null) {
          table.buckets[slot] = item.hashNext;
        } else {
          previous.hashNext = item.hashNext;
        }
        break;
      }
      previous = i;
    }
    lruUnlink(item);
    table.bytes = table.bytes - itemSize(item.key.length(), item.value.length);
    table.currItems = table.currItems - 1;
  }

  private void lruUnlink(CacheItem item) {
    if (item.lruPrev == null) {
      table.lruHead = item.lruNext;
    } else {
      item.lruPrev.lruNext = item.lruNext;
    }
    if (item.lruNext == null) {
      table.lruTail = item.lruPrev;
    } else {
      item.lruNext.lruPrev = item.lruPrev;
    }
    item.lruPrev = null;
    item.lruNext = null;
  }

  private void lruPush(CacheItem item) {
    item.lruNext = table.lruHead;
    if (table.lruHead == null) {
      table.lruTail = item;
    } else {
      table.lruHead.lruPrev = item;
    }
    table.lruHead = item;
  }

  private int slot(String key) {
    // String.hashCode is deterministic, unlike identity hash codes.
    int h = key.hashCode();
    return (h ^ (h >>> 16)) & (table.buckets.length - 1);
  }
}

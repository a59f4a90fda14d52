package dev.orthrus.samples.kvcache.store;

import dev.orthrus.annotations.UserData;

/**
 * One cached entry, linked into a hash chain and the LRU list. Like a memcached item, a store
 * builds a new item and unlinks the old one, so a reply rendered from an item never mixes two
 * stores. Value, flags and CAS are not final so that the protected build keeps them in the item's
 * version, whose checksum is checked before a reply leaves for a socket.
 */
@UserData
public final class CacheItem {
  final String key;
  byte[] value;
  int flags;
  long cas;

  /** Server time at which the item expires; 0 never. */
  int exptime;

  /** Server time of the last store or LRU bump, as memcached's {@code it->time}. */
  int time;

  CacheItem hashNext;
  CacheItem lruPrev;
  CacheItem lruNext;

  CacheItem(String key, byte[] value, int flags, long cas, int exptime, int time) {
    this.key = key;
    this.value = value;
    this.flags = flags;
    this.cas = cas;
    this.exptime = exptime;
    this.time = time;
  }
}

package dev.orthrus.samples.kvcache.store;

import dev.orthrus.annotations.UserData;

/** The hash buckets, the LRU list's ends, the memory limit and the counters of a cache. */
@UserData
public final class CacheTable {
  final CacheItem[] buckets;
  CacheItem lruHead;
  CacheItem lruTail;
  final long limitBytes;
  long bytes;
  long currItems;
  long totalItems;
  long evictions;
  long reclaimed;
  long nextCas;

  /** flush_all's horizon (memcached's {@code oldest_live}, {@code oldest_cas}); 0 when unset. */
  int oldestLive;

  long oldestCas;

  CacheTable(int capacity, long limitBytes) {
    this.buckets = new CacheItem[capacity];
    this.limitBytes = limitBytes;
  }
}

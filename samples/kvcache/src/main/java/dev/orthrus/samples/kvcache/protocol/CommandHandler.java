package dev.orthrus.samples.kvcache.protocol;

import dev.orthrus.samples.kvcache.store.Cache;
import dev.orthrus.samples.kvcache.store.CacheItem;
import dev.orthrus.samples.kvcache.store.NonNumericValueException;
import dev.orthrus.samples.kvcache.store.StoreMode;
import dev.orthrus.samples.kvcache.store.StoreResult;
import java.util.List;
import java.util.Map;

/**
 * Runs memcached text-protocol requests against a {@link Cache}, answering as memcached 1.6 does,
 * errors included. Shared by every connection; the per-connection state lives in {@link Session}.
 */
public final class CommandHandler {

  /** The longest key memcached accepts. */
  public static final int KEY_MAX_LENGTH = 250;

  /** What {@code version} answers: the memcached protocol level spoken, and the server's name. */
  static final String VERSION = "1.6.18 kvcache";

  static final String BAD_FORMAT = "CLIENT_ERROR bad command line format";
  static final String BAD_CHUNK = "CLIENT_ERROR bad data chunk";
  static final String TOO_LARGE = "SERVER_ERROR object too large for cache";

  /** A storage request waiting for its data block. */
  record PendingStore(
      StoreMode mode,
      String key,
      int flags,
      int exptime,
      int length,
      long casUnique,
      boolean noreply,
      MetaCommands.StoreReply meta) {}

  private final Cache cache;
  private final ExtraStats runtimeStats;
  final ServerClock clock;
  final ServerStats stats;
  final long itemSizeMax;
  private final int threads;
  private final long startedUnix;
  private final MetaCommands meta;

  /** Mode rbv's primary orders and logs every step of every session; null in the other modes. */
  private volatile StepRecorder recorder;

  /**
   * The cache's counters at the last {@code stats reset}: {@code stats} reports total items,
   * evictions and reclaimed since then. They are user data, which only closures change, so the
   * reset is kept here on the control path instead of zeroing them.
   */
  private volatile long[] countersAtReset = new long[6];

  /**
   * @param runtimeStats the figures that {@code stats} adds: the protection's ({@code orthrus_*})
   *     or the replication's ({@code rbv_*}), empty for the vanilla build
   */
  public CommandHandler(
      Cache cache,
      ExtraStats runtimeStats,
      ServerClock clock,
      ServerStats stats,
      long itemSizeMax,
      int threads) {
    this.runtimeStats = runtimeStats;
    this.cache = cache;
    this.clock = clock;
    this.stats = stats;
    this.itemSizeMax = itemSizeMax;
    this.threads = threads;
    this.startedUnix = clock.unixTime();
    this.meta = new MetaCommands(this);
  }

  /** A new conversation with this handler. */
  public Session newSession() {
    return new Session(this, recorder);
  }

  /** Sessions opened from now on run their steps through {@code recorder} (mode rbv). */
  public void recordSteps(StepRecorder recorder) {
    this.recorder = recorder;
  }

  public ServerStats stats() {
    return stats;
  }

  /**
   * The cache, for one closure call: every call of a closure goes through here or {@link
   * #closureCall()}, so that {@code orthrus_executions} counts executions (the runtime counts only
   * those it logs).
   */
  Cache cache() {
    closureCall();
    return cache;
  }

  /** Counts one closure execution (the static reply closures are called without {@link #cache}). */
  void closureCall() {
    stats.closureCalls.increment();
  }

  void execute(List<String> t, Session s) {
    if (t.isEmpty()) {
      s.replies().line("ERROR");
      return;
    }
    ReplyBuffer out = s.replies();
    int n = t.size();
    switch (t.get(0)) {
      case "get" -> retrieve(t, 1, false, 0, false, s);
      case "gets" -> retrieve(t, 1, true, 0, false, s);
      case "gat", "gats" -> {
        if (n < 2) {
          out.line("ERROR");
          return;
        }
        Long exptime = parseSigned(t.get(1));
        if (exptime == null) {
          out.line("CLIENT_ERROR invalid exptime argument");
          return;
        }
        retrieve(t, 2, t.get(0).equals("gats"), clock.expiry(exptime.intValue()), true, s);
      }
      case "set" -> update(t, StoreMode.SET, s);
      case "add" -> update(t, StoreMode.ADD, s);
      case "replace" -> update(t, StoreMode.REPLACE, s);
      case "append" -> update(t, StoreMode.APPEND, s);
      case "prepend" -> update(t, StoreMode.PREPEND, s);
      case "cas" -> update(t, StoreMode.CAS, s);
      case "delete" -> delete(t, s);
      case "incr" -> arithmetic(t, true, s);
      case "decr" -> arithmetic(t, false, s);
      case "touch" -> touch(t, s);
      case "flush_all" -> flushAll(t, s);
      case "stats" -> stats(t, out);
      case "version" -> out.line("VERSION " + VERSION);
      case "verbosity" -> verbosity(t, s);
      case "quit" -> s.close();
      case "mg" -> meta.get(t, s);
      case "ms" -> meta.set(t, s);
      case "md" -> meta.delete(t, s);
      case "ma" -> meta.arithmetic(t, s);
      case "mn" -> out.line("MN");
      default -> out.line("ERROR");
    }
  }

  /** get, gets, gat and gats: one VALUE per live key, in order, then END. */
  private void retrieve(
      List<String> t, int firstKey, boolean withCas, int exptime, boolean touch, Session s) {
    ReplyBuffer out = s.replies();
    if (t.size() <= firstKey) {
      out.line("ERROR");
      return;
    }
    int now = clock.now();
    for (int i = firstKey; i < t.size(); i++) {
      String key = t.get(i);
      if (key.length() > KEY_MAX_LENGTH) {
        out.line(BAD_FORMAT);
        return;
      }
      byte[] reply;
      if (touch) {
        CacheItem item = cache().touch(key, exptime, now);
        stats.cmdTouch.increment();
        (item == null ? stats.touchMisses : stats.touchHits).increment();
        if (item != null) {
          closureCall();
        }
        reply = item == null ? null : Cache.valueReply(item, withCas);
      } else {
        reply = cache().getReply(key, withCas, now);
      }
      stats.cmdGet.increment();
      if (reply == null) {
        stats.getMisses.increment();
      } else {
        stats.getHits.increment();
        out.write(reply);
      }
    }
    out.line("END");
  }

  /** set, add, replace, append, prepend and cas: the request line; the data follows. */
  private void update(List<String> t, StoreMode mode, Session s) {
    boolean noreply = noreply(t);
    int args = t.size() - (noreply ? 1 : 0);
    int expected = mode == StoreMode.CAS ? 6 : 5;
    if (args != expected) {
      s.replies().line("ERROR");
      return;
    }
    String key = t.get(1);
    Long flags = parseUnsigned(t.get(2));
    Long exptime = parseSigned(t.get(3));
    Long length = parseSigned(t.get(4));
    Long casUnique = mode == StoreMode.CAS ? parseUnsigned(t.get(5)) : Long.valueOf(0);
    if (key.length() > KEY_MAX_LENGTH
        || flags == null
        || exptime == null
        || length == null
        || casUnique == null
        || length < 0
        || length > Integer.MAX_VALUE - 2) {
      s.replies().line(BAD_FORMAT);
      return;
    }
    stats.cmdSet.increment();
    PendingStore store =
        new PendingStore(
            mode,
            key,
            flags.intValue(),
            clock.expiry(exptime.intValue()),
            length.intValue(),
            casUnique,
            noreply,
            null);
    expect(store, s);
  }

  /** Waits for a store's data, or discards it with memcached's error when it is too large. */
  void expect(PendingStore store, Session s) {
    if (!fits(store.key(), store.length(), store.flags())) {
      s.replies().line(TOO_LARGE);
      s.discard(store.length() + 2L);
      if (store.mode() == StoreMode.SET) {
        // As memcached: a failed set must not leave the old value to be read.
        cache().delete(store.key(), clock.now());
      }
      return;
    }
    s.expectData(store);
  }

  /** Whether an item of this key and value fits the item size limit (memcached's header). */
  boolean fits(String key, int length, int flags) {
    long header = 48 + 8 + key.length() + 1 + (flags != 0 ? 4 : 0);
    return header + length + 2 <= itemSizeMax;
  }

  /** A data block arrived for {@code store}; {@code data} is null when it lacked its CRLF. */
  void completeStore(PendingStore store, byte[] data, Session s) {
    if (data == null) {
      s.replies().line(BAD_CHUNK);
      return;
    }
    StoreResult result =
        cache()
            .store(
                store.mode(),
                store.key(),
                store.flags(),
                store.exptime(),
                data,
                store.casUnique(),
                clock.now());
    if (store.mode() == StoreMode.CAS) {
      switch (result.outcome()) {
        case STORED -> stats.casHits.increment();
        case EXISTS -> stats.casBadval.increment();
        default -> stats.casMisses.increment();
      }
    }
    if (store.meta() != null) {
      store.meta().reply(result, s);
    } else if (!store.noreply()) {
      s.replies().line(result.outcome().name());
    }
  }

  private void delete(List<String> t, Session s) {
    int n = t.size();
    if (n < 2) {
      s.replies().line("ERROR");
      return;
    }
    boolean noreply = noreply(t);
    if (n > 2) {
      boolean holdIsZero = t.get(2).equals("0");
      boolean valid = (n == 3 && (holdIsZero || noreply)) || (n == 4 && holdIsZero && noreply);
      if (!valid) {
        reply(noreply, BAD_FORMAT + ".  Usage: delete <key> [noreply]", s);
        return;
      }
    }
    String key = t.get(1);
    if (key.length() > KEY_MAX_LENGTH) {
      s.replies().line(BAD_FORMAT);
      return;
    }
    boolean deleted = cache().delete(key, clock.now());
    (deleted ? stats.deleteHits : stats.deleteMisses).increment();
    reply(noreply, deleted ? "DELETED" : "NOT_FOUND", s);
  }

  private void arithmetic(List<String> t, boolean incr, Session s) {
    boolean noreply = noreply(t);
    String key = keyBeforeNumber(t, noreply, s);
    if (key == null) {
      return;
    }
    Long delta = parseUnsigned(t.get(2));
    if (delta == null) {
      s.replies().line("CLIENT_ERROR invalid numeric delta argument");
      return;
    }
    CacheItem item;
    try {
      item = cache().arithmetic(key, incr, delta, clock.now());
    } catch (NonNumericValueException e) {
      s.replies().line("CLIENT_ERROR " + e.getMessage());
      return;
    }
    if (incr) {
      (item == null ? stats.incrMisses : stats.incrHits).increment();
    } else {
      (item == null ? stats.decrMisses : stats.decrHits).increment();
    }
    if (noreply) {
      return;
    }
    if (item == null) {
      s.replies().line("NOT_FOUND");
    } else {
      closureCall();
      s.replies().write(Cache.numberReply(item));
    }
  }

  /**
   * The key of a command that takes a key and one number ({@code incr key delta}, {@code touch key
   * exptime}), or null once the error memcached gives for another argument count or a key too long
   * is written.
   */
  private static String keyBeforeNumber(List<String> t, boolean noreply, Session s) {
    int args = t.size() - (noreply ? 1 : 0);
    if (args != 3) {
      s.replies().line("ERROR");
      return null;
    }
    String key = t.get(1);
    if (key.length() > KEY_MAX_LENGTH) {
      s.replies().line(BAD_FORMAT);
      return null;
    }
    return key;
  }

  private void touch(List<String> t, Session s) {
    boolean noreply = noreply(t);
    String key = keyBeforeNumber(t, noreply, s);
    if (key == null) {
      return;
    }
    Long exptime = parseSigned(t.get(2));
    if (exptime == null) {
      s.replies().line("CLIENT_ERROR invalid exptime argument");
      return;
    }
    int now = clock.now();
    CacheItem item = cache().touch(key, clock.expiry(exptime.intValue()), now);
    stats.cmdTouch.increment();
    (item == null ? stats.touchMisses : stats.touchHits).increment();
    reply(noreply, item == null ? "NOT_FOUND" : "TOUCHED", s);
  }

  private void flushAll(List<String> t, Session s) {
    boolean noreply = noreply(t);
    int args = t.size() - (noreply ? 1 : 0);
    long delay = 0;
    if (args >= 2) { // memcached ignores further tokens
      Long parsed = parseSigned(t.get(1));
      if (parsed == null) {
        s.replies().line("CLIENT_ERROR invalid exptime argument");
        return;
      }
      delay = parsed;
    }
    int now = clock.now();
    cache().flushAll(delay > 0 ? clock.expiry(delay) : now, now);
    stats.cmdFlush.increment();
    reply(noreply, "OK", s);
  }

  /** verbosity: accepted and ignored; with noreply even a malformed one is not answered. */
  private void verbosity(List<String> t, Session s) {
    boolean noreply = noreply(t);
    int args = t.size() - (noreply ? 1 : 0);
    if (args != 2 || t.size() > 3) {
      reply(noreply, "ERROR", s);
    } else if (parseUnsigned(t.get(1)) == null) {
      reply(noreply, BAD_FORMAT, s);
    } else {
      reply(noreply, "OK", s);
    }
  }

  private void stats(List<String> t, ReplyBuffer out) {
    if (t.size() == 2 && t.get(1).equals("reset")) {
      stats.reset();
      runtimeStats.reset();
      countersAtReset = cache.counters();
      out.line("RESET");
      return;
    }
    if (t.size() > 1) {
      out.line("ERROR");
      return;
    }
    long[] c = cache.counters();
    long[] base = countersAtReset;
    stat(out, "pid", ProcessHandle.current().pid());
    stat(out, "uptime", clock.unixTime() - startedUnix);
    stat(out, "time", clock.unixTime());
    out.line("STAT version " + VERSION);
    stat(out, "pointer_size", 64);
    stat(out, "curr_connections", stats.currConnections.sum());
    stat(out, "total_connections", stats.totalConnections.sum());
    stat(out, "cmd_get", stats.cmdGet.sum());
    stat(out, "cmd_set", stats.cmdSet.sum());
    stat(out, "cmd_flush", stats.cmdFlush.sum());
    stat(out, "cmd_touch", stats.cmdTouch.sum());
    stat(out, "get_hits", stats.getHits.sum());
    stat(out, "get_misses", stats.getMisses.sum());
    stat(out, "delete_misses", stats.deleteMisses.sum());
    stat(out, "delete_hits", stats.deleteHits.sum());
    stat(out, "incr_misses", stats.incrMisses.sum());
    stat(out, "incr_hits", stats.incrHits.sum());
    stat(out, "decr_misses", stats.decrMisses.sum());
    stat(out, "decr_hits", stats.decrHits.sum());
    stat(out, "cas_misses", stats.casMisses.sum());
    stat(out, "cas_hits", stats.casHits.sum());
    stat(out, "cas_badval", stats.casBadval.sum());
    stat(out, "touch_hits", stats.touchHits.sum());
    stat(out, "touch_misses", stats.touchMisses.sum());
    stat(out, "threads", threads);
    stat(out, "limit_maxbytes", c[5]);
    stat(out, "bytes", c[2]);
    stat(out, "curr_items", c[0]);
    stat(out, "total_items", c[1] - base[1]);
    stat(out, "evictions", c[3] - base[3]);
    stat(out, "reclaimed", c[4] - base[4]);
    Map<String, Number> protection = runtimeStats.read();
    if (protection.containsKey("orthrus_validated")) {
      stat(out, "orthrus_executions", stats.closureCalls.sum());
    }
    protection.forEach((name, value) -> out.line("STAT " + name + " " + value));
    out.line("END");
  }

  private static void stat(ReplyBuffer out, String name, long value) {
    out.line("STAT " + name + " " + value);
  }

  private static void reply(boolean noreply, String line, Session s) {
    if (!noreply) {
      s.replies().line(line);
    }
  }

  /** Whether the last token is {@code noreply}. */
  private static boolean noreply(List<String> t) {
    return t.size() > 1 && t.get(t.size() - 1).equals("noreply");
  }

  /** A signed decimal as C's strtol reads a whole token; null when it is not one. */
  static Long parseSigned(String token) {
    try {
      return Long.parseLong(token);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** An unsigned decimal below 2^64 (memcached's safe_strtoull); null when it is not one. */
  static Long parseUnsigned(String token) {
    if (token.isEmpty() || token.charAt(0) == '-' || token.charAt(0) == '+') {
      return null;
    }
    try {
      return Long.parseUnsignedLong(token);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}

package dev.orthrus.samples.kvcache.protocol;

import dev.orthrus.samples.kvcache.store.Cache;
import dev.orthrus.samples.kvcache.store.CacheItem;
import dev.orthrus.samples.kvcache.store.NonNumericValueException;
import dev.orthrus.samples.kvcache.store.StoreMode;
import dev.orthrus.samples.kvcache.store.StoreOutcome;
import dev.orthrus.samples.kvcache.store.StoreResult;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The meta commands {@code mg}, {@code ms}, {@code md} and {@code ma} with their common flags: a
 * flag is a letter, some followed by a value ({@code T30}, {@code Oopaque}). Return flags ({@code c
 * f k O s t}) come back in the order the client gave them; {@code q} hides the nominal reply.
 */
final class MetaCommands {

  private static final String INVALID_FLAG = "CLIENT_ERROR invalid flag";
  private static final String INVALID_FLAG_VALUE = "CLIENT_ERROR invalid or duplicate flag";

  private final CommandHandler handler;

  MetaCommands(CommandHandler handler) {
    this.handler = handler;
  }

  /** The flags of one meta request. */
  private static final class Flags {
    final StringBuilder returned = new StringBuilder();
    String opaque = "";
    boolean quiet;
    boolean value;
    String ttl;
    String mode;
    String compareCas;
    String clientFlags;
    String delta;
    String initial;
    String vivify;
  }

  /** Parses {@code t[from..]} as flags among {@code allowed}; null after replying an error. */
  private static Flags flags(List<String> t, int from, String allowed, Session s) {
    Flags f = new Flags();
    for (int i = from; i < t.size(); i++) {
      String token = t.get(i);
      char flag = token.charAt(0);
      String arg = token.substring(1);
      if (allowed.indexOf(flag) < 0) {
        s.replies().line(INVALID_FLAG);
        return null;
      }
      switch (flag) {
        case 'q' -> f.quiet = true;
        case 'v' -> f.value = true;
        case 'c', 'f', 'k', 's', 't' -> f.returned.append(flag);
        case 'O' -> {
          f.returned.append(flag);
          f.opaque = arg;
        }
        case 'T' -> f.ttl = arg;
        case 'M' -> f.mode = arg;
        case 'C' -> f.compareCas = arg;
        case 'F' -> f.clientFlags = arg;
        case 'D' -> f.delta = arg;
        case 'J' -> f.initial = arg;
        case 'N' -> f.vivify = arg;
        default -> {
          // flags accepted and ignored (I: invalidate)
        }
      }
    }
    return f;
  }

  /** A status line with the return flags that need no item: k and O. */
  private static String status(String code, String key, Flags f) {
    StringBuilder line = new StringBuilder(code);
    for (int i = 0; i < f.returned.length(); i++) {
      char flag = f.returned.charAt(i);
      if (flag == 'k') {
        line.append(" k").append(key);
      } else if (flag == 'O') {
        line.append(" O").append(f.opaque);
      }
    }
    return line.toString();
  }

  private static boolean badKey(List<String> t, Session s) {
    if (t.size() < 2) {
      s.replies().line("ERROR");
      return true;
    }
    if (t.get(1).length() > CommandHandler.KEY_MAX_LENGTH) {
      s.replies().line(CommandHandler.BAD_FORMAT);
      return true;
    }
    return false;
  }

  void get(List<String> t, Session s) {
    if (badKey(t, s)) {
      return;
    }
    Flags f = flags(t, 2, "cfkOqstvT", s);
    if (f == null) {
      return;
    }
    String key = t.get(1);
    int now = handler.clock.now();
    int exptime = 0;
    if (f.ttl != null) {
      Long ttl = CommandHandler.parseSigned(f.ttl);
      if (ttl == null) {
        s.replies().line(INVALID_FLAG_VALUE);
        return;
      }
      exptime = handler.clock.expiry(ttl);
    }
    byte[] reply =
        handler
            .cache()
            .metaGetReply(
                key, f.ttl != null, exptime, f.value, f.returned.toString(), f.opaque, now);
    handler.stats.cmdGet.increment();
    if (reply == null) {
      handler.stats.getMisses.increment();
      if (!f.quiet) {
        s.replies().line(status("EN", key, f));
      }
      return;
    }
    handler.stats.getHits.increment();
    s.replies().write(reply);
  }

  /** What ms answers once its data arrived. */
  record StoreReply(String key, boolean quiet, String returned, String opaque) {
    void reply(StoreResult result, Session s) {
      String code =
          switch (result.outcome()) {
            case STORED -> "HD";
            case NOT_STORED -> "NS";
            case EXISTS -> "EX";
            case NOT_FOUND -> "NF";
          };
      if (quiet && result.outcome() == StoreOutcome.STORED) {
        return;
      }
      StringBuilder line = new StringBuilder(code);
      for (int i = 0; i < returned.length(); i++) {
        char flag = returned.charAt(i);
        switch (flag) {
          case 'c' -> line.append(" c").append(result.cas());
          case 'k' -> line.append(" k").append(key);
          case 'O' -> line.append(" O").append(opaque);
          default -> {
            // f s t need the item; ms returns them only from mg
          }
        }
      }
      s.replies().line(line.toString());
    }
  }

  void set(List<String> t, Session s) {
    if (badKey(t, s)) {
      return;
    }
    Long length = t.size() > 2 ? CommandHandler.parseSigned(t.get(2)) : null;
    if (length == null || length < 0 || length > Integer.MAX_VALUE - 2) {
      s.replies().line(CommandHandler.BAD_FORMAT);
      return;
    }
    Flags f = flags(t, 3, "cCFIkOqTM", s);
    if (f == null) {
      s.discard(length + 2);
      return;
    }
    StoreMode mode = StoreMode.SET;
    if (f.mode != null) {
      mode =
          switch (f.mode) {
            case "E", "e" -> StoreMode.ADD;
            case "A", "a" -> StoreMode.APPEND;
            case "P", "p" -> StoreMode.PREPEND;
            case "R", "r" -> StoreMode.REPLACE;
            case "S", "s" -> StoreMode.SET;
            default -> null;
          };
      if (mode == null) {
        s.replies().line("CLIENT_ERROR invalid mode for ms M token");
        s.discard(length + 2); // memcached skips the data of a request it refused
        return;
      }
    }
    Long cas = f.compareCas == null ? Long.valueOf(0) : CommandHandler.parseUnsigned(f.compareCas);
    Long clientFlags =
        f.clientFlags == null ? Long.valueOf(0) : CommandHandler.parseUnsigned(f.clientFlags);
    Long ttl = f.ttl == null ? Long.valueOf(0) : CommandHandler.parseSigned(f.ttl);
    if (cas == null || clientFlags == null || ttl == null) {
      s.replies().line(INVALID_FLAG_VALUE);
      s.discard(length + 2);
      return;
    }
    if (f.compareCas != null && mode == StoreMode.SET) {
      mode = StoreMode.CAS;
    }
    String key = t.get(1);
    handler.stats.cmdSet.increment();
    handler.expect(
        new CommandHandler.PendingStore(
            mode,
            key,
            clientFlags.intValue(),
            handler.clock.expiry(ttl),
            length.intValue(),
            cas,
            f.quiet,
            new StoreReply(key, f.quiet, f.returned.toString(), f.opaque)),
        s);
  }

  void delete(List<String> t, Session s) {
    if (badKey(t, s)) {
      return;
    }
    Flags f = flags(t, 2, "IkOqT", s);
    if (f == null) {
      return;
    }
    String key = t.get(1);
    boolean deleted = handler.cache().delete(key, handler.clock.now());
    (deleted ? handler.stats.deleteHits : handler.stats.deleteMisses).increment();
    if (!(f.quiet && deleted)) {
      s.replies().line(status(deleted ? "HD" : "NF", key, f));
    }
  }

  void arithmetic(List<String> t, Session s) {
    if (badKey(t, s)) {
      return;
    }
    Flags f = flags(t, 2, "cDJkMNOqtTv", s);
    if (f == null) {
      return;
    }
    boolean incr = true;
    if (f.mode != null) {
      switch (f.mode) {
        case "I", "i", "+" -> incr = true;
        case "D", "d", "-" -> incr = false;
        default -> {
          s.replies().line("CLIENT_ERROR invalid mode for ma M token");
          return;
        }
      }
    }
    Long delta = f.delta == null ? Long.valueOf(1) : CommandHandler.parseUnsigned(f.delta);
    Long initial = f.initial == null ? Long.valueOf(0) : CommandHandler.parseUnsigned(f.initial);
    Long vivify = f.vivify == null ? null : CommandHandler.parseSigned(f.vivify);
    if (delta == null || initial == null || (f.vivify != null && vivify == null)) {
      s.replies().line(INVALID_FLAG_VALUE);
      return;
    }
    String key = t.get(1);
    int now = handler.clock.now();
    CacheItem item;
    try {
      item = handler.cache().arithmetic(key, incr, delta, now);
      if (item == null && vivify != null) {
        byte[] digits = Long.toUnsignedString(initial).getBytes(StandardCharsets.US_ASCII);
        handler.cache().store(StoreMode.ADD, key, 0, handler.clock.expiry(vivify), digits, 0, now);
        item = handler.cache().get(key, now);
      }
    } catch (NonNumericValueException e) {
      s.replies().line("CLIENT_ERROR " + e.getMessage());
      return;
    }
    if (item == null) {
      s.replies().line(status("NF", key, f));
      return;
    }
    if (f.ttl != null) {
      Long ttl = CommandHandler.parseSigned(f.ttl);
      if (ttl != null) {
        item = handler.cache().touch(key, handler.clock.expiry(ttl), now);
      }
    }
    if (item != null && !(f.quiet && !f.value)) {
      handler.closureCall();
      s.replies().write(Cache.metaReply(item, f.value, true, f.returned.toString(), f.opaque, now));
    }
  }
}

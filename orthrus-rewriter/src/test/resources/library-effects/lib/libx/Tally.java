package libx;

import java.util.HashMap;
import java.util.Map;

/**
 * A library's counter map, as a service keeps one in a field: its methods change only its own
 * objects (no lock, no static state), so nothing in its bytecode says a validator must not call it
 * again.
 */
public final class Tally {

  private final Map<String, long[]> counts = new HashMap<>();

  public long increment(String key) {
    return ++counts.computeIfAbsent(key, k -> new long[1])[0];
  }

  /** The count of {@code key}, set from {@code first} when it has none. */
  public long computeIfAbsent(String key, java.util.function.LongSupplier first) {
    return counts.computeIfAbsent(key, k -> new long[] {first.getAsLong()})[0];
  }

  /** Counts each of {@code keys}; returns how many keys it holds. */
  public int addAll(java.util.List<String> keys) {
    keys.forEach(this::increment);
    return counts.size();
  }

  public long get(String key) {
    long[] count = counts.get(key);
    return count == null ? 0 : count[0];
  }

  /** Appends the label of a key to what the caller builds. */
  public void label(StringBuilder into, String key) {
    into.append('[').append(key).append(']');
  }
}

package gen;

import dev.orthrus.annotations.UserData;

/** Two type variables, one bounded; a link to the next entry of the same types. */
@UserData
public final class Entry<K extends Comparable<K>, V> {
  final K key;
  V value;
  Entry<K, V> next;
  K[] aliases;

  public Entry(K key, V value, Entry<K, V> next) {
    this.key = key;
    this.value = value;
    this.next = next;
  }
}

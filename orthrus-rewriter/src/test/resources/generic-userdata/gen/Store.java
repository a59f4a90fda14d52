package gen;

import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;

/** Closures over generic user data, with concrete type arguments in their signatures. */
@UserData
public final class Store {
  Entry<String, Long> head;
  Cell<String> name = new Cell<>("none");
  Cell<Long> total = new Cell<>(0L);

  @Closure
  public long put(String key, long value) {
    for (Entry<String, Long> e = head; e != null; e = e.next) {
      if (e.key.compareTo(key) == 0) {
        long old = e.value;
        e.value = value;
        total.set(total.get() + value - old);
        return old;
      }
    }
    head = new Entry<>(key, value, head);
    total.set(total.get() + value);
    return -1;
  }

  @Closure
  public String rename(String next) {
    String old = name.get();
    name.set(next);
    return old + "/" + name.writes;
  }

  @Closure
  public static long sum(Store s) {
    long n = 0;
    for (Entry<String, Long> e = s.head; e != null; e = e.next) {
      n += e.value;
    }
    return n * 1_000 + s.total.value;
  }
}

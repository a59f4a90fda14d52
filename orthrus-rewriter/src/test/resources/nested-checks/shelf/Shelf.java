package shelf;

import dev.orthrus.annotations.Closure;

/**
 * Closures that hand an item the control path kept to another closure, which checks it: {@code
 * read} takes no user data itself, {@code sum} takes a healthy item of its own.
 */
public class Shelf {
  public final Item kept = new Item(6);

  /** The kept item's flags through {@link #flagsOf}. */
  @Closure
  public int read() {
    return flagsOf(kept) + 1;
  }

  /** {@code own}'s flags and the kept item's. */
  @Closure
  public int sum(Item own) {
    return own.flags + flagsOf(kept);
  }

  @Closure
  public static int flagsOf(Item item) {
    return item.flags;
  }
}

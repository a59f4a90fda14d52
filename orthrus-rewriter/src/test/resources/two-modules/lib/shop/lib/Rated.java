package shop.lib;

/** One implementation reads the clock: calls through it are library code, not exported. */
public interface Rated {
  long rate();
}

package shop.lib;

/** Calls through it run an implementation's variants (decision 0075). */
public interface Priced {
  long price();
}

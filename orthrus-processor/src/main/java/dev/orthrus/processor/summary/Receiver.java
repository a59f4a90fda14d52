package dev.orthrus.processor.summary;

/** What object a field store writes to, as far as one method body can tell. */
public enum Receiver {
  /** A static field: there is no object. */
  STATIC,
  /** {@code this} (implicitly or explicitly) in an ordinary method. */
  THIS,
  /**
   * An object allocated in this method and not yet shared: {@code this} in a constructor or
   * initializer, or a local variable only ever assigned from {@code new} expressions.
   */
  FRESH,
  /** Any other object: a parameter, a field, a call result. */
  OTHER
}

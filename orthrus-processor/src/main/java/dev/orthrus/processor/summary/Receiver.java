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
  /**
   * A parameter that the method never reassigns: fresh when every caller on the closure's path
   * passes an object it allocated ({@link
   * dev.orthrus.processor.datapath.ClosureScope#freshParameter}).
   */
  PARAMETER,
  /** Any other object: a field, a call result, a reassigned parameter. */
  OTHER
}

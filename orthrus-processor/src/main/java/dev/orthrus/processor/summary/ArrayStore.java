package dev.orthrus.processor.summary;

/**
 * A store into an element of a primitive array that a rule may flag: the facts a body gives for
 * such a store, whether it writes the element itself or passes the array to a method that does.
 */
public sealed interface ArrayStore permits ArrayElementWrite, FieldArrayWrite, PassedArrayWrite {

  /** Where the store (or the call that may store) is written. */
  Site site();
}

package dev.orthrus.rewriter.facts;

/**
 * How a call on a shared JDK collection or map ({@link CallFact#recordedShared}) iterates it: the
 * call is made on a snapshot of the receiver that APP records and VAL takes from the log, so both
 * iterate the same elements whatever the control path does to the live object in between, and the
 * code the iteration runs (a {@code forEach} lambda, a stream's stages) runs in both variants.
 */
public enum SnapshotUse {
  /** Not a snapshot: the call is made, or recorded, as it is. */
  NONE,
  /**
   * The call is made on the snapshot: {@code stream()}, {@code parallelStream()}, {@code
   * iterator()}, {@code spliterator()}, {@code listIterator()} of a collection, {@code forEach} of
   * an iterable or a map.
   */
  ITERATE,
  /** {@code vector.elements()}: an enumeration of the snapshot. */
  ENUMERATE,
  /** {@code table.keys()} of a map: an enumeration of the snapshot's keys. */
  ENUMERATE_KEYS,
  /** {@code table.elements()} of a map: an enumeration of the snapshot's values. */
  ENUMERATE_VALUES
}

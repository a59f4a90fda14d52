package dev.orthrus.rewriter.facts;

/**
 * A use of an instance field of a {@code @UserData} class.
 *
 * @param owner binary name of the class that declares the field
 * @param name the field's name
 * @param isFinal declared {@code final}: it stays on the handle and is read directly
 * @param referenceArray its type is an array of references: it becomes a {@code VersionedArray}
 * @param held a mutable reference to user data: the handle holds it in a slot of its own ({@code
 *     ValueSlots}), not in its versions, so a walk along links reads no version (decision 0020)
 * @param enclosing for a field named without a receiver from an inner class, the simple name of the
 *     enclosing class whose instance holds it ({@code Outer} for {@code Outer.this}); else null
 */
public record FieldFact(
    String owner,
    String name,
    boolean isFinal,
    boolean referenceArray,
    boolean held,
    String enclosing) {

  /** Held in the handle's versions: every read is a load, every write a store. */
  public boolean versioned() {
    return !isFinal && !held;
  }
}

package dev.orthrus.rewriter.facts;

/**
 * A method reference ({@code this::find}, {@code Owner::balanceOf}, {@code Account::worth}) or a
 * constructor reference of a user-data class ({@code Node::new}), resolved by javac.
 *
 * @param target {@code owner#name(erased,params)} of the referenced method
 * @param parameters how many parameters the referenced method or constructor declares
 * @param form how the reference supplies the receiver
 * @param returnType the referenced method's erased result type as a source names it ({@code long},
 *     {@code java.lang.String}); null for a constructor or a result typed by a type variable
 */
public record ReferenceFact(String target, int parameters, Form form, String returnType) {

  /** How a method reference supplies the method's receiver. */
  public enum Form {
    /** {@code this::m}: the enclosing instance. */
    THIS,
    /** {@code Owner::m} of a static method: none. */
    STATIC,
    /** {@code Owner::m} of an instance method: the functional interface's first argument. */
    UNBOUND,
    /** {@code Node::new} of a user-data class: an allocation the log must record. */
    USER_DATA_CONSTRUCTOR,
    /**
     * Any other receiver ({@code expr::m}, {@code super::m}): evaluated once when the reference is
     * created, which a rewritten lambda would not keep.
     */
    OTHER
  }
}

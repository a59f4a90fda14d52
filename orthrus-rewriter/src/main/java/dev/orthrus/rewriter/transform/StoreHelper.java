package dev.orthrus.rewriter.transform;

import java.util.List;

/**
 * A method the rewriter adds to a user-data handle for a write: one store of one new version.
 * Writes call it instead of being spelled out inline so that the receiver and the operands are
 * evaluated exactly once and in the source's order, in any expression.
 *
 * @param owner binary name of the handle's class
 * @param fields the version fields written; more than one for consecutive assignments to one
 *     object, which become one version
 * @param operation {@code set}, {@code preIncrement}, {@code postIncrement}, {@code preDecrement},
 *     {@code postDecrement}, or a compound operator's name ({@code plus}, {@code shiftLeft}, ...)
 * @param operator the Java operator of a compound assignment ({@code +}), else null
 * @param operandType the erased type of a compound assignment's right operand, else null
 * @param variant which variant calls it
 */
record StoreHelper(
    String owner,
    List<String> fields,
    String operation,
    String operator,
    String operandType,
    Variant variant) {

  StoreHelper {
    fields = List.copyOf(fields);
  }

  /** {@code set$value}, {@code set$value$flags}, {@code preIncrement$nextCas}. */
  String methodName() {
    return operation + "$" + String.join("$", fields);
  }
}

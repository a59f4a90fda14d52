package dev.orthrus.rewriter.transform;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import java.util.List;
import java.util.Locale;

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
 * @param oldGiven a compound assignment whose caller passes the field's value as read before the
 *     right operand was evaluated (JLS 15.26.2): the right operand may run code that writes the
 *     field, which the helper's own read would then see
 * @param variant which variant calls it
 */
record StoreHelper(
    String owner,
    List<String> fields,
    String operation,
    String operator,
    String operandType,
    boolean oldGiven,
    Variant variant) {

  StoreHelper {
    fields = List.copyOf(fields);
  }

  /**
   * The helper of one field's assignment: {@code set} for {@code =}, else the compound operator's
   * ({@code plus} with {@code +} for {@code +=}); {@code operandType} is the erased type of a
   * compound assignment's right operand.
   */
  static StoreHelper assignment(
      String owner, String field, AssignExpr.Operator op, String operandType, Variant variant) {
    if (op == AssignExpr.Operator.ASSIGN) {
      return new StoreHelper(owner, List.of(field), "set", null, null, false, variant);
    }
    String operator = op.toBinaryOperator().map(BinaryExpr.Operator::asString).orElseThrow();
    return new StoreHelper(
        owner, List.of(field), camel(op.name()), operator, operandType, false, variant);
  }

  /** This compound assignment's helper taking the field's old value from its caller. */
  StoreHelper withOldGiven() {
    return new StoreHelper(owner, fields, operation, operator, operandType, true, variant);
  }

  /** The helper of {@code ++} or {@code --} on one field, before or after its operand. */
  static StoreHelper step(String owner, String field, UnaryExpr.Operator op, Variant variant) {
    String operation =
        switch (op) {
          case PREFIX_INCREMENT -> "preIncrement";
          case PREFIX_DECREMENT -> "preDecrement";
          case POSTFIX_INCREMENT -> "postIncrement";
          case POSTFIX_DECREMENT -> "postDecrement";
          default -> throw new IllegalArgumentException("not a step: " + op);
        };
    return new StoreHelper(owner, List.of(field), operation, null, null, false, variant);
  }

  static boolean isStep(UnaryExpr.Operator op) {
    return op == UnaryExpr.Operator.PREFIX_INCREMENT
        || op == UnaryExpr.Operator.PREFIX_DECREMENT
        || op == UnaryExpr.Operator.POSTFIX_INCREMENT
        || op == UnaryExpr.Operator.POSTFIX_DECREMENT;
  }

  /** {@code PLUS} as {@code plus}, {@code SIGNED_RIGHT_SHIFT} as {@code signedRightShift}. */
  private static String camel(String constant) {
    StringBuilder out = new StringBuilder();
    boolean upper = false;
    for (char c : constant.toLowerCase(Locale.ROOT).toCharArray()) {
      if (c == '_') {
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.toString();
  }

  /**
   * {@code set$value}, {@code set$value$flags}, {@code preIncrement$nextCas}, {@code plus$total},
   * {@code plusOld$total} (the old value given).
   */
  String methodName() {
    return operation + (oldGiven ? "Old" : "") + "$" + String.join("$", fields);
  }
}

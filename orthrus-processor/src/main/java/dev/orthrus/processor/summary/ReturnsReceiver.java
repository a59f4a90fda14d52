package dev.orthrus.processor.summary;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;

/**
 * Methods of this compilation that always return their own receiver ({@code return this;}), as a
 * fluent builder's setters do, and that no subclass can override: a call on the result of such a
 * call has the same receiver.
 */
final class ReturnsReceiver {

  private ReturnsReceiver() {}

  static boolean of(ExecutableElement method, Trees trees) {
    if (!cannotBeOverridden(method)) {
      return false;
    }
    MethodTree tree = trees.getTree(method);
    if (tree == null || tree.getBody() == null) {
      return false;
    }
    int[] returns = {0, 0}; // all returns, returns of this
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitReturn(ReturnTree node, Void unused) {
        returns[0]++;
        if (node.getExpression() != null && MethodScope.isThis(node.getExpression())) {
          returns[1]++;
        }
        return null;
      }

      @Override
      public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
        return null; // a lambda's returns are its own
      }

      @Override
      public Void visitClass(ClassTree node, Void unused) {
        return null; // so are a local or anonymous class's
      }
    }.scan(tree.getBody(), null);
    return returns[0] > 0 && returns[0] == returns[1];
  }

  private static boolean cannotBeOverridden(ExecutableElement method) {
    if (method.getModifiers().contains(Modifier.FINAL)
        || method.getModifiers().contains(Modifier.PRIVATE)) {
      return true;
    }
    TypeElement owner = JavaNames.enclosingType(method);
    return owner.getModifiers().contains(Modifier.FINAL)
        || owner.getKind() == ElementKind.RECORD
        || owner.getNestingKind() == NestingKind.ANONYMOUS;
  }
}

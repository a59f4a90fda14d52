package dev.orthrus.processor.summary;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;

/**
 * What the methods of this compilation return: the expressions of their {@code return}s, and
 * whether one always returns its own receiver ({@code return this;}), as a fluent builder's setters
 * do.
 */
public final class Returns {

  private Returns() {}

  /**
   * Whether {@code method} always returns its receiver and no subclass can override it: a call on
   * the result of such a call has the same receiver.
   */
  static boolean receiver(ExecutableElement method, Trees trees) {
    return cannotBeOverridden(method) && onlyThis(method, trees);
  }

  /**
   * Whether {@code method} has a body in the sources whose every {@code return} is {@code return
   * this;}. On an object made with {@code new}, whose class is known, this is enough; on any other
   * receiver an override may return something else (see {@link #receiver}).
   */
  static boolean onlyThis(ExecutableElement method, Trees trees) {
    MethodTree tree = trees.getTree(method);
    if (tree == null || tree.getBody() == null) {
      return false;
    }
    List<ExpressionTree> returned = of(tree);
    return !returned.isEmpty()
        && returned.stream().allMatch(e -> e != null && MethodScope.isThis(e));
  }

  /**
   * Whether {@code method}, static, private or final, returns a new object at every {@code return}
   * ({@code static Snap fresh(int n) { return new Snap("f", new long[n]); }}): each call's value is
   * a new object, as a {@code new} expression's is.
   */
  static boolean newObject(ExecutableElement method, Trees trees) {
    Set<Modifier> modifiers = method.getModifiers();
    MethodTree tree =
        modifiers.contains(Modifier.STATIC)
                || modifiers.contains(Modifier.PRIVATE)
                || modifiers.contains(Modifier.FINAL)
            ? trees.getTree(method)
            : null;
    if (tree == null || tree.getBody() == null) {
      return false;
    }
    List<ExpressionTree> returned = of(tree);
    return !returned.isEmpty()
        && returned.stream().allMatch(e -> e != null && LocalFacts.isNew(MethodScope.unwrap(e)));
  }

  /**
   * The expressions the {@code return} statements of a method with a body return (null for a bare
   * {@code return;}), not those of its lambdas and local classes.
   */
  public static List<ExpressionTree> of(MethodTree tree) {
    List<ExpressionTree> returned = new ArrayList<>();
    new TreeScanner<Void, Void>() {
      @Override
      public Void visitReturn(ReturnTree node, Void unused) {
        returned.add(node.getExpression());
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
    return returned;
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

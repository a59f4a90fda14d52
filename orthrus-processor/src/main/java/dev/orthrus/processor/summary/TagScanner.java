package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.isFloat;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import dev.orthrus.model.Tag;
import dev.orthrus.model.jdk.JdkApis;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeMirror;

/** Floating-point and vector work: the closure tags that steer sampling and fault injection. */
final class TagScanner extends BodyScanner {

  TagScanner(MethodScope scope) {
    super(scope);
  }

  private boolean isFloatAt(com.sun.source.tree.Tree child) {
    return isFloat(scope.trees.getTypeMirror(pathOf(child)));
  }

  private void floatingPoint() {
    scope.summary.floatingPoint = true;
  }

  @Override
  public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
    if (isFloatAt(node.getVariable())) {
      floatingPoint();
    }
    return super.visitCompoundAssignment(node, unused);
  }

  @Override
  public Void visitUnary(UnaryTree node, Void unused) {
    if (isFloatAt(node.getExpression())) {
      floatingPoint();
    }
    return super.visitUnary(node, unused);
  }

  @Override
  public Void visitBinary(BinaryTree node, Void unused) {
    if (isFloat(scope.trees.getTypeMirror(getCurrentPath()))
        || isFloatAt(node.getLeftOperand())
        || isFloatAt(node.getRightOperand())) {
      floatingPoint();
    }
    return super.visitBinary(node, unused);
  }

  @Override
  public Void visitTypeCast(TypeCastTree node, Void unused) {
    if (isFloat(scope.trees.getTypeMirror(getCurrentPath())) || isFloatAt(node.getExpression())) {
      floatingPoint();
    }
    return super.visitTypeCast(node, unused);
  }

  @Override
  public Void visitVariable(VariableTree node, Void unused) {
    if (isFloat(scope.trees.getTypeMirror(getCurrentPath()))) {
      floatingPoint();
    }
    return super.visitVariable(node, unused);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
      tagCall(callee, scope.receiverType(getCurrentPath(), node.getMethodSelect(), callee));
    }
    return super.visitMethodInvocation(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor) {
      tagCall(constructor, null);
    }
    return super.visitNewClass(node, unused);
  }

  private void tagCall(ExecutableElement callee, TypeMirror receiver) {
    Set<Tag> tags = JdkApis.tags(scope.jdk.call(callee, receiver, () -> false));
    if (tags.contains(Tag.VECTOR)) {
      scope.summary.vector = true;
    }
    if (tags.contains(Tag.FLOATING_POINT)) {
      floatingPoint();
    }
  }
}

package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.unwrap;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * Loads of user data: instance fields declared by (or read through) a {@code @UserData} class, and
 * slots of reference arrays held in one. A store's target is not a load, except for compound
 * assignments and increments, which read it first.
 */
final class LoadScanner extends BodyScanner {

  LoadScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void visitAssignment(AssignmentTree node, Void unused) {
    ExpressionTree lhs = unwrap(node.getVariable());
    Element target = scope.trees.getElement(pathOf(lhs));
    if (target != null && target.getKind() == ElementKind.FIELD) {
      if (lhs instanceof MemberSelectTree select) {
        scan(select.getExpression(), null);
      }
    } else if (lhs instanceof ArrayAccessTree access) {
      scan(access.getExpression(), null);
      scan(access.getIndex(), null);
    } else {
      scan(lhs, null);
    }
    scan(node.getExpression(), null);
    return null;
  }

  @Override
  public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
    recordElementLoad(node.getExpression(), scope.arrayField(pathOf(unwrap(node.getExpression()))));
    return super.visitEnhancedForLoop(node, unused);
  }

  @Override
  public Void visitArrayAccess(ArrayAccessTree node, Void unused) {
    super.visitArrayAccess(node, unused); // the array and the index are loaded before the slot
    recordElementLoad(node, scope.arrayField(pathOf(unwrap(node.getExpression()))));
    return null;
  }

  @Override
  public Void visitIdentifier(IdentifierTree node, Void unused) {
    recordFieldRead(node, null);
    return null;
  }

  @Override
  public Void visitMemberSelect(MemberSelectTree node, Void unused) {
    recordFieldRead(node, node.getExpression());
    return super.visitMemberSelect(node, unused);
  }

  /** A slot load from a reference array held by user data: a read of {@code field[]}. */
  private void recordElementLoad(Tree load, MethodScope.ArrayField array) {
    if (array == null
        || array.component().getKind().isPrimitive()
        || !scope.holder(array.load(), array.field()).userData()) {
      return; // a primitive array is read as a whole, with its owner's version
    }
    scope.summary.userDataReads.add(
        new FieldRead(
            scope.names.binaryName(JavaNames.enclosingType(array.field())),
            array.field().getSimpleName() + FieldWrite.ELEMENTS,
            scope.names.erased(array.component()),
            scope.site(load)));
  }

  private void recordFieldRead(ExpressionTree node, ExpressionTree receiver) {
    Element element = scope.trees.getElement(getCurrentPath());
    if (element == null
        || element.getKind() != ElementKind.FIELD
        || element.getSimpleName().contentEquals("this")
        || element.getSimpleName().contentEquals("super")
        || element.getModifiers().contains(Modifier.STATIC)) {
      return;
    }
    TypeElement owner = JavaNames.enclosingType(element);
    boolean userData = OrthrusAnnotations.isUserData(owner);
    if (!userData && receiver != null) {
      TypeMirror receiverType = scope.trees.getTypeMirror(pathOf(receiver));
      userData =
          receiverType != null
              && OrthrusAnnotations.isUserData(scope.types.asElement(receiverType));
    }
    if (userData) {
      scope.summary.userDataReads.add(
          new FieldRead(
              scope.names.binaryName(owner),
              element.getSimpleName().toString(),
              scope.names.erased(element.asType()),
              scope.site(node)));
    }
  }
}

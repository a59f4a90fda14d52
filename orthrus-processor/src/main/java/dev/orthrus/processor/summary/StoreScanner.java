package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.unwrap;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.util.TreePath;
import dev.orthrus.model.jdk.JdkApis;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeMirror;

/**
 * Stores: to fields ({@code =}, compound assignment, {@code ++}/{@code --}), into elements of
 * arrays held in fields (directly, through a local alias, or by a JDK call that fills its argument
 * array).
 */
final class StoreScanner extends BodyScanner {

  StoreScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void visitAssignment(AssignmentTree node, Void unused) {
    ExpressionTree lhs = unwrap(node.getVariable());
    TreePath lhsPath = pathOf(lhs);
    Element target = scope.trees.getElement(lhsPath);
    if (target != null && target.getKind() == ElementKind.FIELD) {
      recordFieldWrite(node, lhsPath, (VariableElement) target);
      recordKeptParameter(node, lhsPath, (VariableElement) target);
      if (lhs instanceof MemberSelectTree select) {
        scan(select.getExpression(), null);
      }
    } else if (lhs instanceof ArrayAccessTree access) {
      // A plain store does not load the slot it overwrites: scan the parts, not the access.
      scan(access.getExpression(), null);
      scan(access.getIndex(), null);
      recordArrayStore(node, lhs, lhsPath);
    } else {
      scan(lhs, null);
    }
    scan(node.getExpression(), null);
    return null;
  }

  @Override
  public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
    storeAndRead(node, node.getVariable());
    return super.visitCompoundAssignment(node, unused);
  }

  @Override
  public Void visitUnary(UnaryTree node, Void unused) {
    switch (node.getKind()) {
      case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT ->
          storeAndRead(node, node.getExpression());
      default -> {}
    }
    return super.visitUnary(node, unused);
  }

  /** A store that also reads its target; the read is the load scanner's. */
  private void storeAndRead(Tree node, ExpressionTree variable) {
    ExpressionTree lhs = unwrap(variable);
    TreePath lhsPath = pathOf(lhs);
    Element target = scope.trees.getElement(lhsPath);
    if (target != null && target.getKind() == ElementKind.FIELD) {
      recordFieldWrite(node, lhsPath, (VariableElement) target);
    } else {
      recordArrayStore(node, lhs, lhsPath);
    }
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
      int index = JdkApis.arrayWrite(scope.jdk.call(callee, null, () -> false));
      if (index >= 0 && index < node.getArguments().size()) {
        TreePath array = pathOf(unwrap(node.getArguments().get(index)));
        recordElementStore(node, scope.writtenArrayField(array));
        recordPassedArrayWrite(node, array);
      }
    }
    return super.visitMethodInvocation(node, unused);
  }

  private void recordFieldWrite(Tree store, TreePath lhsPath, VariableElement field) {
    MethodScope.Holder holder = scope.holder(lhsPath, field);
    scope.summary.fieldWrites.add(
        fieldWrite(field, field.getSimpleName().toString(), field.asType(), holder, store));
  }

  private FieldWrite fieldWrite(
      VariableElement field, String name, TypeMirror type, MethodScope.Holder holder, Tree store) {
    TypeElement owner = JavaNames.enclosingType(field);
    JavaNames names = scope.names;
    return new FieldWrite(
        names.binaryName(owner),
        name,
        names.erased(type),
        holder.receiver(),
        holder.receiverType() == null
            ? names.binaryName(owner)
            : names.erased(holder.receiverType()),
        holder.userData(),
        holder.parameter(),
        scope.site(store));
  }

  private void recordArrayStore(Tree store, ExpressionTree lhs, TreePath lhsPath) {
    if (lhs instanceof ArrayAccessTree access) {
      TreePath array = new TreePath(lhsPath, unwrap(access.getExpression()));
      recordElementStore(store, scope.writtenArrayField(array));
      recordPassedArrayWrite(store, array);
    }
  }

  /** {@code s.xs = src}: a primitive-array parameter stored as it is into a field of user data. */
  private void recordKeptParameter(AssignmentTree node, TreePath lhsPath, VariableElement field) {
    if (!(field.asType() instanceof ArrayType array)
        || !array.getComponentType().getKind().isPrimitive()
        || !scope.holder(lhsPath, field).userData()) {
      return;
    }
    Element value = scope.trees.getElement(pathOf(unwrap(node.getExpression())));
    value = value == null ? null : scope.locals.root(value);
    ExecutableElement method = scope.summary.element();
    if (value != null
        && value.getKind() == ElementKind.PARAMETER
        && method != null
        && !scope.locals.reassigned.contains(value)) {
      int index = method.getParameters().indexOf(value);
      if (index >= 0) {
        scope.summary.keptParameters.add(index);
      }
    }
  }

  /** A store into a local's primitive array after the method passed the array to a call. */
  private void recordPassedArrayWrite(Tree store, TreePath arrayPath) {
    Element local = scope.trees.getElement(arrayPath);
    if (local == null || scope.locals.reassigned.contains(local)) {
      return;
    }
    List<LocalFacts.Passed> calls = scope.locals.passedTo(local);
    for (LocalFacts.Passed passed : calls) {
      if (scope.trees.getElement(passed.call()) instanceof ExecutableElement callee
          && scope.mayFollow(arrayPath, passed.call())) {
        scope.summary.passedArrayWrites.add(
            new PassedArrayWrite(
                scope.names.methodId(callee),
                passed.index(),
                local.getSimpleName().toString(),
                scope.site(store)));
      }
    }
  }

  /**
   * A store into an element of an array held in a field. A primitive array of user data is part of
   * its owner's version and must not change in place (a rule flags it); any other array's slots are
   * recorded as a write of {@code field[]}, which the runtime versions per slot.
   */
  private void recordElementStore(Tree store, MethodScope.ArrayField array) {
    if (array == null) {
      return;
    }
    MethodScope.Holder holder = scope.holder(array.load(), array.field());
    MethodSummary summary = scope.summary;
    if (holder.userData() && array.component().getKind().isPrimitive()) {
      if (scope.isConstructedField(array.load(), (ExpressionTree) array.load().getLeaf())) {
        // A constructor filling an array it allocated for the object it builds: the object's
        // first version is published at the constructor's end, with the array as it is then.
        return;
      }
      summary.arrayElementWrites.add(
          new ArrayElementWrite(
              scope.names.binaryName(JavaNames.enclosingType(array.field())),
              array.field().getSimpleName().toString(),
              scope.site(store)));
    } else {
      summary.fieldWrites.add(
          fieldWrite(
              array.field(),
              array.field().getSimpleName() + FieldWrite.ELEMENTS,
              array.component(),
              holder,
              store));
      if (array.component().getKind().isPrimitive()
          && !summary.initializer()
          && !scope.mayHaveReassigned(array.field(), getCurrentPath())) {
        summary.fieldArrayWrites.add(
            new FieldArrayWrite(
                scope.names.binaryName(JavaNames.enclosingType(array.field())),
                array.field().getSimpleName().toString(),
                scope.site(store)));
      }
    }
  }
}

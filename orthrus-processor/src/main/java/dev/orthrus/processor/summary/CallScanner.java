package dev.orthrus.processor.summary;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.util.TreePath;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Resolved calls (with where each argument comes from) and allocations. */
final class CallScanner extends BodyScanner {

  CallScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
      TypeMirror receiver = scope.receiverType(getCurrentPath(), node.getMethodSelect(), callee);
      String target =
          receiver != null && receiver.getKind() == TypeKind.ARRAY
              ? scope.names.erased(receiver)
                  + "#"
                  + scope.names.signature(callee) // members of arrays have no class
              : scope.names.methodId(callee);
      scope.summary.calls.add(
          new Call(
              target,
              callee,
              scope.site(node),
              scope.origins(getCurrentPath(), node.getArguments()),
              scope.receiverOrigin(getCurrentPath(), callee),
              receiver != null
                      && scope.types.erasure(receiver) instanceof DeclaredType declared
                      && declared.asElement() instanceof TypeElement type
                  ? type
                  : null));
      recordPassedFields(target, node.getArguments());
    }
    return super.visitMethodInvocation(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor) {
      TypeMirror type =
          scope.trees.getTypeMirror(new TreePath(getCurrentPath(), node.getIdentifier()));
      Element typeElement = type == null ? null : scope.types.asElement(type);
      scope.summary.allocations.add(
          new AllocationSite(
              type == null
                  ? scope.names.binaryName(JavaNames.enclosingType(constructor))
                  : scope.names.erased(type),
              OrthrusAnnotations.isUserData(typeElement),
              scope.site(node)));
      scope.summary.calls.add(
          new Call(
              scope.names.methodId(constructor),
              constructor,
              scope.site(node),
              scope.origins(getCurrentPath(), node.getArguments())));
      recordPassedFields(scope.names.methodId(constructor), node.getArguments());
    }
    return super.visitNewClass(node, unused);
  }

  /**
   * Arguments that are a primitive array held in a field ({@code set(key, this.buffer)}, or a local
   * that always holds it).
   */
  private void recordPassedFields(String target, List<? extends ExpressionTree> arguments) {
    for (int i = 0; i < arguments.size(); i++) {
      MethodScope.ArrayField array =
          scope.arrayField(new TreePath(getCurrentPath(), MethodScope.unwrap(arguments.get(i))));
      if (array != null && array.component().getKind().isPrimitive()) {
        scope.summary.passedFieldArrays.add(
            new PassedFieldArray(
                scope.names.binaryName(JavaNames.enclosingType(array.field())),
                array.field().getSimpleName().toString(),
                target,
                i));
      }
    }
  }

  @Override
  public Void visitNewArray(NewArrayTree node, Void unused) {
    TypeMirror type = scope.trees.getTypeMirror(getCurrentPath());
    if (type != null) {
      scope.summary.allocations.add(
          new AllocationSite(scope.names.erased(type), false, scope.site(node)));
    }
    return super.visitNewArray(node, unused);
  }
}

package dev.orthrus.processor.summary;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;

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
      List<Call> chain = new ArrayList<>();
      int receiverOrigin = scope.receiverOrigin(getCurrentPath(), callee, chain);
      scope.summary.calls.add(
          new Call(
              target,
              callee,
              scope.site(node),
              scope.origins(getCurrentPath(), node.getArguments()),
              receiverOrigin,
              scope.classOf(receiver),
              node.getMethodSelect() instanceof MemberSelectTree select
                  && MethodScope.isSuper(MethodScope.unwrap(select.getExpression())),
              List.copyOf(chain)));
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
   * A try-with-resources statement calls each resource's {@code close()} when it ends, a call the
   * body does not write: the method it runs is reached as any other call's.
   */
  @Override
  public Void visitTry(TryTree node, Void unused) {
    for (Tree resource : node.getResources()) {
      TreePath path = new TreePath(getCurrentPath(), resource);
      TypeElement resourceType = scope.classOf(scope.trees.getTypeMirror(path));
      if (resourceType != null) {
        ExecutableElement close = closeOf(resourceType);
        if (close != null) {
          scope.summary.calls.add(
              new Call(
                  scope.names.methodId(close),
                  close,
                  scope.site(resource),
                  List.of(),
                  resourceOrigin(path),
                  resourceType));
        }
      }
    }
    return super.visitTry(node, unused);
  }

  /** The {@code close()} a resource of {@code type} runs: its own or the one it inherits. */
  private ExecutableElement closeOf(TypeElement type) {
    for (ExecutableElement method : ElementFilter.methodsIn(scope.elements.getAllMembers(type))) {
      if (method.getSimpleName().contentEquals("close")
          && method.getParameters().isEmpty()
          && !method.getModifiers().contains(Modifier.STATIC)) {
        return method;
      }
    }
    return null;
  }

  /** Where a resource's object comes from, as a call's receiver ({@link Call#receiver}). */
  private int resourceOrigin(TreePath resource) {
    TreePath expression =
        resource.getLeaf() instanceof VariableTree variable
            ? new TreePath(resource, variable.getInitializer())
            : resource;
    if (MethodScope.isThis(MethodScope.unwrap((ExpressionTree) expression.getLeaf()))) {
      return scope.summary.initializer() ? Call.FRESH_ARGUMENT : Call.CALLER_RECEIVER;
    }
    return scope.origin(expression);
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

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
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
      Call call =
          new Call(
              target,
              callee,
              scope.site(node),
              scope.origins(getCurrentPath(), node.getArguments()),
              receiverOrigin,
              scope.classOf(receiver),
              node.getMethodSelect() instanceof MemberSelectTree select
                  && MethodScope.isSuper(MethodScope.unwrap(select.getExpression())),
              List.copyOf(chain));
      scope.summary.calls.add(call);
      if (!callee.getTypeParameters().isEmpty()) {
        recordIdentityTypeArguments(call, node);
      }
      if (receiver != null && !callee.getModifiers().contains(Modifier.STATIC)) {
        recordIdentityClassArguments(call, receiver);
      }
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
   * The types this call gives its generic callee's type parameters, read by matching the callee's
   * declared parameter types with those javac inferred here: those whose objects hash by identity
   * ({@link JdkCalls#identityOrdered}) are recorded, for the callee's hash sets of them.
   */
  private void recordIdentityTypeArguments(Call call, MethodInvocationTree node) {
    ExecutableElement callee = call.callee();
    if (!(scope.trees.getTypeMirror(new TreePath(getCurrentPath(), node.getMethodSelect()))
        instanceof ExecutableType used)) {
      return;
    }
    Map<Element, TypeMirror> bound = new HashMap<>();
    List<? extends VariableElement> declared = callee.getParameters();
    for (int i = 0; i < declared.size() && i < used.getParameterTypes().size(); i++) {
      bind(declared.get(i).asType(), used.getParameterTypes().get(i), bound, 0);
    }
    bind(callee.getReturnType(), used.getReturnType(), bound, 0);
    List<? extends TypeParameterElement> parameters = callee.getTypeParameters();
    ExecutableElement caller = scope.summary.element();
    for (int i = 0; i < parameters.size(); i++) {
      TypeMirror type = bound.get(parameters.get(i));
      if (type == null) {
        continue;
      }
      if (scope.jdk.identityOrdered(type)) {
        scope.summary.identityTypeArguments.add(
            new IdentityTypeArgument(call, i, false, scope.names.erased(type)));
      } else if (type instanceof TypeVariable variable
          && caller != null
          && caller.getTypeParameters().contains(variable.asElement())) {
        scope.summary.typeParameterPasses.add(
            new TypeParameterPass(
                call, i, caller.getTypeParameters().indexOf(variable.asElement())));
      }
    }
  }

  /**
   * The types the receiver's type gives the type parameters of the class that declares the instance
   * method called ({@code Bag<Job> bag; bag.any()}): those whose objects hash by identity are
   * recorded, for the class's hash sets of them.
   */
  private void recordIdentityClassArguments(Call call, TypeMirror receiver) {
    TypeElement owner = JavaNames.enclosingType(call.callee());
    if (owner.getTypeParameters().isEmpty()) {
      return;
    }
    DeclaredType as = scope.asSuper(receiver, owner.getQualifiedName().toString());
    if (as == null) {
      return;
    }
    List<? extends TypeMirror> arguments = as.getTypeArguments();
    for (int i = 0; i < arguments.size(); i++) {
      TypeMirror type = arguments.get(i);
      if (type instanceof WildcardType wildcard) {
        type = wildcard.getExtendsBound();
      }
      if (type != null && scope.jdk.identityOrdered(type)) {
        scope.summary.identityTypeArguments.add(
            new IdentityTypeArgument(call, i, true, scope.names.erased(type)));
      }
    }
  }

  /** Matches {@code declared} with {@code used}, the same type with type variables replaced. */
  private static void bind(
      TypeMirror declared, TypeMirror used, Map<Element, TypeMirror> bound, int depth) {
    if (depth > 8 || used == null) {
      return;
    }
    if (declared instanceof TypeVariable variable) {
      bound.putIfAbsent(variable.asElement(), used);
    } else if (declared instanceof ArrayType array && used instanceof ArrayType usedArray) {
      bind(array.getComponentType(), usedArray.getComponentType(), bound, depth + 1);
    } else if (declared instanceof DeclaredType type && used instanceof DeclaredType usedType) {
      List<? extends TypeMirror> args = type.getTypeArguments();
      List<? extends TypeMirror> usedArgs = usedType.getTypeArguments();
      for (int i = 0; i < args.size() && i < usedArgs.size(); i++) {
        bind(args.get(i), usedArgs.get(i), bound, depth + 1);
      }
    } else if (declared instanceof WildcardType wildcard && used instanceof WildcardType usedWild) {
      if (wildcard.getExtendsBound() != null) {
        bind(wildcard.getExtendsBound(), usedWild.getExtendsBound(), bound, depth + 1);
      }
      if (wildcard.getSuperBound() != null) {
        bind(wildcard.getSuperBound(), usedWild.getSuperBound(), bound, depth + 1);
      }
    }
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

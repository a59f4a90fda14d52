package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.unwrap;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Mutable JDK objects meeting user data: a {@code new HashMap<>()}, a view such as {@code
 * Collections.unmodifiableList(list)}, or any value whose type is a mutable JDK class, stored into
 * a user-data field; and calls that change such an object ({@code put}, {@code merge}, {@code
 * append}, ...) while a user-data field holds it, directly or through a local that copies the
 * field. A field whose declared type is already a mutable JDK class is reported at its declaration.
 * Also calls that change such an object a method received as a parameter.
 */
final class MutableJdkScanner extends BodyScanner {

  MutableJdkScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void visitAssignment(AssignmentTree node, Void unused) {
    TreePath lhsPath = pathOf(unwrap(node.getVariable()));
    if (scope.trees.getElement(lhsPath) instanceof VariableElement field
        && field.getKind() == ElementKind.FIELD
        && !field.getModifiers().contains(Modifier.STATIC)
        && scope.holder(lhsPath, field).userData()) {
      checkStore(field, pathOf(unwrap(node.getExpression())), node);
    }
    return super.visitAssignment(node, unused);
  }

  @Override
  public Void visitVariable(VariableTree node, Void unused) {
    // A field initializer of a user-data class (scanned as part of its initializers).
    if (node.getInitializer() != null
        && scope.trees.getElement(getCurrentPath()) instanceof VariableElement field
        && field.getKind() == ElementKind.FIELD
        && !field.getModifiers().contains(Modifier.STATIC)
        && OrthrusAnnotations.isUserData(JavaNames.enclosingType(field))) {
      checkStore(field, pathOf(unwrap(node.getInitializer())), node);
    }
    return super.visitVariable(node, unused);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    if (!(scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee)) {
      return super.visitMethodInvocation(node, unused);
    }
    checkFieldHandle(node, callee);
    if (!scope.summary.initializer() && node.getMethodSelect() instanceof MemberSelectTree select) {
      TypeMirror receiver = scope.receiverType(getCurrentPath(), select, callee);
      JdkApi mutation = JdkApis.mutation(scope.jdk.call(callee, receiver, () -> false));
      if (mutation != null
          && (mutation.argument() < 0 || mutation.argument() < node.getArguments().size())) {
        // The object it changes: the receiver, or the argument a static mutator changes
        // (Collections.sort(list)).
        TreePath target =
            mutation.argument() < 0
                ? new TreePath(
                    new TreePath(getCurrentPath(), select), unwrap(select.getExpression()))
                : pathOf(unwrap(node.getArguments().get(mutation.argument())));
        String what =
            (mutation.argument() < 0
                    ? scope.names.erased(receiver)
                    : scope.names.binaryName(JavaNames.enclosingType(callee)))
                + "#"
                + callee.getSimpleName();
        VariableElement field = heldBy(target);
        if (field != null) {
          record(UserDataMutation.Kind.MUTATION, field, what, node);
        } else if (scope.trees.getElement(target) instanceof VariableElement parameter
            && parameter.getKind() == ElementKind.PARAMETER) {
          scope.summary.parameterMutations.add(
              new ParameterMutation(parameter.getSimpleName().toString(), what, scope.site(node)));
        }
      }
    }
    return super.visitMethodInvocation(node, unused);
  }

  /**
   * A field updater or a {@code VarHandle} made for a field of a user-data class ({@code
   * AtomicLongFieldUpdater.newUpdater(Counter.class, "count")}, {@code
   * lookup.findVarHandle(Counter.class, "count", long.class)}): whatever it writes changes the
   * field outside versioned memory, wherever the write is, so it is recorded where it is made.
   */
  private void checkFieldHandle(MethodInvocationTree node, ExecutableElement callee) {
    String owner = JavaNames.enclosingType(callee).getQualifiedName().toString();
    String name = callee.getSimpleName().toString();
    List<? extends ExpressionTree> arguments = node.getArguments();
    int fieldName;
    if (FIELD_UPDATERS.contains(owner) && name.equals("newUpdater")) {
      fieldName = arguments.size() - 1;
    } else if (owner.equals("java.lang.invoke.MethodHandles.Lookup")
        && name.equals("findVarHandle")
        && arguments.size() == 3) {
      fieldName = 1;
    } else {
      return;
    }
    if (!(unwrap(arguments.get(0)) instanceof MemberSelectTree literal)
        || !literal.getIdentifier().contentEquals("class")
        || !(scope.trees.getTypeMirror(new TreePath(getCurrentPath(), literal.getExpression()))
            instanceof DeclaredType declared)
        || !(declared.asElement() instanceof TypeElement type)
        || !OrthrusAnnotations.isUserData(type)) {
      return;
    }
    String field =
        unwrap(arguments.get(fieldName)) instanceof LiteralTree text
                && text.getValue() instanceof String string
            ? string
            : "?";
    scope.summary.userDataMutations.add(
        new UserDataMutation(
            UserDataMutation.Kind.HANDLE,
            scope.names.binaryName(type) + "." + field,
            "`" + owner.substring(owner.lastIndexOf('.') + 1) + "." + name + "`",
            scope.site(node)));
  }

  private static final Set<String> FIELD_UPDATERS =
      Set.of(
          "java.util.concurrent.atomic.AtomicIntegerFieldUpdater",
          "java.util.concurrent.atomic.AtomicLongFieldUpdater",
          "java.util.concurrent.atomic.AtomicReferenceFieldUpdater");

  /** A value stored into a user-data field: a mutable JDK object is recorded. */
  private void checkStore(VariableElement field, TreePath value, Tree at) {
    if (mutableType(field.asType()) != null) {
      return; // the declaration itself is reported
    }
    String what = null;
    Tree leaf = value.getLeaf();
    if (leaf instanceof MethodInvocationTree call
        && scope.trees.getElement(value) instanceof ExecutableElement callee) {
      String collector = mutableCollector(call, callee, value);
      if (collector != null) {
        what =
            "what `Stream.collect("
                + collector
                + "(...))` makes, a mutable collection (the JDK does not promise otherwise; `Stream.toList()` makes one that cannot change)";
      }
      JdkApi view = JdkApis.mutableView(scope.jdk.call(callee, null, () -> false));
      if (view != null && !overImmutable(call, value)) {
        what =
            "`"
                + scope.names.binaryName(JavaNames.enclosingType(callee))
                + "."
                + callee.getSimpleName()
                + "(...)`, a view over (or a wrapper of) a collection that can still change";
      }
    }
    if (what == null) {
      String type = mutableType(scope.trees.getTypeMirror(value));
      what = type == null ? null : "a mutable `" + type + "`";
    }
    if (what != null) {
      record(UserDataMutation.Kind.STORE, field, what, at);
    }
  }

  /**
   * {@code Collectors.toList} when {@code call} is {@code stream.collect(Collectors.toList())} (or
   * another collector of a mutable collection, {@link JdkApis#mutableCollector}); else null.
   */
  private String mutableCollector(
      MethodInvocationTree call, ExecutableElement callee, TreePath value) {
    if (!callee.getSimpleName().contentEquals("collect")
        || call.getArguments().size() != 1
        || !JavaNames.enclosingType(callee)
            .getQualifiedName()
            .contentEquals("java.util.stream.Stream")) {
      return null;
    }
    TreePath argument = new TreePath(value, unwrap(call.getArguments().get(0)));
    if (argument.getLeaf() instanceof MethodInvocationTree
        && scope.trees.getElement(argument) instanceof ExecutableElement collector
        && JdkApis.mutableCollector(scope.jdk.call(collector, null, () -> false)) != null) {
      return scope.names.binaryName(JavaNames.enclosingType(collector))
          + "."
          + collector.getSimpleName();
    }
    return null;
  }

  /**
   * A view whose collection never changes: {@code Collections.unmodifiableList(List.of(a, b))}, its
   * argument a JDK factory of such a collection ({@link JdkApis#immutableFactory}).
   */
  private boolean overImmutable(MethodInvocationTree view, TreePath value) {
    if (view.getArguments().size() != 1) {
      return false;
    }
    return scope.jdk.immutableFactoryCall(new TreePath(value, unwrap(view.getArguments().get(0))));
  }

  private String mutableType(TypeMirror type) {
    if (type == null || type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    String name = scope.names.erased(type);
    return JdkApis.mutableType(name, api -> scope.jdk.isA(type, api)) == null ? null : name;
  }

  /**
   * The user-data field whose object the expression denotes (directly, through a local copy, or as
   * what the field's object holds: {@code (List<String>) a.payload}, {@code a.opt.get()}), or null.
   */
  private VariableElement heldBy(TreePath expression) {
    TreePath access = MethodScope.holder(scope.trees, expression);
    Element element = scope.trees.getElement(access);
    if (element != null && element.getKind() == ElementKind.LOCAL_VARIABLE) {
      TreePath alias = scope.locals.fieldAliases().get(element);
      if (alias != null) {
        return userDataField(alias);
      }
      // A local given several values, one of which a user-data field holds (get or create: l =
      // idx.get(k); if (l == null) { l = new ArrayList<>(); idx = idx.plus(k, l); }).
      for (TreePath value : scope.locals.values(element)) {
        VariableElement field = userDataField(MethodScope.holder(scope.trees, value));
        if (field != null) {
          return field;
        }
      }
      return null;
    }
    return userDataField(access);
  }

  /** The user-data field {@code access} reads, or null. */
  private VariableElement userDataField(TreePath access) {
    if (scope.trees.getElement(access) instanceof VariableElement field
        && field.getKind() == ElementKind.FIELD
        && !field.getModifiers().contains(Modifier.STATIC)
        && scope.holder(access, field).userData()) {
      return field;
    }
    return null;
  }

  private void record(UserDataMutation.Kind kind, VariableElement field, String what, Tree at) {
    scope.summary.userDataMutations.add(
        new UserDataMutation(
            kind,
            scope.names.binaryName(JavaNames.enclosingType(field)) + "." + field.getSimpleName(),
            what,
            scope.site(at)));
  }
}

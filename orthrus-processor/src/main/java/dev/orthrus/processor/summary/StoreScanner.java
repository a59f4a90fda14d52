package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.unwrap;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.YieldTree;
import com.sun.source.util.TreePath;
import dev.orthrus.model.jdk.JdkApis;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeMirror;

/**
 * Stores: to fields ({@code =}, compound assignment, {@code ++}/{@code --}), into elements of
 * arrays held in fields or parameters (directly, through a local alias, by a JDK call that fills
 * its argument array or writes through a buffer over one), and primitive arrays passed to calls
 * that may store into them.
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
      TreePath array =
          index == JdkApis.RECEIVER
              ? viewedArray(getCurrentPath())
              : arrayArgument(getCurrentPath(), node.getArguments(), index);
      if (array != null) {
        recordElementStore(node, scope.writtenArrayField(array));
        recordPassedArrayWrite(node, array);
        recordParameterWrite(array);
      }
      recordArrayArguments(node, callee, node.getArguments());
    }
    return super.visitMethodInvocation(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor) {
      recordArrayArguments(node, constructor, node.getArguments());
    }
    return super.visitNewClass(node, unused);
  }

  /**
   * Argument {@code index} of the call at {@code callPath} unless it is a primitive value ({@code
   * ByteBuffer.get(byte[])}, not {@code get(int)}; {@code System.arraycopy} takes an {@code
   * Object}), else null.
   */
  private TreePath arrayArgument(
      TreePath callPath, List<? extends ExpressionTree> arguments, int index) {
    if (index < 0 || index >= arguments.size()) {
      return null;
    }
    TreePath argument = new TreePath(callPath, unwrap(arguments.get(index)));
    TypeMirror type = scope.trees.getTypeMirror(argument);
    return type != null && !type.getKind().isPrimitive() ? argument : null;
  }

  /**
   * The array that the receiver of the call at {@code callPath} is a buffer over, when it is one
   * made right there or held by a local initialized with one (never reassigned): {@code
   * ByteBuffer.wrap(a)}, also through calls that return a buffer over the same array ({@code
   * ByteBuffer.wrap(a).order(LITTLE_ENDIAN)}). Else null.
   */
  private TreePath viewedArray(TreePath callPath) {
    TreePath at = callPath;
    for (int hops = 0; hops < 16; hops++) {
      if (!(at.getLeaf() instanceof MethodInvocationTree call)
          || !(call.getMethodSelect() instanceof MemberSelectTree select)) {
        return null;
      }
      TreePath receiver = new TreePath(new TreePath(at, select), unwrap(select.getExpression()));
      if (receiver.getLeaf() instanceof IdentifierTree) {
        receiver = scope.locals.initializer(scope.trees.getElement(receiver));
      }
      if (receiver == null
          || !(receiver.getLeaf() instanceof MethodInvocationTree inner)
          || !(scope.trees.getElement(receiver) instanceof ExecutableElement view)) {
        return null;
      }
      int index = JdkApis.arrayView(scope.jdk.call(view, null, () -> false));
      if (index != JdkApis.RECEIVER) {
        return arrayArgument(receiver, inner.getArguments(), index);
      }
      at = receiver;
    }
    return null;
  }

  /**
   * Primitive arrays passed to a method or constructor: each is a store into the array if the
   * callee stores into that parameter's elements, which only the rule knows.
   */
  private void recordArrayArguments(
      Tree call, ExecutableElement callee, List<? extends ExpressionTree> arguments) {
    Call target = new Call(scope.names.methodId(callee), callee, scope.site(call));
    for (int i = 0; i < arguments.size(); i++) {
      TreePath argument = pathOf(unwrap(arguments.get(i)));
      if (!(scope.trees.getTypeMirror(argument) instanceof ArrayType type)
          || !type.getComponentType().getKind().isPrimitive()) {
        continue;
      }
      MethodScope.ArrayField array = scope.writtenArrayField(argument);
      if (array != null) {
        MethodScope.Holder holder = scope.holder(array.load(), array.field());
        if (holder.userData()) {
          recordHeldArray(call, callee, i, array);
        }
        ArrayStore store =
            holder.userData() ? userDataStore(call, array) : fieldArrayStore(call, array);
        if (store != null) {
          scope.summary.calleeArrayWrites.add(new CalleeArrayWrite(target, i, store));
        }
      }
      for (PassedArrayWrite passed : passedArrayWrites(call, argument)) {
        scope.summary.calleeArrayWrites.add(new CalleeArrayWrite(target, i, passed));
      }
    }
  }

  /**
   * {@code new R(..., xs, ...)} with a user-data primitive array as argument {@code i} of a
   * record's implicit canonical constructor, which stores it into the component as it is. A
   * constructor the record declares may copy it, and is not followed.
   */
  private void recordHeldArray(
      Tree call, ExecutableElement callee, int i, MethodScope.ArrayField array) {
    TypeElement record = scope.implicitCanonical(callee);
    if (record == null || !leaves(getCurrentPath())) {
      return;
    }
    scope.summary.recordHeldArrays.add(
        new RecordHeldArray(
            scope.names.binaryName(record),
            record.getRecordComponents().get(i).getSimpleName().toString(),
            scope.names.binaryName(JavaNames.enclosingType(array.field()))
                + "."
                + array.field().getSimpleName(),
            scope.site(call)));
  }

  /**
   * Whether the value of the expression at {@code path} leaves the method's locals: returned (also
   * from a lambda or a switch expression), passed to a call, put in an array, or stored in a field.
   * A record made with user data's array only to be read here, or held in a local, is not followed.
   */
  private boolean leaves(TreePath path) {
    TreePath at = path;
    while (at.getParentPath() != null
        && (at.getParentPath().getLeaf() instanceof ParenthesizedTree
            || at.getParentPath().getLeaf() instanceof ConditionalExpressionTree
            || at.getParentPath().getLeaf() instanceof TypeCastTree)) {
      at = at.getParentPath();
    }
    Tree parent = at.getParentPath() == null ? null : at.getParentPath().getLeaf();
    Tree self = at.getLeaf();
    if (parent instanceof ReturnTree
        || parent instanceof LambdaExpressionTree
        || parent instanceof YieldTree
        || parent instanceof NewArrayTree) {
      return true;
    }
    if (parent instanceof MethodInvocationTree call) {
      return call.getArguments().contains(self);
    }
    if (parent instanceof NewClassTree made) {
      return made.getArguments().contains(self);
    }
    if (parent instanceof AssignmentTree assignment) {
      Element target =
          scope.trees.getElement(new TreePath(at.getParentPath(), assignment.getVariable()));
      return target != null && target.getKind() == ElementKind.FIELD;
    }
    if (parent instanceof VariableTree variable) {
      Element declared = scope.trees.getElement(at.getParentPath());
      return declared != null && declared.getKind() == ElementKind.FIELD;
    }
    return false;
  }

  private void recordFieldWrite(Tree store, TreePath lhsPath, VariableElement field) {
    MethodScope.Holder holder = scope.holder(lhsPath, field);
    scope.summary.fieldWrites.add(
        fieldWrite(
            field,
            field.getSimpleName().toString(),
            field.asType(),
            holder,
            store,
            holder.receiver() == Receiver.FRESH && scope.sharedBefore(lhsPath)));
  }

  private FieldWrite fieldWrite(
      VariableElement field,
      String name,
      TypeMirror type,
      MethodScope.Holder holder,
      Tree store,
      boolean shared) {
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
        shared,
        scope.site(store));
  }

  private void recordArrayStore(Tree store, ExpressionTree lhs, TreePath lhsPath) {
    if (lhs instanceof ArrayAccessTree access) {
      TreePath array = new TreePath(lhsPath, unwrap(access.getExpression()));
      recordElementStore(store, scope.writtenArrayField(array));
      recordPassedArrayWrite(store, array);
      recordParameterWrite(array);
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
    scope.summary.passedArrayWrites.addAll(passedArrayWrites(store, arrayPath));
  }

  /**
   * A store at {@code store} into the array of the local at {@code arrayPath}, for each call the
   * array was passed to before (other than {@code store} itself).
   */
  private List<PassedArrayWrite> passedArrayWrites(Tree store, TreePath arrayPath) {
    Element local = scope.trees.getElement(arrayPath);
    if (local == null || scope.locals.reassigned.contains(local)) {
      return List.of();
    }
    List<PassedArrayWrite> writes = new ArrayList<>();
    for (LocalFacts.Passed passed : scope.locals.passedTo(local)) {
      if (passed.call().getLeaf() != store
          && scope.trees.getElement(passed.call()) instanceof ExecutableElement callee
          && scope.mayFollow(arrayPath, passed.call())) {
        writes.add(
            new PassedArrayWrite(
                scope.names.methodId(callee),
                passed.index(),
                local.getSimpleName().toString(),
                scope.site(store)));
      }
    }
    return writes;
  }

  /**
   * A store into the elements of a primitive-array parameter ({@code a[i] = v}), also through a
   * local that holds the same array.
   */
  private void recordParameterWrite(TreePath arrayPath) {
    if (scope.trees.getTypeMirror(arrayPath) instanceof ArrayType type
        && type.getComponentType().getKind().isPrimitive()) {
      int parameter = scope.origin(arrayPath);
      if (parameter >= 0) {
        scope.summary.writtenParameters.add(parameter);
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
      ArrayElementWrite write = userDataStore(store, array);
      if (write != null) {
        summary.arrayElementWrites.add(write);
      }
    } else {
      summary.fieldWrites.add(
          fieldWrite(
              array.field(),
              array.field().getSimpleName() + FieldWrite.ELEMENTS,
              array.component(),
              holder,
              store,
              false));
      // A record this method made holds what it was made with here; a store into it is not one
      // into an array of some other instance of that record.
      boolean ownRecord =
          holder.receiver() == Receiver.FRESH
              && JavaNames.enclosingType(array.field()).getKind() == ElementKind.RECORD;
      if (array.component().getKind().isPrimitive() && !ownRecord) {
        FieldArrayWrite write = fieldArrayStore(store, array);
        if (write != null) {
          summary.fieldArrayWrites.add(write);
        }
      }
      ArrayElementWrite leaked = ownRecord ? madeWithUserDataArray(store, array) : null;
      if (leaked != null) {
        summary.arrayElementWrites.add(leaked);
      }
    }
  }

  /**
   * A store into the component array of a record this method made ({@code Snap s = new Snap("m",
   * counts); s.counts()[0] = 1}, or {@code new Snap("m", counts).counts()[0] = 1}) when it made the
   * record with a user-data primitive array: a store into that array; else null.
   */
  private ArrayElementWrite madeWithUserDataArray(Tree store, MethodScope.ArrayField array) {
    if (!(array.load().getLeaf() instanceof MemberSelectTree select)) {
      return null;
    }
    TreePath receiver = new TreePath(array.load(), MethodScope.unwrap(select.getExpression()));
    if (!(receiver.getLeaf() instanceof NewClassTree)) {
      receiver = scope.locals.initializer(scope.trees.getElement(receiver));
    }
    if (receiver == null
        || !(receiver.getLeaf() instanceof NewClassTree made)
        || !(scope.trees.getElement(receiver) instanceof ExecutableElement constructor)) {
      return null;
    }
    TypeElement record = scope.implicitCanonical(constructor);
    if (record == null) {
      return null;
    }
    List<? extends RecordComponentElement> components = record.getRecordComponents();
    for (int i = 0; i < components.size() && i < made.getArguments().size(); i++) {
      if (components.get(i).getSimpleName().equals(array.field().getSimpleName())) {
        TreePath argument = new TreePath(receiver, made.getArguments().get(i));
        MethodScope.ArrayField source = scope.writtenArrayField(argument);
        if (source != null
            && source.component().getKind().isPrimitive()
            && scope.holder(source.load(), source.field()).userData()) {
          return userDataStore(store, source);
        }
      }
    }
    return null;
  }

  /** A store into a user-data primitive array, or null when it fills the object being built. */
  private ArrayElementWrite userDataStore(Tree store, MethodScope.ArrayField array) {
    if (scope.isConstructedField(array.load(), (ExpressionTree) array.load().getLeaf())) {
      // A constructor filling an array it allocated for the object it builds: the object's
      // first version is published at the constructor's end, with the array as it is then.
      return null;
    }
    TypeElement owner = JavaNames.enclosingType(array.field());
    return new ArrayElementWrite(
        scope.names.binaryName(owner),
        array.field().getSimpleName().toString(),
        owner.getKind() == ElementKind.RECORD,
        scope.site(store));
  }

  /**
   * A store into a primitive array held in a field outside user data, or null when this body may
   * have given the field a new array before (or is an initializer).
   */
  private FieldArrayWrite fieldArrayStore(Tree store, MethodScope.ArrayField array) {
    if (scope.summary.initializer() || scope.mayHaveReassigned(array.field(), getCurrentPath())) {
      return null;
    }
    return new FieldArrayWrite(
        scope.names.binaryName(JavaNames.enclosingType(array.field())),
        array.field().getSimpleName().toString(),
        scope.site(store));
  }
}

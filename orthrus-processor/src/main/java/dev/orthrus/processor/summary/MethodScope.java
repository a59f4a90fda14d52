package dev.orthrus.processor.summary;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * One method body (or one initializer member) being summarized: the summary the fact scanners fill,
 * what the first pass learned about its locals, and the questions every scanner asks about an
 * expression (whose field it touches, where an object comes from).
 */
final class MethodScope {

  final MethodSummary summary;
  final TypeElement type;
  final LocalFacts locals;

  /**
   * In constructors and initializers: fields of the object under construction that hold objects it
   * allocated.
   */
  final Set<Element> constructedFields;

  final CompilationUnitTree unit;
  final Trees trees;
  final Types types;
  final JavaNames names;
  final Elements elements;
  final JdkCalls jdk;
  private final Set<String> suppressed;
  private final Suppressions.Locals suppressedLocals;

  MethodScope(
      MethodSummary summary,
      TypeElement type,
      LocalFacts locals,
      Set<Element> constructedFields,
      CompilationUnitTree unit,
      Trees trees,
      Elements elements,
      Types types,
      JavaNames names,
      JdkCalls jdk,
      Set<String> suppressed,
      Suppressions.Locals suppressedLocals) {
    this.summary = summary;
    this.type = type;
    this.locals = locals;
    this.constructedFields = constructedFields;
    this.unit = unit;
    this.trees = trees;
    this.types = types;
    this.names = names;
    this.elements = elements;
    this.jdk = jdk;
    this.suppressed = suppressed;
    this.suppressedLocals = suppressedLocals;
  }

  /**
   * Where a fact is, with the {@code @SuppressWarnings} of the method, its classes and enclosing
   * locals.
   */
  Site site(Tree tree) {
    Set<String> local = suppressedLocals.at(unit, tree);
    Set<String> all = suppressed;
    if (!local.isEmpty()) {
      all = new java.util.HashSet<>(suppressed);
      all.addAll(local);
    }
    return new Site(
        tree, unit, MethodSummarizer.positionOf(trees.getSourcePositions(), unit, tree), all);
  }

  /**
   * An array held in a field, and the expression that loads it: the field access itself, or the
   * initializer of a local alias ({@code Item[] b = table.buckets}), which says whose field it is.
   */
  record ArrayField(VariableElement field, TreePath load) {
    TypeMirror component() {
      return ((ArrayType) field.asType()).getComponentType();
    }
  }

  /** Whose field an access touches, as far as one method body can tell. */
  record Holder(Receiver receiver, int parameter, TypeMirror receiverType, boolean userData) {}

  /** The object whose {@code field} the expression at {@code accessPath} denotes. */
  Holder holder(TreePath accessPath, VariableElement field) {
    ExpressionTree access = (ExpressionTree) accessPath.getLeaf();
    TypeElement fieldOwner = JavaNames.enclosingType(field);
    Receiver receiver;
    TypeMirror receiverType;
    int parameter = -1;
    if (field.getModifiers().contains(Modifier.STATIC)) {
      receiver = Receiver.STATIC;
      receiverType = fieldOwner.asType();
    } else if (access instanceof MemberSelectTree select) {
      ExpressionTree expr = unwrap(select.getExpression());
      TreePath exprPath = new TreePath(accessPath, expr);
      receiverType = trees.getTypeMirror(exprPath);
      int origin = origin(exprPath);
      if (isThis(expr) || isSuper(expr)) {
        receiver = summary.initializer() ? Receiver.FRESH : Receiver.THIS;
      } else if (origin == Call.FRESH_ARGUMENT) {
        receiver = Receiver.FRESH;
      } else if (origin >= 0) {
        receiver = Receiver.PARAMETER;
        parameter = origin;
      } else {
        receiver = Receiver.OTHER;
      }
    } else if (isOwnMember(field)) {
      receiver = summary.initializer() ? Receiver.FRESH : Receiver.THIS;
      receiverType = type.asType();
    } else {
      // A field of an enclosing instance, used from an inner class.
      receiver = Receiver.OTHER;
      receiverType = fieldOwner.asType();
    }
    Element receiverElement = receiverType == null ? null : types.asElement(receiverType);
    // A static field is no object's, a user-data class's neither: it is shared state.
    boolean userData =
        receiver != Receiver.STATIC
            && (OrthrusAnnotations.isUserData(fieldOwner)
                || receiverElement != null && OrthrusAnnotations.isUserData(receiverElement));
    return new Holder(receiver, parameter, receiverType, userData);
  }

  /**
   * Where the object an expression denotes comes from: {@link Call#FRESH_ARGUMENT} when this method
   * allocated it, the index of the (never reassigned) parameter it is, or {@link
   * Call#OTHER_ARGUMENT}.
   */
  int origin(TreePath exprPath) {
    ExpressionTree expr = unwrap((ExpressionTree) exprPath.getLeaf());
    if (expr.getKind() == Tree.Kind.NEW_CLASS) {
      return Call.FRESH_ARGUMENT;
    }
    if (expr instanceof MethodInvocationTree
        && trees.getElement(exprPath.getLeaf() == expr ? exprPath : new TreePath(exprPath, expr))
            instanceof ExecutableElement factory
        && Returns.newObject(factory, trees)) {
      // Q.builder(), whose every return is a new expression: a new object, as new Q.Builder() is.
      return Call.FRESH_ARGUMENT;
    }
    if (expr instanceof MethodInvocationTree) {
      TreePath callPath = exprPath.getLeaf() == expr ? exprPath : new TreePath(exprPath, expr);
      if (trees.getElement(callPath) instanceof ExecutableElement chained
          && !chained.getModifiers().contains(Modifier.STATIC)
          && Returns.receiver(chained, trees)
          && receiverOrigin(callPath, chained, new ArrayList<>()) == Call.FRESH_ARGUMENT) {
        // new Res().open(), whose every return is this: the new object it is called on.
        return Call.FRESH_ARGUMENT;
      }
    }
    if (isConstructedField(exprPath, expr)) {
      return Call.FRESH_ARGUMENT;
    }
    if (!(expr instanceof IdentifierTree id)) {
      return Call.OTHER_ARGUMENT;
    }
    if (id.getName().contentEquals("this")) {
      return summary.initializer() ? Call.FRESH_ARGUMENT : Call.OTHER_ARGUMENT;
    }
    Element element = trees.getElement(exprPath);
    if (locals.fresh().contains(element)) {
      return Call.FRESH_ARGUMENT;
    }
    element = element == null ? null : locals.root(element);
    if (locals.fresh().contains(element)) {
      return Call.FRESH_ARGUMENT;
    }
    ExecutableElement method = summary.element();
    if (element != null
        && element.getKind() == ElementKind.PARAMETER
        && method != null
        && !locals.reassigned.contains(element)) {
      int index = method.getParameters().indexOf(element);
      return index >= 0 ? index : Call.OTHER_ARGUMENT;
    }
    return Call.OTHER_ARGUMENT;
  }

  /**
   * Whether the field access at {@code accessPath} goes through a local holding an object this
   * method made ({@link Receiver#FRESH}) and may run after the method handed that object on ({@link
   * LocalFacts#handedOn}, {@link #mayFollow}): the object is no longer only being built.
   */
  boolean sharedBefore(TreePath accessPath) {
    if (!(accessPath.getLeaf() instanceof MemberSelectTree select)
        || !(unwrap(select.getExpression()) instanceof IdentifierTree id)) {
      return false;
    }
    Element local = trees.getElement(new TreePath(accessPath, id));
    if (local == null || !locals.fresh().contains(local)) {
      return false;
    }
    TreePath declared = locals.declarations.get(local);
    for (TreePath handOver : locals.handedOn(local)) {
      if (mayFollow(accessPath, handOver, declared)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code head} or {@code this.head} in a constructor that only ever stores objects it allocated
   * there.
   */
  boolean isConstructedField(TreePath exprPath, ExpressionTree expr) {
    if (constructedFields.isEmpty()) {
      return false;
    }
    return isOwnAccess(expr)
        && constructedFields.contains(
            trees.getElement(exprPath.getLeaf() == expr ? exprPath : new TreePath(exprPath, expr)));
  }

  /**
   * Where the receiver of the instance-method call at {@code callPath} comes from: as {@link
   * #origin} says for an argument, {@link Call#CALLER_RECEIVER} for this method's own receiver, and
   * through a chain of calls that return their receiver ({@code new Builder().name(n).price(p)}). A
   * call of an abstract method on the way ({@code b.currency(c)} of an abstract builder, whose
   * implementation another annotation processor generates), or of an overridable method on an
   * object the sources made, goes into {@code chain}: the data path checks that its implementations
   * in the sources all return their receiver.
   */
  int receiverOrigin(TreePath callPath, ExecutableElement callee, List<Call> chain) {
    if (callee.getModifiers().contains(Modifier.STATIC)) {
      return Call.OTHER_ARGUMENT;
    }
    int own = summary.initializer() ? Call.FRESH_ARGUMENT : Call.CALLER_RECEIVER;
    ExpressionTree select = ((MethodInvocationTree) callPath.getLeaf()).getMethodSelect();
    if (!(select instanceof MemberSelectTree member)) {
      // Unqualified: this object's method, unless it belongs to an enclosing instance.
      return isOwnMember(callee) ? own : Call.OTHER_ARGUMENT;
    }
    ExpressionTree expr = unwrap(member.getExpression());
    TreePath exprPath = new TreePath(new TreePath(callPath, select), expr);
    if (isThis(expr) || isSuper(expr)) {
      return own;
    }
    if (expr instanceof MethodInvocationTree
        && trees.getElement(exprPath) instanceof ExecutableElement inner
        && !inner.getModifiers().contains(Modifier.STATIC)) {
      if (Returns.receiver(inner, trees)) {
        return receiverOrigin(exprPath, inner, chain);
      }
      // An abstract method's implementations are all in the sources as far as the data path goes
      // (a generated builder's).
      if (inner.getModifiers().contains(Modifier.ABSTRACT)) {
        chain.add(chained(exprPath, inner));
        return receiverOrigin(exprPath, inner, chain);
      }
      // An overridable method with a body, on an object the sources made (new, a factory of
      // new objects, a local holding one: Lombok's builder().id(1).owner(o)): the object's class
      // is one the sources name, so the implementations the call may run are the sources' too.
      List<Call> longer = new ArrayList<>(chain);
      longer.add(chained(exprPath, inner));
      if (receiverOrigin(exprPath, inner, longer) == Call.FRESH_ARGUMENT) {
        chain.clear();
        chain.addAll(longer);
        return Call.FRESH_ARGUMENT;
      }
    }
    return origin(exprPath);
  }

  /** The call at {@code path} of {@code method}, as the data path resolves what it may run. */
  private Call chained(TreePath path, ExecutableElement method) {
    TypeMirror receiver =
        receiverType(path, ((MethodInvocationTree) path.getLeaf()).getMethodSelect(), method);
    return new Call(
        names.methodId(method),
        method,
        site(path.getLeaf()),
        List.of(),
        Call.OTHER_ARGUMENT,
        classOf(receiver));
  }

  /** The class or interface of {@code type} once erased, or null (a primitive, an array, none). */
  TypeElement classOf(TypeMirror type) {
    return type != null
            && types.erasure(type) instanceof DeclaredType declared
            && declared.asElement() instanceof TypeElement element
        ? element
        : null;
  }

  /**
   * A member of this method's class or one it inherits, as opposed to one of an enclosing
   * instance's class (used unqualified from an inner class).
   */
  private boolean isOwnMember(Element member) {
    TypeElement owner = JavaNames.enclosingType(member);
    return types.isSubtype(types.erasure(type.asType()), types.erasure(owner.asType()));
  }

  /** {@code super} in {@code super.f}: the object the code runs on. */
  static boolean isSuper(ExpressionTree expr) {
    return expr instanceof IdentifierTree id && id.getName().contentEquals("super");
  }

  /** {@code this}, possibly parenthesized. */
  static boolean isThis(ExpressionTree expr) {
    return unwrap(expr) instanceof IdentifierTree id && id.getName().contentEquals("this");
  }

  /** {@code f} or {@code this.f}: a member named as one of the object the code runs on. */
  static boolean isOwnAccess(ExpressionTree expr) {
    return expr instanceof IdentifierTree
        || expr instanceof MemberSelectTree select && isThis(select.getExpression());
  }

  /** The origin of each argument of a call or {@code new} written at {@code callPath}. */
  List<Integer> origins(TreePath callPath, List<? extends ExpressionTree> arguments) {
    List<Integer> result = new ArrayList<>(arguments.size());
    for (ExpressionTree argument : arguments) {
      result.add(origin(new TreePath(callPath, argument)));
    }
    return result;
  }

  /**
   * The array field this expression loads, or null: directly, through a local that always holds it,
   * through a choice one of whose branches does ({@code mine ? xs : new int[3]}), through a getter
   * of the program that returns it ({@code values()} returning {@code xs}), or through a local
   * whose last assignment before the expression gives it ({@code a = xs; Arrays.sort(a)}).
   */
  ArrayField arrayField(TreePath exprPath) {
    return arrayField(exprPath, 0);
  }

  private ArrayField arrayField(TreePath exprPath, int depth) {
    ExpressionTree expression = unwrap((ExpressionTree) exprPath.getLeaf());
    TreePath at = new TreePath(exprPath.getParentPath(), expression);
    if (expression instanceof ConditionalExpressionTree choice && depth < 4) {
      ArrayField chosen = arrayField(new TreePath(at, choice.getTrueExpression()), depth + 1);
      return chosen != null
          ? chosen
          : arrayField(new TreePath(at, choice.getFalseExpression()), depth + 1);
    }
    Element element = trees.getElement(at);
    if (element == null) {
      return null;
    }
    if (element.getKind() == ElementKind.FIELD && element.asType().getKind() == TypeKind.ARRAY) {
      return new ArrayField((VariableElement) element, at);
    }
    TreePath alias = locals.aliases().get(element);
    if (alias != null) {
      return new ArrayField((VariableElement) trees.getElement(alias), alias);
    }
    if (depth >= 4) {
      return null;
    }
    if (element.getKind() == ElementKind.LOCAL_VARIABLE
        && element.asType().getKind() == TypeKind.ARRAY) {
      TreePath last = locals.lastValueBefore(element, at, trees.getSourcePositions(), unit);
      return last == null ? null : arrayField(last, depth + 1);
    }
    if (expression instanceof MethodInvocationTree call
        && element instanceof ExecutableElement m
        && m.getReturnType().getKind() == TypeKind.ARRAY) {
      ArrayField component = recordComponent(m, new TreePath(at, call.getMethodSelect()));
      return component != null ? component : getterOf(m);
    }
    return null;
  }

  /**
   * The array field of a record component whose accessor {@code method} is the implicit one, which
   * returns the field as it is; the access is the call's method select ({@code w.counts}), so that
   * its receiver is the call's. Null for any other method, and for an accessor the record declares
   * (its body says what it returns, as a getter's does).
   */
  private ArrayField recordComponent(ExecutableElement method, TreePath select) {
    TypeElement owner = JavaNames.enclosingType(method);
    if (owner.getKind() != ElementKind.RECORD || !method.getParameters().isEmpty()) {
      return null;
    }
    for (RecordComponentElement component : owner.getRecordComponents()) {
      if (method.equals(component.getAccessor()) && implicit(method)) {
        for (VariableElement field : ElementFilter.fieldsIn(owner.getEnclosedElements())) {
          if (field.getSimpleName().equals(component.getSimpleName())
              && !field.getModifiers().contains(Modifier.STATIC)) {
            return new ArrayField(field, select);
          }
        }
      }
    }
    return null;
  }

  /**
   * The record whose implicit canonical constructor {@code constructor} is, which stores each
   * argument into its component as it is; null for any other constructor or method.
   */
  TypeElement implicitCanonical(ExecutableElement constructor) {
    TypeElement record = JavaNames.enclosingType(constructor);
    return constructor.getKind() == ElementKind.CONSTRUCTOR
            && record.getKind() == ElementKind.RECORD
            && implicit(constructor)
            && constructor.getParameters().size() == record.getRecordComponents().size()
        ? record
        : null;
  }

  /**
   * Whether javac made {@code method} (a record's accessor or canonical constructor) rather than
   * the source declaring it.
   */
  boolean implicit(ExecutableElement method) {
    if (elements.getOrigin(method) == Elements.Origin.MANDATED) {
      return true;
    }
    MethodTree tree = trees.getTree(method);
    return tree == null
        || tree.getBody() == null
        || trees.getSourcePositions().getStartPosition(unit, tree.getBody()) < 0;
  }

  /** The array field a method of the program returns as it is ({@code return xs;}), or null. */
  private ArrayField getterOf(ExecutableElement method) {
    TreePath declaration = trees.getPath(method);
    if (declaration == null
        || !(declaration.getLeaf() instanceof MethodTree tree)
        || tree.getBody() == null) {
      return null;
    }
    for (ExpressionTree r : Returns.of(tree)) {
      TreePath returned = r == null ? null : TreePath.getPath(declaration, unwrap(r));
      Element element = returned == null ? null : trees.getElement(returned);
      if (element != null
          && element.getKind() == ElementKind.FIELD
          && element.asType().getKind() == TypeKind.ARRAY) {
        return new ArrayField((VariableElement) element, returned);
      }
    }
    return null;
  }

  /**
   * The array field an element store into the expression at {@code exprPath} writes: the field's
   * array as {@link #arrayField} finds it, or a primitive array a local was stored into a field
   * before ({@code s.xs = c; c[0] = 42}, or in a loop around both), whose owner's version then
   * holds it. A store before the assignment fills the array before it is shared and is not one.
   */
  ArrayField writtenArrayField(TreePath exprPath) {
    ArrayField loaded = arrayField(exprPath);
    if (loaded != null) {
      return loaded;
    }
    Element local = trees.getElement(exprPath);
    if (local == null || locals.reassigned.contains(local)) {
      return null;
    }
    for (TreePath assignment : locals.storedInto(local)) {
      if (assignment.getLeaf() instanceof AssignmentTree store
          && trees.getElement(new TreePath(assignment, unwrap(store.getVariable())))
              instanceof VariableElement field
          && ((ArrayType) field.asType()).getComponentType().getKind().isPrimitive()
          && mayFollow(exprPath, assignment, locals.declarations.get(local))) {
        return new ArrayField(field, new TreePath(assignment, unwrap(store.getVariable())));
      }
    }
    return null;
  }

  /** Whether {@code tree} holds the code at {@code path}. */
  private boolean encloses(Tree tree, TreePath path) {
    if (path == null) {
      return false;
    }
    SourcePositions positions = trees.getSourcePositions();
    long at = positions.getStartPosition(unit, path.getLeaf());
    return positions.getStartPosition(unit, tree) <= at
        && at < positions.getEndPosition(unit, tree);
  }

  /**
   * Whether this body may have assigned {@code field} a new array before the code at {@code use}.
   */
  boolean mayHaveReassigned(Element field, TreePath use) {
    for (TreePath assignment : locals.fieldAssignments.getOrDefault(field, List.of())) {
      if (mayFollow(use, assignment)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the code at {@code use} may run after {@code earlier} in one execution of the body. */
  boolean mayFollow(TreePath use, TreePath earlier) {
    return mayFollow(use, earlier, null);
  }

  /**
   * {@link #mayFollow(TreePath, TreePath)} for a use of a local declared at {@code declared}: a
   * later iteration of a loop that declares the local works on a new one ({@code for (...) { long[]
   * st = new long[3]; st[0] = 1; s.xs = st; }}).
   */
  boolean mayFollow(TreePath use, TreePath earlier, TreePath declared) {
    SourcePositions positions = trees.getSourcePositions();
    long at = positions.getStartPosition(unit, use.getLeaf());
    long then = positions.getStartPosition(unit, earlier.getLeaf());
    if (at > then) {
      return true;
    }
    for (TreePath p = use; p != null; p = p.getParentPath()) {
      Tree t = p.getLeaf();
      boolean holdsBoth =
          positions.getStartPosition(unit, t) <= then && then < positions.getEndPosition(unit, t);
      switch (t.getKind()) {
        case FOR_LOOP, ENHANCED_FOR_LOOP, WHILE_LOOP, DO_WHILE_LOOP -> {
          if (holdsBoth && !encloses(t, declared)) {
            return true; // a later iteration
          }
        }
        case LAMBDA_EXPRESSION, CLASS, METHOD -> {
          // Code in a lambda or class the store is not in may run whenever it is called.
          return !holdsBoth;
        }
        default -> {}
      }
    }
    return false;
  }

  /**
   * The static type of a call's receiver: the qualifying expression's type, or for an unqualified
   * call the enclosing class (instance methods it inherits) or the declaring class.
   */
  TypeMirror receiverType(TreePath callPath, ExpressionTree select, ExecutableElement callee) {
    return jdk.receiverType(trees, callPath, select, callee, type);
  }

  /**
   * {@code type}, or the supertype of it that is the class or interface named {@code name} (a
   * qualified name), with its type arguments ({@code Map<String, Job>} of a {@code HashMap<String,
   * Job>}); null when {@code type} is not one.
   */
  DeclaredType asSuper(TypeMirror type, String name) {
    if (type instanceof DeclaredType declared
        && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(name)) {
      return declared;
    }
    for (TypeMirror sup : types.directSupertypes(type)) {
      DeclaredType found = asSuper(sup, name);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * What an expression takes out of another object it reads, stripped: a cast ({@code
   * (List<String>) a.payload}), an array element ({@code a.slots[0]}), and what a JDK container or
   * holder gives of what it holds ({@code a.opt.get()}, {@code a.entry.getValue()}, {@code
   * a.lists.get(0)}, {@code a.queue.peek()}): the path of the innermost expression, whose object
   * holds the result.
   */
  static TreePath holder(Trees trees, TreePath path) {
    TreePath at = path;
    while (true) {
      ExpressionTree leaf = unwrap((ExpressionTree) at.getLeaf());
      if (leaf != at.getLeaf()) {
        at = new TreePath(at, leaf);
      }
      ExpressionTree inner = null;
      if (leaf instanceof TypeCastTree cast) {
        inner = cast.getExpression();
      } else if (leaf instanceof ArrayAccessTree element) {
        inner = element.getExpression();
      } else if (leaf instanceof MethodInvocationTree call
          && call.getMethodSelect() instanceof MemberSelectTree select
          && trees.getElement(at) instanceof ExecutableElement method
          && !method.getModifiers().contains(Modifier.STATIC)
          && JavaNames.isJdk(JavaNames.enclosingType(method))
          // A supplier's get() computes its answer (ArrayList::new), it does not hold it.
          && JavaNames.enclosingType(method).getAnnotation(FunctionalInterface.class) == null
          && HOLDER_ACCESSORS.contains(method.getSimpleName().toString())) {
        inner = select.getExpression();
      }
      if (inner == null) {
        return at;
      }
      at = new TreePath(at, inner);
    }
  }

  /** The JDK methods that give an object their receiver holds ({@link #holder}). */
  private static final Set<String> HOLDER_ACCESSORS =
      Set.of(
          "get",
          "getValue",
          "getKey",
          "orElse",
          "orElseThrow",
          "getFirst",
          "getLast",
          "peek",
          "peekFirst",
          "peekLast",
          "element",
          "firstElement",
          "lastElement");

  static ExpressionTree unwrap(ExpressionTree tree) {
    ExpressionTree t = tree;
    while (t instanceof ParenthesizedTree p) {
      t = p.getExpression();
    }
    return t;
  }

  static boolean isFloat(TypeMirror type) {
    return type != null && (type.getKind() == TypeKind.FLOAT || type.getKind() == TypeKind.DOUBLE);
  }
}

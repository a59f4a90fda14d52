package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.unwrap;

import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.SynchronizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCategory;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;

/**
 * Uses of JDK facilities a closure must not depend on blindly: threads, I/O, locks, clocks,
 * randomness, identity hash codes, hash-ordered iteration and math intrinsics.
 */
final class JdkUseScanner extends BodyScanner {

  private static final Set<String> HASH_VIEWS = Set.of("keySet", "values", "entrySet");

  /** Calls on a collection that visit its elements in its order. */
  private static final Set<String> ITERATING =
      Set.of("forEach", "iterator", "spliterator", "stream", "parallelStream", "toArray");

  /** Collections whose copy constructor keeps the order the copied collection iterates in. */
  private static final Set<String> ORDERED_COPIES =
      Set.of(
          "java.util.ArrayList",
          "java.util.LinkedList",
          "java.util.ArrayDeque",
          "java.util.Vector",
          "java.util.LinkedHashSet",
          "java.util.LinkedHashMap");

  /**
   * Collectors whose result is hashed by its keys ({@code HashSet}, {@code HashMap}, or an
   * immutable set or map): taken with one or two arguments only, since a third or fourth may give
   * the map to fill.
   */
  private static final Set<String> HASHING_COLLECTORS =
      Set.of(
          "toSet",
          "toUnmodifiableSet",
          "groupingBy",
          "groupingByConcurrent",
          "toMap",
          "toUnmodifiableMap",
          "toConcurrentMap");

  JdkUseScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
      TypeMirror receiver = scope.receiverType(getCurrentPath(), node.getMethodSelect(), callee);
      classifyCall(node, callee, receiver);
      String name = callee.getSimpleName().toString();
      if (ITERATING.contains(name) && node.getMethodSelect() instanceof MemberSelectTree select) {
        checkHashOrder(
            new TreePath(new TreePath(getCurrentPath(), select), select.getExpression()), node);
      }
      String owner = JavaNames.enclosingType(callee).getQualifiedName().toString();
      if (owner.equals("java.util.List") && name.equals("copyOf")
          || owner.equals("java.lang.String") && name.equals("join")) {
        // List.copyOf(set), String.join(",", set): a copy or a text in the set's order.
        ExpressionTree copied = node.getArguments().get(node.getArguments().size() - 1);
        checkHashOrder(new TreePath(getCurrentPath(), copied), node);
      }
    }
    return super.visitMethodInvocation(node, unused);
  }

  /**
   * A method reference makes its call wherever the functional interface is invoked ({@code
   * map(Thread::getName)}), inside the closure as a written call would: classified as that call.
   */
  @Override
  public Void visitMemberReference(MemberReferenceTree node, Void unused) {
    if (node.getMode() == MemberReferenceTree.ReferenceMode.INVOKE
        && scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
      TypeMirror receiver =
          callee.getModifiers().contains(Modifier.STATIC)
              ? null
              : scope.trees.getTypeMirror(
                  new TreePath(getCurrentPath(), node.getQualifierExpression()));
      classifyCall(node, callee, receiver);
    }
    return super.visitMemberReference(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor) {
      classifyCall(node, constructor, null);
      String made = JavaNames.enclosingType(constructor).getQualifiedName().toString();
      if (ORDERED_COPIES.contains(made) && node.getArguments().size() == 1) {
        // new ArrayList<>(set): a list in the set's order.
        checkHashOrder(new TreePath(getCurrentPath(), node.getArguments().get(0)), node);
      }
    }
    return super.visitNewClass(node, unused);
  }

  @Override
  public Void visitSynchronized(SynchronizedTree node, Void unused) {
    use(JdkCategory.LOCK, "synchronized", node);
    return super.visitSynchronized(node, unused);
  }

  @Override
  public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
    checkHashOrder(pathOf(unwrap(node.getExpression())), node);
    return super.visitEnhancedForLoop(node, unused);
  }

  @Override
  public Void visitIdentifier(IdentifierTree node, Void unused) {
    checkStandardStream(node);
    return null;
  }

  @Override
  public Void visitMemberSelect(MemberSelectTree node, Void unused) {
    checkStandardStream(node);
    return super.visitMemberSelect(node, unused);
  }

  private void use(JdkCategory category, String target, Tree at) {
    scope.summary.apiUses.add(new ApiUse(category, target, scope.site(at)));
  }

  /** {@code System.out}, {@code System.err}, {@code System.in}. */
  private void checkStandardStream(ExpressionTree node) {
    Element element = scope.trees.getElement(getCurrentPath());
    if (element != null
        && element.getKind() == ElementKind.FIELD
        && JavaNames.enclosingType(element).getQualifiedName().contentEquals("java.lang.System")
        && Set.of("out", "err", "in").contains(element.getSimpleName().toString())) {
      use(JdkCategory.IO, "java.lang.System." + element.getSimpleName(), node);
    }
  }

  private void classifyCall(Tree node, ExecutableElement callee, TypeMirror receiver) {
    JdkApi use =
        JdkApis.finding(
            scope.jdk.call(
                callee, receiver, () -> freshReceiver(node), () -> inMemoryArgument(node)));
    // Hash order is decided from the iterated collection's key type (checkHashOrder), which the
    // call alone does not show.
    if (use != null && use.category() != JdkCategory.HASH_ORDER) {
      String target = scope.jdk.target(callee, receiver);
      scope.summary.apiUses.add(
          new ApiUse(use.category(), use.handling(), target, scope.site(node)));
    }
  }

  /**
   * A constructor's argument is an in-memory stream: by its static type, made right there ({@code
   * new DataOutputStream(new ByteArrayOutputStream())}), or a local only ever made as one.
   */
  private boolean inMemoryArgument(Tree node) {
    if (!(node instanceof NewClassTree made)) {
      return false;
    }
    for (ExpressionTree argument : made.getArguments()) {
      TreePath path = new TreePath(getCurrentPath(), unwrap(argument));
      TypeMirror type = scope.trees.getTypeMirror(path);
      Element element = scope.trees.getElement(path);
      TypeMirror allocated = element == null ? null : scope.locals.allocations.get(element);
      if (inMemory(type)
          || element != null && scope.locals.fresh().contains(element) && inMemory(allocated)) {
        return true;
      }
    }
    return false;
  }

  private boolean inMemory(TypeMirror type) {
    return type != null && JdkApis.isInMemoryStream(api -> scope.jdk.isA(type, api));
  }

  private boolean freshReceiver(Tree node) {
    if (!(node instanceof MethodInvocationTree call)
        || !(call.getMethodSelect() instanceof MemberSelectTree select)) {
      return false;
    }
    ExpressionTree receiver = unwrap(select.getExpression());
    if (receiver.getKind() == Tree.Kind.NEW_CLASS) {
      return true;
    }
    Element element =
        scope.trees.getElement(new TreePath(new TreePath(getCurrentPath(), select), receiver));
    return receiver instanceof IdentifierTree
        && element != null
        && scope.locals.fresh().contains(element);
  }

  /**
   * Iteration over a hash-ordered collection whose keys hash by identity (an error: the order
   * cannot be recorded).
   */
  private void checkHashOrder(TreePath collectionPath, Tree at) {
    ExpressionTree collection = unwrap((ExpressionTree) collectionPath.getLeaf());
    TypeMirror type = scope.trees.getTypeMirror(collectionPath);
    TypeMirror key = hashOrderedKey(type);
    TreePath viewed = viewedCollection(collectionPath, collection);
    if (key == null && viewed != null) {
      key = hashOrderedKey(scope.trees.getTypeMirror(viewed));
    }
    if (key == null) {
      key = hashOrderedKey(allocatedType(collectionPath));
    }
    if (key == null && viewed != null) {
      key = hashOrderedKey(allocatedType(viewed));
    }
    if (key == null) {
      key = hashedOrigin(collectionPath, 0);
    }
    if (key == null && viewed != null) {
      key = hashedOrigin(viewed, 0);
    }
    if (key == null) {
      return;
    }
    String target = "iteration over " + scope.names.erased(type);
    if (key.getKind() == TypeKind.NONE || scope.jdk.identityOrdered(key)) {
      use(JdkCategory.HASH_ORDER, target, at);
    } else if (key instanceof TypeVariable variable && scope.summary.element() != null) {
      // A generic helper's set of T, or a generic class's: its callers say what T is
      // (IdentityHashOrderRule).
      ExecutableElement method = scope.summary.element();
      int own = method.getTypeParameters().indexOf(variable.asElement());
      int ofClass =
          method.getModifiers().contains(Modifier.STATIC)
              ? -1
              : JavaNames.enclosingType(method).getTypeParameters().indexOf(variable.asElement());
      if (own >= 0 || ofClass >= 0) {
        scope.summary.typeParameterHashOrders.add(
            new TypeParameterHashOrder(own >= 0 ? own : ofClass, own < 0, target, scope.site(at)));
      }
    }
  }

  /**
   * The key type of a set or map the expression gives when where it was made says it is hashed by
   * its keys, though its own type is an interface: a local initialized (and never assigned again)
   * with such a value, a method of the program that returns one ({@code Set<Span> spans(d)}
   * returning a {@code new HashSet<>()}), {@code Set.of}, {@code Set.copyOf}, {@code Map.of},
   * {@code Map.copyOf}, {@code Map.ofEntries}, and a stream collected {@code toSet()}, {@code
   * groupingBy(f)}, {@code toMap(k, v)}. Null when none of these.
   */
  private TypeMirror hashedOrigin(TreePath path, int depth) {
    if (path == null || depth > 6) {
      return null;
    }
    ExpressionTree expression = unwrap((ExpressionTree) path.getLeaf());
    TreePath at = new TreePath(path.getParentPath(), expression);
    TypeMirror type = scope.trees.getTypeMirror(at);
    TypeMirror key = hashOrderedKey(type);
    if (key != null) {
      return key;
    }
    Element element = scope.trees.getElement(at);
    if (element != null && element.getKind() == ElementKind.LOCAL_VARIABLE) {
      TreePath initializer = scope.locals.initializer(element); // null when reassigned
      return initializer != null
          ? hashedOrigin(initializer, depth + 1)
          : persistentLocalOrigin(element, depth);
    }
    if (!(expression instanceof MethodInvocationTree call)
        || !(element instanceof ExecutableElement method)) {
      return null;
    }
    String owner = JavaNames.enclosingType(method).getQualifiedName().toString();
    String name = method.getSimpleName().toString();
    if (PERSISTENT_HASHED.contains(owner)) {
      // HashTreePSet.empty(), HashTreePMap.from(m): hashed by their keys.
      return firstTypeArgument(type);
    }
    if (persistentStep(call, owner, name)) {
      // s.plus(x) of a hashed persistent collection: another one like it.
      return hashedOrigin(receiverOf(at, call), depth + 1);
    }
    if ((owner.equals("java.util.Set") || owner.equals("java.util.Map"))
        && Set.of("of", "copyOf", "ofEntries").contains(name)) {
      return firstTypeArgument(type);
    }
    if (name.equals("collect")
        && call.getArguments().size() == 1
        && unwrap(call.getArguments().get(0)) instanceof MethodInvocationTree collector
        && scope.trees.getElement(new TreePath(at, collector)) instanceof ExecutableElement c
        && JavaNames.enclosingType(c)
            .getQualifiedName()
            .contentEquals("java.util.stream.Collectors")
        && HASHING_COLLECTORS.contains(c.getSimpleName().toString())
        && collector.getArguments().size() <= 2) {
      return firstTypeArgument(type);
    }
    if (owner.startsWith("java.") || owner.startsWith("javax.")) {
      return null;
    }
    // A method of the program: what its returns give.
    TreePath declaration = scope.trees.getPath(method);
    if (declaration == null
        || !(declaration.getLeaf() instanceof MethodTree body)
        || body.getBody() == null) {
      return null;
    }
    for (ExpressionTree r : Returns.of(body)) {
      TypeMirror found =
          r == null ? null : hashedOriginIn(method, TreePath.getPath(declaration, r), depth + 1);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Factories of pcollections' hash-ordered collections ({@code HashTreePSet.empty()}: a {@code
   * MapPSet} over a {@code HashPMap}, iterated in its keys' hash order).
   */
  private static final Set<String> PERSISTENT_HASHED =
      Set.of(
          "org.pcollections.HashTreePSet",
          "org.pcollections.HashTreePMap",
          "org.pcollections.HashTreePBag");

  /** Calls of a persistent collection that give another of the same kind. */
  private static final Set<String> PERSISTENT_STEPS =
      Set.of("plus", "plusAll", "minus", "minusAll", "intersect");

  private static boolean persistentStep(MethodInvocationTree call, String owner, String name) {
    return JdkApis.isPersistent(owner)
        && PERSISTENT_STEPS.contains(name)
        && call.getMethodSelect() instanceof MemberSelectTree;
  }

  private static TreePath receiverOf(TreePath at, MethodInvocationTree call) {
    MemberSelectTree select = (MemberSelectTree) call.getMethodSelect();
    return new TreePath(new TreePath(at, select), unwrap(select.getExpression()));
  }

  /**
   * The key type of a local a persistent collection is built up in ({@code s = s.plus(x)}): every
   * value it is given is a hashed origin or a step of the local itself, and one is a hashed origin.
   */
  private TypeMirror persistentLocalOrigin(Element local, int depth) {
    TypeMirror key = null;
    for (TreePath value : scope.locals.values(local)) {
      ExpressionTree expression = unwrap((ExpressionTree) value.getLeaf());
      TreePath at = new TreePath(value.getParentPath(), expression);
      if (expression instanceof MethodInvocationTree call
          && scope.trees.getElement(at) instanceof ExecutableElement step
          && persistentStep(
              call,
              JavaNames.enclosingType(step).getQualifiedName().toString(),
              step.getSimpleName().toString())
          && scope.trees.getElement(receiverOf(at, call)) == local) {
        continue;
      }
      TypeMirror found = hashedOrigin(at, depth + 1);
      if (found == null) {
        return null;
      }
      key = found;
    }
    return key;
  }

  /**
   * {@link #hashedOrigin} of a return of another method, whose locals this scope's first pass did
   * not see: its own {@code new HashSet<>()}, or a local of it initialized with one.
   */
  private TypeMirror hashedOriginIn(ExecutableElement method, TreePath returned, int depth) {
    ExpressionTree expression = unwrap((ExpressionTree) returned.getLeaf());
    TreePath at = new TreePath(returned.getParentPath(), expression);
    Element element = scope.trees.getElement(at);
    if (element == null || element.getKind() != ElementKind.LOCAL_VARIABLE) {
      return hashedOrigin(at, depth);
    }
    TypeMirror key = hashOrderedKey(scope.trees.getTypeMirror(at));
    if (key != null) {
      return key;
    }
    LocalFacts theirs = new LocalFacts(scope.trees).of(scope.trees.getPath(method));
    TreePath initializer = theirs.initializer(element);
    return initializer == null ? null : hashOrderedKey(scope.trees.getTypeMirror(initializer));
  }

  /** {@code E} of a {@code Set<E>}, {@code K} of a {@code Map<K, V>}; else null. */
  private TypeMirror firstTypeArgument(TypeMirror type) {
    for (String collection : List.of("java.util.Set", "java.util.Map")) {
      DeclaredType sup = scope.asSuper(type, collection);
      if (sup != null && !sup.getTypeArguments().isEmpty()) {
        return sup.getTypeArguments().get(0);
      }
    }
    return null;
  }

  /** For {@code map.keySet()}, {@code values()}, {@code entrySet()}: the path of {@code map}. */
  private static TreePath viewedCollection(TreePath collectionPath, ExpressionTree collection) {
    if (collection instanceof MethodInvocationTree view
        && view.getMethodSelect() instanceof MemberSelectTree select
        && HASH_VIEWS.contains(select.getIdentifier().toString())) {
      return new TreePath(
          new TreePath(new TreePath(collectionPath, view), select), select.getExpression());
    }
    return null;
  }

  /**
   * For a variable declared with an interface type ({@code Set<K> keys = new HashSet<>()}), the
   * type it was initialized with: a field of this class, or a local of this method.
   */
  private TypeMirror allocatedType(TreePath expression) {
    Element variable = scope.trees.getElement(expression);
    if (variable == null) {
      return null;
    }
    if (variable.getKind() == ElementKind.LOCAL_VARIABLE) {
      return scope.locals.allocations.get(variable);
    }
    if (variable.getKind() != ElementKind.FIELD
        || !JavaNames.topLevelType(variable).equals(JavaNames.topLevelType(scope.type))) {
      return null; // other classes may already be lowered
    }
    TreePath declaration = scope.trees.getPath(variable);
    if (declaration == null
        || !(declaration.getLeaf() instanceof VariableTree field)
        || field.getInitializer() == null
        || field.getInitializer().getKind() != Tree.Kind.NEW_CLASS) {
      return null;
    }
    return scope.trees.getTypeMirror(new TreePath(declaration, field.getInitializer()));
  }

  /**
   * The key type of a collection iterated in its keys' hash order (insertion-ordered variants
   * excluded), {@code NONE} for one always in identity-hash order, null for anything else.
   */
  private TypeMirror hashOrderedKey(TypeMirror type) {
    if (type == null || type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    JdkApis.HashOrder order = JdkApis.hashOrder(api -> scope.jdk.isA(type, api));
    if (order == JdkApis.HashOrder.IDENTITY) {
      return scope.types.getNoType(TypeKind.NONE);
    }
    if (order == JdkApis.HashOrder.KEY_HASH) {
      for (String hashed : JdkApis.hashedByKey()) {
        DeclaredType sup = scope.asSuper(type, hashed);
        if (sup != null) {
          return sup.getTypeArguments().isEmpty() ? null : sup.getTypeArguments().get(0);
        }
      }
    }
    return null;
  }
}

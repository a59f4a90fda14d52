package dev.orthrus.processor.summary;

import static dev.orthrus.processor.summary.MethodScope.unwrap;

import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
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
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Uses of JDK facilities a closure must not depend on blindly: threads, I/O, locks, clocks,
 * randomness, identity hash codes, hash-ordered iteration and math intrinsics.
 */
final class JdkUseScanner extends BodyScanner {

  private static final Set<String> HASH_VIEWS = Set.of("keySet", "values", "entrySet");

  JdkUseScanner(MethodScope scope) {
    super(scope);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement callee) {
      TypeMirror receiver = scope.receiverType(getCurrentPath(), node.getMethodSelect(), callee);
      classifyCall(node, callee, receiver);
      String name = callee.getSimpleName().toString();
      if (Set.of("forEach", "iterator", "spliterator", "stream", "toArray").contains(name)
          && node.getMethodSelect() instanceof MemberSelectTree select) {
        checkHashOrder(
            new TreePath(new TreePath(getCurrentPath(), select), select.getExpression()), node);
      }
    }
    return super.visitMethodInvocation(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    if (scope.trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor) {
      classifyCall(node, constructor, null);
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
    // Enum constants are the same objects in APP and VAL, so their identity-hash order is too.
    if (key != null
        && (key.getKind() == TypeKind.NONE
            || scope.jdk.identityHashed(key)
                && scope.types.asElement(key).getKind() != ElementKind.ENUM)) {
      use(JdkCategory.HASH_ORDER, "iteration over " + scope.names.erased(type), at);
    }
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
      for (String hashed : List.of("java.util.HashMap", "java.util.HashSet")) {
        DeclaredType sup = asSuper(type, hashed);
        if (sup != null) {
          return sup.getTypeArguments().isEmpty() ? null : sup.getTypeArguments().get(0);
        }
      }
    }
    return null;
  }

  private DeclaredType asSuper(TypeMirror type, String name) {
    if (type instanceof DeclaredType declared
        && ((TypeElement) declared.asElement()).getQualifiedName().contentEquals(name)) {
      return declared;
    }
    for (TypeMirror sup : scope.types.directSupertypes(type)) {
      DeclaredType found = asSuper(sup, name);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}

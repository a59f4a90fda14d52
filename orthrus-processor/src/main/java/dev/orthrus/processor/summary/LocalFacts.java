package dev.orthrus.processor.summary;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * First pass over a method body: which locals only ever hold objects allocated right here, which
 * locals alias an array field ({@code byte[] v = item.value}, {@code Item[] b = table.buckets}),
 * which array locals were stored into a field ({@code s.xs = c}), and what type each local was
 * initialized with by {@code new}.
 */
final class LocalFacts extends TreePathScanner<Void, Void> {

  private final Trees trees;
  private final Map<Element, Boolean> onlyNew = new HashMap<>();
  private final Map<Element, TreePath> aliasCandidates = new HashMap<>();
  private final Map<Element, TreePath> fieldAliasCandidates = new HashMap<>();
  private final Map<Element, Element> copyCandidates = new HashMap<>();
  final Set<Element> reassigned = new HashSet<>();
  final Map<Element, TypeMirror> allocations = new HashMap<>();
  private Set<Element> fresh;
  private Map<Element, TreePath> aliases;
  private Map<Element, TreePath> fieldAliases;

  /** Array locals (and parameters) stored into a field: the first such assignment's path. */
  private final Map<Element, TreePath> storedInto = new HashMap<>();

  /** Primitive-array locals (and parameters) passed as an argument: each call and the index. */
  private final Map<Element, List<Passed>> passedTo = new HashMap<>();

  /** Where each local is declared. */
  final Map<Element, TreePath> declarations = new HashMap<>();

  /** Every value each local is given: its initializer and the right side of each assignment. */
  private final Map<Element, List<TreePath>> values = new HashMap<>();

  /** Array fields this body assigns ({@code buffer = new byte[n]}): each assignment's path. */
  final Map<Element, List<TreePath>> fieldAssignments = new HashMap<>();

  /** Where each local's object is handed to code that keeps it ({@link #handsOn}). */
  private final Map<Element, List<TreePath>> shared = new HashMap<>();

  /** A call that got a local's array as its argument {@code index}. */
  record Passed(TreePath call, int index) {}

  LocalFacts(Trees trees) {
    this.trees = trees;
  }

  /**
   * Scans the body (or initializer) at {@code path}; an empty scan describes a method without one.
   */
  LocalFacts of(TreePath path) {
    scan(path, null);
    return this;
  }

  @Override
  public Void visitClass(ClassTree node, Void unused) {
    return null; // nested class bodies have their own methods and locals
  }

  @Override
  public Void visitVariable(VariableTree node, Void unused) {
    Element local = trees.getElement(getCurrentPath());
    if (local != null) {
      declarations.put(local, getCurrentPath());
    }
    if (local != null && node.getInitializer() != null) {
      ExpressionTree init = MethodScope.unwrap(node.getInitializer());
      values
          .computeIfAbsent(local, k -> new ArrayList<>())
          .add(new TreePath(getCurrentPath(), node.getInitializer()));
      onlyNew.merge(
          local, isNewOrFluent(new TreePath(getCurrentPath(), init)), Boolean::logicalAnd);
      if (init.getKind() == Tree.Kind.NEW_CLASS) {
        TypeMirror allocated = trees.getTypeMirror(new TreePath(getCurrentPath(), init));
        if (allocated != null) {
          allocations.put(local, allocated);
        }
      }
      TreePath initPath = new TreePath(getCurrentPath(), init);
      Element source = trees.getElement(initPath);
      if (source != null
          && source.getKind() == ElementKind.FIELD
          && source.asType().getKind() == TypeKind.ARRAY) {
        aliasCandidates.put(local, initPath);
      }
      TreePath held = MethodScope.holder(trees, initPath);
      Element holder = trees.getElement(held);
      if (holder != null && holder.getKind() == ElementKind.FIELD) {
        // List<String> l = a.items, or what a.items holds: (List<String>) a.slots[0].
        fieldAliasCandidates.put(local, held);
      }
      if (init.getKind() == Tree.Kind.IDENTIFIER && isLocal(source)) {
        copyCandidates.put(local, source);
      }
    } else if (local != null) {
      onlyNew.putIfAbsent(local, true);
    }
    return super.visitVariable(node, unused);
  }

  @Override
  public Void visitAssignment(AssignmentTree node, Void unused) {
    ExpressionTree lhs = MethodScope.unwrap(node.getVariable());
    Element local = trees.getElement(new TreePath(getCurrentPath(), lhs));
    if (isLocal(local)) {
      values
          .computeIfAbsent(local, k -> new ArrayList<>())
          .add(new TreePath(getCurrentPath(), node.getExpression()));
      ExpressionTree value = MethodScope.unwrap(node.getExpression());
      onlyNew.merge(
          local, isNewOrFluent(new TreePath(getCurrentPath(), value)), Boolean::logicalAnd);
      reassigned.add(local);
    } else if (local != null
        && local.getKind() == ElementKind.FIELD
        && local.asType().getKind() == TypeKind.ARRAY) {
      fieldAssignments.computeIfAbsent(local, k -> new ArrayList<>()).add(getCurrentPath());
      Element stored =
          trees.getElement(
              new TreePath(getCurrentPath(), MethodScope.unwrap(node.getExpression())));
      if (isLocal(stored)) {
        storedInto.putIfAbsent(stored, getCurrentPath());
      }
    }
    return super.visitAssignment(node, unused);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    passed(node.getArguments());
    return super.visitMethodInvocation(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    passed(node.getArguments());
    return super.visitNewClass(node, unused);
  }

  @Override
  public Void visitIdentifier(IdentifierTree node, Void unused) {
    Element local = trees.getElement(getCurrentPath());
    if (isLocal(local) && handsOn(getCurrentPath())) {
      shared.computeIfAbsent(local, k -> new ArrayList<>()).add(getCurrentPath());
    }
    return super.visitIdentifier(node, unused);
  }

  /**
   * Whether the use of a local at {@code use} hands its object to code that keeps it: stored into a
   * field or an array element, added to a JDK collection or map ({@code registry.put(k, a)}), or
   * passed to a closure or made a closure's receiver. Calls that may only read it ({@code
   * println(a)}, a helper of the program) do not count, nor does a return (no write of this
   * execution follows it): the rule warns only where the object is known to be shared.
   */
  private boolean handsOn(TreePath use) {
    Tree child = use.getLeaf();
    TreePath path = use.getParentPath();
    while (path != null
        && (path.getLeaf().getKind() == Tree.Kind.PARENTHESIZED
            || path.getLeaf().getKind() == Tree.Kind.TYPE_CAST
            || path.getLeaf() instanceof ConditionalExpressionTree conditional
                && conditional.getCondition() != child)) {
      child = path.getLeaf();
      path = path.getParentPath();
    }
    if (path == null) {
      return false;
    }
    Tree parent = path.getLeaf();
    if (parent instanceof AssignmentTree assignment) {
      return assignment.getExpression() == child
          && !isLocal(trees.getElement(new TreePath(path, assignment.getVariable())));
    }
    if (parent instanceof MethodInvocationTree call && call.getArguments().contains(child)) {
      return trees.getElement(path) instanceof ExecutableElement method
          && (OrthrusAnnotations.isClosure(method) || isJdkContainerMethod(method));
    }
    return parent instanceof MemberSelectTree select
        && path.getParentPath().getLeaf() instanceof MethodInvocationTree call
        && call.getMethodSelect() == select
        && OrthrusAnnotations.isClosure(trees.getElement(path.getParentPath()));
  }

  /**
   * An instance method of a {@code java.util} type that stores its arguments: a collection's, map's
   * or queue's {@code add}, {@code put}, {@code offer}, {@code push}, {@code set}, {@code replace},
   * {@code merge} and their kin ({@code contains} and {@code get} only read).
   */
  private static boolean isJdkContainerMethod(ExecutableElement method) {
    String name = method.getSimpleName().toString();
    return !method.getModifiers().contains(Modifier.STATIC)
        && method.getEnclosingElement() instanceof TypeElement owner
        && owner.getQualifiedName().toString().startsWith("java.util.")
        && STORING.stream().anyMatch(name::startsWith);
  }

  private static final List<String> STORING =
      List.of("add", "put", "offer", "push", "set", "replace", "merge", "insert");

  /** The uses that hand {@code local}'s object to code that keeps it ({@link #handsOn}). */
  List<TreePath> handedOn(Element local) {
    return shared.getOrDefault(local, List.of());
  }

  private void passed(List<? extends ExpressionTree> arguments) {
    for (int i = 0; i < arguments.size(); i++) {
      Element local =
          trees.getElement(new TreePath(getCurrentPath(), MethodScope.unwrap(arguments.get(i))));
      if (isLocal(local)
          && local.asType() instanceof ArrayType array
          && array.getComponentType().getKind().isPrimitive()) {
        passedTo
            .computeIfAbsent(local, k -> new ArrayList<>())
            .add(new Passed(getCurrentPath(), i));
      }
    }
  }

  /**
   * The local or parameter whose reference {@code local} always holds: {@code local} itself, or,
   * when it was initialized from another one ({@code byte[] data = value}) and neither is ever
   * reassigned, that one's.
   */
  Element root(Element local) {
    Element at = local;
    for (int hops = 0; hops < 16 && !reassigned.contains(at); hops++) {
      Element from = copyCandidates.get(at);
      if (from == null || reassigned.contains(from)) {
        break;
      }
      at = from;
    }
    return at;
  }

  /**
   * The assignments that stored {@code local}'s array, or that of a local holding the same
   * reference ({@link #root}), into a field: the first of each local.
   */
  List<TreePath> storedInto(Element local) {
    Element root = root(local);
    List<TreePath> stores = new ArrayList<>();
    storedInto.forEach(
        (stored, where) -> {
          if (root(stored).equals(root)) {
            stores.add(where);
          }
        });
    return stores;
  }

  /**
   * The calls {@code local}'s array, or that of a local holding the same reference, was passed to.
   */
  List<Passed> passedTo(Element local) {
    Element root = root(local);
    List<Passed> calls = new ArrayList<>();
    passedTo.forEach(
        (passed, where) -> {
          if (root(passed).equals(root)) {
            calls.addAll(where);
          }
        });
    return calls;
  }

  /**
   * The initializer of a local variable that is never reassigned ({@code ByteBuffer b =
   * ByteBuffer.wrap(a)}), or null.
   */
  TreePath initializer(Element local) {
    TreePath declared = local == null ? null : declarations.get(local);
    return declared != null
            && local.getKind() == ElementKind.LOCAL_VARIABLE
            && !reassigned.contains(local)
            && declared.getLeaf() instanceof VariableTree variable
            && variable.getInitializer() != null
        ? new TreePath(declared, MethodScope.unwrap(variable.getInitializer()))
        : null;
  }

  /** Every value {@code local} is given: its initializer and the right side of each assignment. */
  List<TreePath> values(Element local) {
    return values.getOrDefault(local, List.of());
  }

  /** Locals only ever assigned from {@code new} expressions. */
  Set<Element> fresh() {
    if (fresh == null) {
      fresh = new HashSet<>();
      onlyNew.forEach(
          (local, isNew) -> {
            if (isNew
                && (local.getKind() == ElementKind.LOCAL_VARIABLE
                    || local.getKind() == ElementKind.RESOURCE_VARIABLE)) {
              fresh.add(local);
            }
          });
    }
    return fresh;
  }

  /**
   * The value {@code local} was last given before {@code use} in the source's order (its
   * initializer, or the right side of an assignment), or null when none comes before it.
   * Straight-line code reads it so; a loop that gives the value after the use is not seen.
   */
  TreePath lastValueBefore(
      Element local, TreePath use, SourcePositions positions, CompilationUnitTree unit) {
    long at = positions.getStartPosition(unit, use.getLeaf());
    TreePath last = null;
    long lastAt = -1;
    for (TreePath value : values.getOrDefault(local, List.of())) {
      long start = positions.getStartPosition(unit, value.getLeaf());
      if (start < at && start > lastAt) {
        last = value;
        lastAt = start;
      }
    }
    return last;
  }

  /**
   * Locals that always hold the array of one field: they are initialized from it, never reassigned.
   */
  Map<Element, TreePath> aliases() {
    if (aliases == null) {
      aliases = new HashMap<>(aliasCandidates);
      aliases.keySet().removeAll(reassigned);
    }
    return aliases;
  }

  /** Locals that always hold what one field held: initialized from it, never reassigned. */
  Map<Element, TreePath> fieldAliases() {
    if (fieldAliases == null) {
      fieldAliases = new HashMap<>(fieldAliasCandidates);
      fieldAliases.keySet().removeAll(reassigned);
    }
    return fieldAliases;
  }

  private static boolean isLocal(Element element) {
    return element != null
        && (element.getKind() == ElementKind.LOCAL_VARIABLE
            || element.getKind() == ElementKind.PARAMETER);
  }

  /**
   * A {@code new} expression, or a chain of calls on one that each return their receiver ({@code
   * new ReportBuilder().title("x")}, a builder's setters that end in {@code return this;}): the
   * chain's value is the new object.
   */
  private boolean isNewOrFluent(TreePath path) {
    ExpressionTree tree = MethodScope.unwrap((ExpressionTree) path.getLeaf());
    if (isNew(tree)) {
      return true;
    }
    if (tree instanceof MethodInvocationTree
        && trees.getElement(path) instanceof ExecutableElement factory
        && Returns.newObject(factory, trees)) {
      return true;
    }
    if (tree instanceof MethodInvocationTree call
        && call.getMethodSelect() instanceof MemberSelectTree select
        && trees.getElement(path) instanceof ExecutableElement method
        && !method.getModifiers().contains(Modifier.STATIC)
        && Returns.onlyThis(method, trees)) {
      TreePath selectPath = new TreePath(path, select);
      return isNewOrFluent(new TreePath(selectPath, MethodScope.unwrap(select.getExpression())));
    }
    return false;
  }

  static boolean isNew(ExpressionTree tree) {
    return tree.getKind() == Tree.Kind.NEW_CLASS
        || tree.getKind() == Tree.Kind.NEW_ARRAY
        || isSuperClone(tree);
  }

  /**
   * {@code super.clone()}, cast or not: a copy of this object, made here (the deep-clone idiom
   * {@code Plain p = (Plain) super.clone(); p.xs = xs.clone();}).
   */
  static boolean isSuperClone(ExpressionTree tree) {
    ExpressionTree t = tree;
    while (t instanceof TypeCastTree || t instanceof ParenthesizedTree) {
      t =
          t instanceof TypeCastTree cast
              ? cast.getExpression()
              : ((ParenthesizedTree) t).getExpression();
    }
    return t instanceof MethodInvocationTree call
        && call.getArguments().isEmpty()
        && call.getMethodSelect() instanceof MemberSelectTree select
        && select.getIdentifier().contentEquals("clone")
        && select.getExpression() instanceof IdentifierTree receiver
        && receiver.getName().contentEquals("super");
  }
}

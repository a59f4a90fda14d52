package dev.orthrus.processor.summary;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.SynchronizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.orthrus.model.SourcePosition;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Computes a {@link MethodSummary} for every method, constructor and initializer of one top-level
 * class, from its type-checked tree. Runs on javac's ANALYZE event, while the trees are attributed
 * and not yet lowered.
 */
public final class MethodSummarizer {

  private final Trees trees;
  private final Elements elements;
  private final Types types;
  private final JavaNames names;
  private final JdkApis apis;

  public MethodSummarizer(Trees trees, Elements elements, Types types) {
    this.trees = trees;
    this.elements = elements;
    this.types = types;
    this.names = new JavaNames(elements, types);
    this.apis = new JdkApis(elements, types);
  }

  /** Summarizes every method of {@code type} (nested and local classes included). */
  public void summarize(CompilationUnitTree unit, TypeElement type, Consumer<MethodSummary> out) {
    TreePath path = trees.getPath(type);
    if (path == null) {
      return;
    }
    new Scanner(unit, out).scan(path, null);
  }

  /**
   * The declaration of a {@code @UserData} type, or null when it has no source tree here. Works
   * from the processing rounds on: it only needs parsed trees and their positions.
   */
  public UserDataType userDataType(TypeElement type) {
    TreePath path = trees.getPath(type);
    if (path == null || !(path.getLeaf() instanceof ClassTree declaration)) {
      return null;
    }
    CompilationUnitTree unit = path.getCompilationUnit();
    Tree annotation = declaration;
    for (AnnotationTree a : declaration.getModifiers().getAnnotations()) {
      Element annotationType = trees.getElement(
          new TreePath(new TreePath(new TreePath(path, declaration.getModifiers()), a), a.getAnnotationType()));
      if (annotationType instanceof TypeElement t && t.getQualifiedName().contentEquals(OrthrusAnnotations.USER_DATA)) {
        annotation = a;
      }
    }
    Tree extendsClause = declaration.getExtendsClause();
    return new UserDataType(type, new Site(annotation, unit, position(unit, annotation)),
        extendsClause == null ? null : new Site(extendsClause, unit, position(unit, extendsClause)));
  }

  /** Builds a {@link SourcePosition} for a tree: package-relative file, 1-based line and column. */
  public SourcePosition position(CompilationUnitTree unit, Tree tree) {
    return positionOf(trees.getSourcePositions(), unit, tree);
  }

  static SourcePosition positionOf(SourcePositions positions, CompilationUnitTree unit, Tree tree) {
    String file = relativeFile(unit);
    long start = positions.getStartPosition(unit, tree);
    LineMap lines = unit.getLineMap();
    if (start < 0 || lines == null) {
      return new SourcePosition(file, 0, 0);
    }
    return new SourcePosition(file, lines.getLineNumber(start), lines.getColumnNumber(start));
  }

  /** {@code a/b/Foo.java} for a file in package {@code a.b}: stable across machines and tools. */
  public static String relativeFile(CompilationUnitTree unit) {
    String path = unit.getSourceFile().toUri().getPath();
    String simple = path == null ? unit.getSourceFile().getName() : path;
    simple = simple.substring(simple.lastIndexOf('/') + 1);
    ExpressionTree pkg = unit.getPackageName();
    return pkg == null ? simple : pkg.toString().replace('.', '/') + "/" + simple;
  }

  /** The per-method state of the scan. */
  private static final class Frame {
    final MethodSummary summary;
    final TypeElement type;
    final Set<Element> freshLocals;
    final Map<Element, TreePath> arrayAliases;
    final Map<Element, TypeMirror> localAllocations;
    final Set<Element> reassignedLocals;

    Frame(MethodSummary summary, TypeElement type, LocalFacts locals) {
      this.summary = summary;
      this.type = type;
      this.freshLocals = locals.fresh();
      this.arrayAliases = locals.aliases();
      this.localAllocations = locals.allocations;
      this.reassignedLocals = locals.reassigned;
    }
  }

  /**
   * An array held in a field, and the expression that loads it: the field access itself, or the
   * initializer of a local alias ({@code Item[] b = table.buckets}), which says whose field it is.
   */
  private record ArrayField(VariableElement field, TreePath load) {
    TypeMirror component() {
      return ((ArrayType) field.asType()).getComponentType();
    }
  }

  /** Whose field an access touches, as far as one method body can tell. */
  private record Holder(Receiver receiver, int parameter, TypeMirror receiverType, boolean userData) {}

  private final class Scanner extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final Consumer<MethodSummary> out;
    private final Deque<Frame> frames = new ArrayDeque<>();
    private final Map<String, MethodSummary> initializers = new HashMap<>();

    Scanner(CompilationUnitTree unit, Consumer<MethodSummary> out) {
      this.unit = unit;
      this.out = out;
    }

    private Site site(Tree tree) {
      return new Site(tree, unit, position(unit, tree));
    }

    private Frame frame() {
      return frames.peek();
    }

    // ------------------------------------------------------------------ structure

    @Override
    public Void visitClass(ClassTree node, Void unused) {
      TypeElement type = (TypeElement) trees.getElement(getCurrentPath());
      if (type == null) {
        return null;
      }
      Deque<Frame> saved = new ArrayDeque<>(frames);
      frames.clear();
      for (Tree member : node.getMembers()) {
        if (member instanceof VariableTree variable && variable.getInitializer() != null) {
          boolean isStatic = variable.getModifiers().getFlags().contains(Modifier.STATIC);
          withInitializer(type, isStatic, member);
        } else if (member instanceof BlockTree block) {
          withInitializer(type, block.isStatic(), member);
        } else {
          scan(member, null);
        }
      }
      frames.clear();
      frames.addAll(saved);
      return null;
    }

    private void withInitializer(TypeElement type, boolean isStatic, Tree member) {
      String id = names.binaryName(type) + "#" + (isStatic ? "<clinit>()" : "<instance-init>()");
      MethodSummary summary = initializers.computeIfAbsent(id, k -> {
        MethodSummary s = new MethodSummary(k, null, type, site(member), true);
        out.accept(s);
        return s;
      });
      frames.push(new Frame(summary, type, new LocalFacts()));
      scan(member, null);
      frames.pop();
    }

    @Override
    public Void visitMethod(MethodTree node, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (!(element instanceof ExecutableElement method)) {
        return null;
      }
      TypeElement type = JavaNames.enclosingType(method);
      boolean constructor = method.getKind() == ElementKind.CONSTRUCTOR;
      // The declaration's line is the line of its result type, not of the annotations above it.
      Tree anchor = node.getReturnType() != null ? node.getReturnType() : node;
      Site declaration = new Site(node, unit, position(unit, anchor));
      MethodSummary summary = new MethodSummary(names.methodId(method), method, type, declaration, constructor);
      out.accept(summary);
      if (constructor) {
        // Field initializers and initializer blocks run as part of every constructor.
        summary.calls.add(new Call(names.binaryName(type) + "#<instance-init>()", null, site(node)));
      }
      if (method.getModifiers().contains(Modifier.SYNCHRONIZED)) {
        summary.apiUses.add(new ApiUse(ApiUse.Kind.LOCK, "synchronized method", "lock", site(node)));
      }
      if (isFloat(method.getReturnType())
          || method.getParameters().stream().anyMatch(p -> isFloat(p.asType()))) {
        summary.floatingPoint = true;
      }
      if (node.getBody() == null) {
        return null; // abstract or native: listed (a closure may be abstract), nothing to scan
      }
      LocalFacts locals = new LocalFacts();
      locals.scan(new TreePath(getCurrentPath(), node.getBody()), null);
      frames.push(new Frame(summary, type, locals));
      scan(node.getBody(), null);
      frames.pop();
      return null;
    }

    // ------------------------------------------------------------------ stores

    @Override
    public Void visitAssignment(AssignmentTree node, Void unused) {
      if (frame() == null) {
        return super.visitAssignment(node, unused);
      }
      ExpressionTree lhs = unwrap(node.getVariable());
      TreePath lhsPath = new TreePath(getCurrentPath(), lhs);
      Element target = trees.getElement(lhsPath);
      if (target != null && target.getKind() == ElementKind.FIELD) {
        recordFieldWrite(node, lhsPath, (VariableElement) target);
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
      if (frame() != null && isFloat(trees.getTypeMirror(new TreePath(getCurrentPath(), node.getVariable())))) {
        frame().summary.floatingPoint = true;
      }
      return super.visitCompoundAssignment(node, unused);
    }

    @Override
    public Void visitUnary(UnaryTree node, Void unused) {
      switch (node.getKind()) {
        case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT ->
            storeAndRead(node, node.getExpression());
        default -> { }
      }
      if (frame() != null && isFloat(trees.getTypeMirror(new TreePath(getCurrentPath(), node.getExpression())))) {
        frame().summary.floatingPoint = true;
      }
      return super.visitUnary(node, unused);
    }

    /** A store that also reads its target; the read is recorded when the target is scanned. */
    private void storeAndRead(Tree node, ExpressionTree variable) {
      if (frame() == null) {
        return;
      }
      ExpressionTree lhs = unwrap(variable);
      TreePath lhsPath = new TreePath(getCurrentPath(), lhs);
      Element target = trees.getElement(lhsPath);
      if (target != null && target.getKind() == ElementKind.FIELD) {
        recordFieldWrite(node, lhsPath, (VariableElement) target);
      } else {
        recordArrayStore(node, lhs, lhsPath);
      }
    }

    private void recordFieldWrite(Tree store, TreePath lhsPath, VariableElement field) {
      Holder holder = holder(lhsPath, field);
      frame().summary.fieldWrites.add(fieldWrite(field, field.getSimpleName().toString(), field.asType(), holder, store));
    }

    private FieldWrite fieldWrite(VariableElement field, String name, TypeMirror type, Holder holder, Tree store) {
      TypeElement owner = JavaNames.enclosingType(field);
      return new FieldWrite(names.binaryName(owner), name, names.erased(type), holder.receiver(),
          holder.receiverType() == null ? names.binaryName(owner) : names.erased(holder.receiverType()),
          holder.userData(), holder.parameter(), site(store));
    }

    /** The object whose {@code field} the expression at {@code accessPath} denotes. */
    private Holder holder(TreePath accessPath, VariableElement field) {
      Frame f = frame();
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
        if (expr instanceof IdentifierTree id && id.getName().contentEquals("this")) {
          receiver = f.summary.initializer() ? Receiver.FRESH : Receiver.THIS;
        } else if (origin == Call.FRESH_ARGUMENT) {
          receiver = Receiver.FRESH;
        } else if (origin >= 0) {
          receiver = Receiver.PARAMETER;
          parameter = origin;
        } else {
          receiver = Receiver.OTHER;
        }
      } else if (types.isSubtype(types.erasure(f.type.asType()), types.erasure(fieldOwner.asType()))) {
        receiver = f.summary.initializer() ? Receiver.FRESH : Receiver.THIS;
        receiverType = f.type.asType();
      } else {
        // A field of an enclosing instance, used from an inner class.
        receiver = Receiver.OTHER;
        receiverType = fieldOwner.asType();
      }
      Element receiverElement = receiverType == null ? null : types.asElement(receiverType);
      boolean userData = OrthrusAnnotations.isUserData(fieldOwner)
          || receiverElement != null && OrthrusAnnotations.isUserData(receiverElement);
      return new Holder(receiver, parameter, receiverType, userData);
    }

    /**
     * Where the object an expression denotes comes from: {@link Call#FRESH_ARGUMENT} when this method
     * allocated it, the index of the (never reassigned) parameter it is, or {@link Call#OTHER_ARGUMENT}.
     */
    private int origin(TreePath exprPath) {
      Frame f = frame();
      ExpressionTree expr = unwrap((ExpressionTree) exprPath.getLeaf());
      if (expr.getKind() == Tree.Kind.NEW_CLASS) {
        return Call.FRESH_ARGUMENT;
      }
      if (!(expr instanceof IdentifierTree id)) {
        return Call.OTHER_ARGUMENT;
      }
      if (id.getName().contentEquals("this")) {
        return f.summary.initializer() ? Call.FRESH_ARGUMENT : Call.OTHER_ARGUMENT;
      }
      Element element = trees.getElement(exprPath);
      if (f.freshLocals.contains(element)) {
        return Call.FRESH_ARGUMENT;
      }
      ExecutableElement method = f.summary.element();
      if (element != null && element.getKind() == ElementKind.PARAMETER && method != null
          && !f.reassignedLocals.contains(element)) {
        int index = method.getParameters().indexOf(element);
        return index >= 0 ? index : Call.OTHER_ARGUMENT;
      }
      return Call.OTHER_ARGUMENT;
    }

    /** The origin of each argument of a call or {@code new}. */
    private List<Integer> origins(List<? extends ExpressionTree> arguments) {
      List<Integer> result = new java.util.ArrayList<>(arguments.size());
      for (ExpressionTree argument : arguments) {
        result.add(origin(new TreePath(getCurrentPath(), argument)));
      }
      return result;
    }

    private void recordArrayStore(Tree store, ExpressionTree lhs, TreePath lhsPath) {
      if (lhs instanceof ArrayAccessTree access) {
        recordElementStore(store, arrayField(new TreePath(lhsPath, unwrap(access.getExpression()))));
      }
    }

    /**
     * A store into an element of an array held in a field. A primitive array of user data is part
     * of its owner's version and must not change in place (a rule flags it); any other array's
     * slots are recorded as a write of {@code field[]}, which the runtime versions per slot.
     */
    private void recordElementStore(Tree store, ArrayField array) {
      if (array == null) {
        return;
      }
      Holder holder = holder(array.load(), array.field());
      MethodSummary summary = frame().summary;
      if (holder.userData() && array.component().getKind().isPrimitive()) {
        summary.arrayElementWrites.add(new ArrayElementWrite(names.binaryName(JavaNames.enclosingType(array.field())),
            array.field().getSimpleName().toString(), site(store)));
      } else {
        summary.fieldWrites.add(fieldWrite(array.field(), array.field().getSimpleName() + FieldWrite.ELEMENTS,
            array.component(), holder, store));
      }
    }

    /** A slot load from a reference array held by user data: a read of {@code field[]}. */
    private void recordElementLoad(Tree load, ArrayField array) {
      if (array == null || array.component().getKind().isPrimitive()
          || !holder(array.load(), array.field()).userData()) {
        return; // a primitive array is read as a whole, with its owner's version
      }
      frame().summary.userDataReads.add(new FieldRead(names.binaryName(JavaNames.enclosingType(array.field())),
          array.field().getSimpleName() + FieldWrite.ELEMENTS, names.erased(array.component()), site(load)));
    }

    /** The array field this expression loads, directly or through a local alias, or null. */
    private ArrayField arrayField(TreePath exprPath) {
      Element element = trees.getElement(exprPath);
      if (element == null || frame() == null) {
        return null;
      }
      if (element.getKind() == ElementKind.FIELD && element.asType().getKind() == TypeKind.ARRAY) {
        return new ArrayField((VariableElement) element, exprPath);
      }
      TreePath alias = frame().arrayAliases.get(element);
      return alias == null ? null : new ArrayField((VariableElement) trees.getElement(alias), alias);
    }

    // ------------------------------------------------------------------ loads

    @Override
    public Void visitArrayAccess(ArrayAccessTree node, Void unused) {
      super.visitArrayAccess(node, unused); // the array and the index are loaded before the slot
      if (frame() != null) {
        recordElementLoad(node, arrayField(new TreePath(getCurrentPath(), unwrap(node.getExpression()))));
      }
      return null;
    }

    @Override
    public Void visitIdentifier(IdentifierTree node, Void unused) {
      recordFieldRead(node, null);
      return null;
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree node, Void unused) {
      recordFieldRead(node, node.getExpression());
      return super.visitMemberSelect(node, unused);
    }

    private void recordFieldRead(ExpressionTree node, ExpressionTree receiver) {
      Frame f = frame();
      if (f == null) {
        return;
      }
      Element element = trees.getElement(getCurrentPath());
      if (element == null || element.getKind() != ElementKind.FIELD
          || element.getSimpleName().contentEquals("this") || element.getSimpleName().contentEquals("super")) {
        return;
      }
      TypeElement owner = JavaNames.enclosingType(element);
      String ownerName = owner.getQualifiedName().toString();
      if (ownerName.equals("java.lang.System") && Set.of("out", "err", "in").contains(element.getSimpleName().toString())) {
        f.summary.apiUses.add(new ApiUse(ApiUse.Kind.IO, "java.lang.System." + element.getSimpleName(), "io", site(node)));
        return;
      }
      if (element.getModifiers().contains(Modifier.STATIC)) {
        return;
      }
      boolean userData = OrthrusAnnotations.isUserData(owner);
      if (!userData && receiver != null) {
        TypeMirror receiverType = trees.getTypeMirror(new TreePath(getCurrentPath(), receiver));
        userData = receiverType != null && OrthrusAnnotations.isUserData(types.asElement(receiverType));
      }
      if (userData) {
        f.summary.userDataReads.add(new FieldRead(
            names.binaryName(owner), element.getSimpleName().toString(), names.erased(element.asType()), site(node)));
      }
    }

    // ------------------------------------------------------------------ calls and allocations

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
      Frame f = frame();
      Element element = trees.getElement(getCurrentPath());
      if (f != null && element instanceof ExecutableElement callee) {
        TypeMirror receiver = receiverType(node.getMethodSelect(), callee, f);
        String target = receiver != null && receiver.getKind() == TypeKind.ARRAY
            ? names.erased(receiver) + "#" + names.signature(callee) // members of arrays have no class
            : names.methodId(callee);
        f.summary.calls.add(new Call(target, callee, site(node), origins(node.getArguments())));
        classifyCall(f, node, callee, receiver);
        if (isIdentityHashCode(callee, receiver)) {
          f.summary.apiUses.add(new ApiUse(ApiUse.Kind.NONDETERMINISTIC,
              names.erased(receiver) + "#hashCode() (identity)", "identity-hash", site(node)));
        }
        String name = callee.getSimpleName().toString();
        if (Set.of("forEach", "iterator", "spliterator", "stream", "toArray").contains(name)
            && node.getMethodSelect() instanceof MemberSelectTree select) {
          checkHashOrder(new TreePath(new TreePath(getCurrentPath(), select), select.getExpression()), node);
        }
        recordBulkArrayWrite(node, callee);
      }
      return super.visitMethodInvocation(node, unused);
    }

    private TypeMirror receiverType(ExpressionTree select, ExecutableElement callee, Frame f) {
      if (select instanceof MemberSelectTree member) {
        TypeMirror type = trees.getTypeMirror(new TreePath(new TreePath(getCurrentPath(), select), member.getExpression()));
        if (type != null && type.getKind() != TypeKind.PACKAGE && type.getKind() != TypeKind.NONE) {
          return type;
        }
      }
      TypeElement declaring = JavaNames.enclosingType(callee);
      if (!callee.getModifiers().contains(Modifier.STATIC)
          && types.isSubtype(types.erasure(f.type.asType()), types.erasure(declaring.asType()))) {
        return f.type.asType();
      }
      return declaring.asType();
    }

    private void classifyCall(Frame f, Tree node, ExecutableElement callee, TypeMirror receiver) {
      JdkApis.Use use = apis.classify(callee, receiver);
      if (use != null && use.category().equals("random") && callee.getKind() == ElementKind.METHOD
          && !callee.getModifiers().contains(Modifier.STATIC) && freshReceiver(node, f)) {
        // A generator created right here: its construction is flagged when unseeded, and a seeded
        // one gives the same sequence in APP and VAL.
        use = null;
      }
      if (use != null) {
        String target = names.erased(receiver != null ? receiver : JavaNames.enclosingType(callee).asType())
            + "#" + names.signature(callee);
        if (callee.getModifiers().contains(Modifier.STATIC) || callee.getKind() == ElementKind.CONSTRUCTOR) {
          target = names.methodId(callee);
        }
        f.summary.apiUses.add(new ApiUse(use.kind(), target, use.category(), site(node)));
      }
      if (apis.isVector(callee, receiver)) {
        f.summary.vector = true;
      }
      if (apis.isFloatingPoint(callee)) {
        f.summary.floatingPoint = true;
      }
    }

    private boolean freshReceiver(Tree node, Frame f) {
      if (!(node instanceof MethodInvocationTree call) || !(call.getMethodSelect() instanceof MemberSelectTree select)) {
        return false;
      }
      ExpressionTree receiver = unwrap(select.getExpression());
      if (receiver.getKind() == Tree.Kind.NEW_CLASS) {
        return true;
      }
      Element element = trees.getElement(new TreePath(new TreePath(getCurrentPath(), select), receiver));
      return receiver instanceof IdentifierTree && element != null && f.freshLocals.contains(element);
    }

    /** {@code hashCode()} that resolves to {@code Object}'s or {@code Enum}'s on a concrete class. */
    private boolean isIdentityHashCode(ExecutableElement callee, TypeMirror receiver) {
      if (!callee.getSimpleName().contentEquals("hashCode") || !callee.getParameters().isEmpty()) {
        return false;
      }
      String declaring = JavaNames.enclosingType(callee).getQualifiedName().toString();
      if (!declaring.equals("java.lang.Object") && !declaring.equals("java.lang.Enum")) {
        return false;
      }
      return receiver instanceof DeclaredType declared && identityHashed(declared);
    }

    /** A class or enum whose {@code hashCode} is the identity hash code (not Object itself: unknown). */
    private boolean identityHashed(TypeMirror type) {
      if (!(type instanceof DeclaredType declared)) {
        return false;
      }
      TypeElement element = (TypeElement) declared.asElement();
      if (element.getKind() != ElementKind.CLASS && element.getKind() != ElementKind.ENUM
          || element.getQualifiedName().contentEquals("java.lang.Object")) {
        return false;
      }
      for (Element member : elements.getAllMembers(element)) {
        if (member.getKind() == ElementKind.METHOD && member.getSimpleName().contentEquals("hashCode")
            && ((ExecutableElement) member).getParameters().isEmpty()) {
          String owner = JavaNames.enclosingType(member).getQualifiedName().toString();
          if (!owner.equals("java.lang.Object") && !owner.equals("java.lang.Enum")) {
            return false;
          }
        }
      }
      return true;
    }

    @Override
    public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
      if (frame() != null) {
        TreePath collection = new TreePath(getCurrentPath(), unwrap(node.getExpression()));
        checkHashOrder(collection, node);
        recordElementLoad(node.getExpression(), arrayField(collection));
      }
      return super.visitEnhancedForLoop(node, unused);
    }

    /** Iteration over a hash-ordered collection whose keys hash by identity. */
    private void checkHashOrder(TreePath collectionPath, Tree at) {
      ExpressionTree collection = unwrap((ExpressionTree) collectionPath.getLeaf());
      TypeMirror type = trees.getTypeMirror(collectionPath);
      TypeMirror key = hashOrderedKey(type);
      if (key == null && collection instanceof MethodInvocationTree view
          && view.getMethodSelect() instanceof MemberSelectTree select
          && Set.of("keySet", "values", "entrySet").contains(select.getIdentifier().toString())) {
        key = hashOrderedKey(trees.getTypeMirror(new TreePath(new TreePath(new TreePath(collectionPath, view), select),
            select.getExpression())));
      }
      if (key == null) {
        key = hashOrderedKey(allocatedType(collectionPath));
      }
      if (key == null && collection instanceof MethodInvocationTree view
          && view.getMethodSelect() instanceof MemberSelectTree select
          && Set.of("keySet", "values", "entrySet").contains(select.getIdentifier().toString())) {
        key = hashOrderedKey(allocatedType(new TreePath(new TreePath(new TreePath(collectionPath, view), select),
            select.getExpression())));
      }
      if (key != null && (key.getKind() == TypeKind.NONE || identityHashed(key))) {
        frame().summary.apiUses.add(new ApiUse(ApiUse.Kind.NONDETERMINISTIC,
            "iteration over " + names.erased(type), "hash-order", site(at)));
      }
    }

    /**
     * For a variable declared with an interface type ({@code Set<K> keys = new HashSet<>()}), the
     * type it was initialized with: a field of this class, or a local of this method.
     */
    private TypeMirror allocatedType(TreePath expression) {
      Element variable = trees.getElement(expression);
      if (variable == null) {
        return null;
      }
      if (variable.getKind() == ElementKind.LOCAL_VARIABLE) {
        return frame().localAllocations.get(variable);
      }
      if (variable.getKind() != ElementKind.FIELD
          || !JavaNames.topLevelType(variable).equals(JavaNames.topLevelType(frame().type))) {
        return null; // other classes may already be lowered
      }
      TreePath declaration = trees.getPath(variable);
      if (declaration == null || !(declaration.getLeaf() instanceof VariableTree field)
          || field.getInitializer() == null || field.getInitializer().getKind() != Tree.Kind.NEW_CLASS) {
        return null;
      }
      return trees.getTypeMirror(new TreePath(declaration, field.getInitializer()));
    }

    /**
     * The key type of a {@link java.util.HashMap} or {@link java.util.HashSet} (insertion-ordered
     * linked variants excluded); {@code NONE} for an {@code IdentityHashMap}, whose order is always
     * identity-based; null for anything else.
     */
    private TypeMirror hashOrderedKey(TypeMirror type) {
      if (type == null || type.getKind() != TypeKind.DECLARED
          || apis.isSubtype(type, "java.util.LinkedHashMap") || apis.isSubtype(type, "java.util.LinkedHashSet")) {
        return null;
      }
      if (apis.isSubtype(type, "java.util.IdentityHashMap")) {
        return types.getNoType(TypeKind.NONE);
      }
      for (String hashed : List.of("java.util.HashMap", "java.util.HashSet")) {
        DeclaredType sup = asSuper(type, hashed);
        if (sup != null) {
          return sup.getTypeArguments().isEmpty() ? null : sup.getTypeArguments().get(0);
        }
      }
      return null;
    }

    private DeclaredType asSuper(TypeMirror type, String name) {
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

    /** JDK calls that store into an argument array. */
    private void recordBulkArrayWrite(MethodInvocationTree node, ExecutableElement callee) {
      String owner = JavaNames.enclosingType(callee).getQualifiedName().toString();
      String name = callee.getSimpleName().toString();
      int index = -1;
      if (owner.equals("java.lang.System") && name.equals("arraycopy")) {
        index = 2;
      } else if (owner.equals("java.util.Arrays")
          && Set.of("fill", "sort", "setAll", "parallelSort", "parallelSetAll", "parallelPrefix").contains(name)) {
        index = 0;
      }
      if (index >= 0 && index < node.getArguments().size()) {
        recordElementStore(node, arrayField(new TreePath(getCurrentPath(), unwrap(node.getArguments().get(index)))));
      }
    }

    @Override
    public Void visitNewClass(NewClassTree node, Void unused) {
      Frame f = frame();
      Element element = trees.getElement(getCurrentPath());
      if (f != null && element instanceof ExecutableElement constructor) {
        TypeMirror type = trees.getTypeMirror(new TreePath(getCurrentPath(), node.getIdentifier()));
        Element typeElement = type == null ? null : types.asElement(type);
        f.summary.allocations.add(new AllocationSite(
            type == null ? names.binaryName(JavaNames.enclosingType(constructor)) : names.erased(type),
            OrthrusAnnotations.isUserData(typeElement),
            site(node)));
        f.summary.calls.add(new Call(names.methodId(constructor), constructor, site(node),
            origins(node.getArguments())));
        classifyCall(f, node, constructor, null);
      }
      return super.visitNewClass(node, unused);
    }

    @Override
    public Void visitNewArray(NewArrayTree node, Void unused) {
      Frame f = frame();
      if (f != null) {
        TypeMirror type = trees.getTypeMirror(getCurrentPath());
        if (type != null) {
          f.summary.allocations.add(new AllocationSite(names.erased(type), false, site(node)));
        }
      }
      return super.visitNewArray(node, unused);
    }

    @Override
    public Void visitSynchronized(SynchronizedTree node, Void unused) {
      if (frame() != null) {
        frame().summary.apiUses.add(new ApiUse(ApiUse.Kind.LOCK, "synchronized", "lock", site(node)));
      }
      return super.visitSynchronized(node, unused);
    }

    // ------------------------------------------------------------------ floating point

    @Override
    public Void visitBinary(BinaryTree node, Void unused) {
      if (frame() != null && (isFloat(trees.getTypeMirror(getCurrentPath()))
          || isFloat(trees.getTypeMirror(new TreePath(getCurrentPath(), node.getLeftOperand())))
          || isFloat(trees.getTypeMirror(new TreePath(getCurrentPath(), node.getRightOperand()))))) {
        frame().summary.floatingPoint = true;
      }
      return super.visitBinary(node, unused);
    }

    @Override
    public Void visitTypeCast(TypeCastTree node, Void unused) {
      if (frame() != null && (isFloat(trees.getTypeMirror(getCurrentPath()))
          || isFloat(trees.getTypeMirror(new TreePath(getCurrentPath(), node.getExpression()))))) {
        frame().summary.floatingPoint = true;
      }
      return super.visitTypeCast(node, unused);
    }

    @Override
    public Void visitVariable(VariableTree node, Void unused) {
      if (frame() != null && isFloat(trees.getTypeMirror(getCurrentPath()))) {
        frame().summary.floatingPoint = true;
      }
      return super.visitVariable(node, unused);
    }
  }

  /**
   * First pass over a method body: which locals only ever hold objects allocated right here, and
   * which locals alias an array field ({@code byte[] v = item.value}, {@code Item[] b = table.buckets}).
   */
  private final class LocalFacts extends TreePathScanner<Void, Void> {
    private final Map<Element, Boolean> onlyNew = new HashMap<>();
    private final Map<Element, TreePath> aliasCandidates = new HashMap<>();
    final Set<Element> reassigned = new HashSet<>();
    final Map<Element, TypeMirror> allocations = new HashMap<>();

    @Override
    public Void visitClass(ClassTree node, Void unused) {
      return null; // nested class bodies have their own methods and locals
    }

    @Override
    public Void visitVariable(VariableTree node, Void unused) {
      Element local = trees.getElement(getCurrentPath());
      if (local != null && node.getInitializer() != null) {
        ExpressionTree init = unwrap(node.getInitializer());
        onlyNew.merge(local, isNew(init), Boolean::logicalAnd);
        if (init.getKind() == Tree.Kind.NEW_CLASS) {
          TypeMirror allocated = trees.getTypeMirror(new TreePath(getCurrentPath(), init));
          if (allocated != null) {
            allocations.put(local, allocated);
          }
        }
        TreePath initPath = new TreePath(getCurrentPath(), init);
        Element source = trees.getElement(initPath);
        if (source != null && source.getKind() == ElementKind.FIELD && source.asType().getKind() == TypeKind.ARRAY) {
          aliasCandidates.put(local, initPath);
        }
      } else if (local != null) {
        onlyNew.putIfAbsent(local, true);
      }
      return super.visitVariable(node, unused);
    }

    @Override
    public Void visitAssignment(AssignmentTree node, Void unused) {
      ExpressionTree lhs = unwrap(node.getVariable());
      Element local = trees.getElement(new TreePath(getCurrentPath(), lhs));
      if (local != null && (local.getKind() == ElementKind.LOCAL_VARIABLE || local.getKind() == ElementKind.PARAMETER)) {
        onlyNew.merge(local, isNew(unwrap(node.getExpression())), Boolean::logicalAnd);
        reassigned.add(local);
      }
      return super.visitAssignment(node, unused);
    }

    Set<Element> fresh() {
      Set<Element> fresh = new HashSet<>();
      onlyNew.forEach((local, isNew) -> {
        if (isNew && local.getKind() == ElementKind.LOCAL_VARIABLE) {
          fresh.add(local);
        }
      });
      return fresh;
    }

    /** Locals that always hold the array of one field: they are initialized from it, never reassigned. */
    Map<Element, TreePath> aliases() {
      Map<Element, TreePath> aliases = new HashMap<>(aliasCandidates);
      aliases.keySet().removeAll(reassigned);
      return aliases;
    }
  }

  private static boolean isNew(ExpressionTree tree) {
    return tree.getKind() == Tree.Kind.NEW_CLASS || tree.getKind() == Tree.Kind.NEW_ARRAY;
  }

  private static ExpressionTree unwrap(ExpressionTree tree) {
    ExpressionTree t = tree;
    while (t instanceof ParenthesizedTree p) {
      t = p.getExpression();
    }
    return t;
  }

  private static boolean isFloat(TypeMirror type) {
    return type != null && (type.getKind() == TypeKind.FLOAT || type.getKind() == TypeKind.DOUBLE);
  }
}

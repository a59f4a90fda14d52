package dev.orthrus.processor.summary;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.orthrus.model.SourcePosition;
import dev.orthrus.model.Suppression;
import dev.orthrus.model.jdk.JdkCategory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Computes a {@link MethodSummary} for every method, constructor and initializer of one top-level
 * class, from its type-checked tree. Runs on javac's ANALYZE event, while the trees are attributed
 * and not yet lowered. Each body is read by one scanner per fact family: {@link StoreScanner}
 * (field and array stores), {@link LoadScanner} (user-data loads), {@link CallScanner} (calls and
 * allocations), {@link JdkUseScanner} (threads, I/O, locks, non-determinism), {@link TagScanner}
 * (floating-point and vector work) and {@link HeldTypeScanner} (the classes whose objects it may
 * hold), after {@link LocalFacts} has read its locals.
 */
public final class MethodSummarizer {

  private final Trees trees;
  private final Elements elements;
  private final Types types;
  private final JavaNames names;
  private final JdkCalls jdk;
  private final Suppressions suppressions;

  public MethodSummarizer(Trees trees, Elements elements, Types types) {
    this.trees = trees;
    this.elements = elements;
    this.types = types;
    this.names = new JavaNames(elements, types);
    this.jdk = new JdkCalls(trees, elements, types, names);
    this.suppressions = new Suppressions(trees);
  }

  /** Where the compilation's named classes are ({@link JdkCalls#sourceTypes}). */
  public void sourceTypes(Supplier<? extends Collection<TypeElement>> types) {
    jdk.sourceTypes(types);
  }

  /** The {@code @SuppressWarnings} naming Orthrus rules in the classes summarized so far. */
  public List<Suppression> suppressions() {
    return suppressions.recorded();
  }

  /** Summarizes every method of {@code type} (nested and local classes included). */
  public void summarize(CompilationUnitTree unit, TypeElement type, Consumer<MethodSummary> out) {
    TreePath path = trees.getPath(type);
    if (path == null) {
      return;
    }
    new Structure(unit, out).scan(path, null);
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
      Element annotationType =
          trees.getElement(
              new TreePath(
                  new TreePath(new TreePath(path, declaration.getModifiers()), a),
                  a.getAnnotationType()));
      if (annotationType instanceof TypeElement t
          && t.getQualifiedName().contentEquals(OrthrusAnnotations.USER_DATA)) {
        annotation = a;
      }
    }
    Tree extendsClause = declaration.getExtendsClause();
    List<UserDataType.Field> fields = new ArrayList<>();
    for (Tree member : declaration.getMembers()) {
      if (member instanceof VariableTree variable
          && !variable.getModifiers().getFlags().contains(Modifier.STATIC)
          && trees.getElement(new TreePath(path, member)) instanceof VariableElement field
          && field.getKind() == ElementKind.FIELD) {
        fields.add(
            new UserDataType.Field(
                field, new Site(member, unit, position(unit, member), Suppressions.around(field))));
      }
    }
    Set<String> suppressed = Suppressions.around(type);
    return new UserDataType(
        type,
        new Site(annotation, unit, position(unit, annotation), suppressed),
        extendsClause == null
            ? null
            : new Site(extendsClause, unit, position(unit, extendsClause), suppressed),
        fields);
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

  /**
   * Walks classes and their members: one summary per method and constructor, one per class for its
   * instance initializers and one for its static initializers. Each body is read by one scanner per
   * fact family; the walk then goes on into the body to find local and anonymous classes, which get
   * summaries of their own.
   */
  private final class Structure extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final Consumer<MethodSummary> out;
    private final Map<String, MethodSummary> initializers = new HashMap<>();
    private final Map<TypeElement, Set<Element>> constructedFields = new HashMap<>();

    Structure(CompilationUnitTree unit, Consumer<MethodSummary> out) {
      this.unit = unit;
      this.out = out;
    }

    private Site site(Tree tree, Element around) {
      return new Site(tree, unit, position(unit, tree), Suppressions.around(around));
    }

    @Override
    public Void visitClass(ClassTree node, Void unused) {
      TypeElement type = (TypeElement) trees.getElement(getCurrentPath());
      if (type == null) {
        return null;
      }
      constructedFields.put(type, ConstructedFields.of(getCurrentPath(), type, trees));
      suppressions.declaration(getCurrentPath(), type, names.binaryName(type));
      for (Tree member : node.getMembers()) {
        if (member instanceof VariableTree
            && trees.getElement(new TreePath(getCurrentPath(), member))
                instanceof VariableElement field) {
          suppressions.declaration(
              new TreePath(getCurrentPath(), member),
              field,
              names.binaryName(type) + "." + field.getSimpleName());
        }
        if (member instanceof VariableTree variable && variable.getInitializer() != null) {
          boolean isStatic = variable.getModifiers().getFlags().contains(Modifier.STATIC);
          initializer(type, isStatic, member);
        } else if (member instanceof BlockTree block) {
          initializer(type, block.isStatic(), member);
        } else {
          scan(member, null);
        }
      }
      return null;
    }

    private void initializer(TypeElement type, boolean isStatic, Tree member) {
      String id = names.binaryName(type) + "#" + (isStatic ? "<clinit>()" : "<instance-init>()");
      MethodSummary summary =
          initializers.computeIfAbsent(
              id,
              k -> {
                MethodSummary s = new MethodSummary(k, null, type, site(member, type), true);
                out.accept(s);
                return s;
              });
      TreePath path = new TreePath(getCurrentPath(), member);
      Element around = member instanceof VariableTree ? trees.getElement(path) : type;
      scanFacts(summary, type, new LocalFacts(trees), path, around == null ? type : around);
      scan(member, null);
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
      Site declaration = new Site(node, unit, position(unit, anchor), Suppressions.around(method));
      suppressions.declaration(getCurrentPath(), method, names.methodId(method));
      MethodSummary summary =
          new MethodSummary(names.methodId(method), method, type, declaration, constructor);
      for (VariableTree parameter : node.getParameters()) {
        summary.parameterSites.add(site(parameter, method));
      }
      for (VariableElement p : method.getParameters()) {
        HeldTypeScanner.mentioned(p.asType(), elements, summary.parameterTypes::add);
      }
      if (!method.getModifiers().contains(Modifier.STATIC)) {
        summary.expressionTypes.add(type); // its receiver, this
      }
      summary.resultSite = node.getReturnType() == null ? null : site(node.getReturnType(), method);
      out.accept(summary);
      if (constructor) {
        // Field initializers and initializer blocks run as part of every constructor.
        summary.calls.add(
            new Call(names.binaryName(type) + "#<instance-init>()", null, site(node, method)));
      }
      if (method.getModifiers().contains(Modifier.SYNCHRONIZED)) {
        summary.apiUses.add(
            new ApiUse(JdkCategory.LOCK, "synchronized method", site(node, method)));
      }
      if (MethodScope.isFloat(method.getReturnType())
          || method.getParameters().stream().anyMatch(p -> MethodScope.isFloat(p.asType()))) {
        summary.floatingPoint = true;
      }
      if (node.getBody() == null) {
        return null; // abstract or native: listed (a closure may be abstract), nothing to scan
      }
      summary.returnsThis = Returns.onlyThis(method, trees);
      TreePath body = new TreePath(getCurrentPath(), node.getBody());
      scanFacts(summary, type, new LocalFacts(trees).of(body), body, method);
      scan(node.getBody(), null);
      return null;
    }

    private void scanFacts(
        MethodSummary summary, TypeElement type, LocalFacts locals, TreePath body, Element around) {
      Set<Element> fresh =
          summary.initializer() ? constructedFields.getOrDefault(type, Set.of()) : Set.of();
      MethodScope scope =
          new MethodScope(
              summary,
              type,
              locals,
              fresh,
              unit,
              trees,
              elements,
              types,
              names,
              jdk,
              Suppressions.around(around),
              suppressions.new Locals(body, summary.id()));
      new StoreScanner(scope).run(body);
      new LoadScanner(scope).run(body);
      new CallScanner(scope).run(body);
      new JdkUseScanner(scope).run(body);
      new MutableJdkScanner(scope).run(body);
      new TagScanner(scope).run(body);
      new HeldTypeScanner(scope).run(body);
    }
  }
}

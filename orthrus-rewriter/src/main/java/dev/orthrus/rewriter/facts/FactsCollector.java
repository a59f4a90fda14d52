package dev.orthrus.rewriter.facts;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.SwitchExpressionTree;
import com.sun.source.tree.ThrowTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import dev.orthrus.annotations.Closure;
import dev.orthrus.annotations.UserData;
import dev.orthrus.model.NondeterministicCall.Handling;
import dev.orthrus.model.jdk.JdkApi;
import dev.orthrus.model.jdk.JdkApis;
import dev.orthrus.model.jdk.JdkCategory;
import dev.orthrus.processor.OrthrusProcessor;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.JdkCalls;
import dev.orthrus.processor.summary.Returns;
import dev.orthrus.rewriter.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.UnionType;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Collects {@link SourceFacts} from javac's attributed trees: a listener on ANALYZE, which fires
 * once per top-level class after javac has resolved every name and type in it.
 */
public final class FactsCollector implements TaskListener {

  private final SourceFacts facts = new SourceFacts();

  /** {@link #renamed}'s answers, {@link #NOT_RENAMED} for a field that keeps its name. */
  private final Map<Element, String> renames = new HashMap<>();

  private final Trees trees;
  private final JavaNames names;
  private final Types types;
  private final Elements elements;
  private final JdkCalls jdk;

  /** Every compilation unit of the task, entered before any class is analyzed. */
  private final List<CompilationUnitTree> units = new ArrayList<>();

  /** {@link #overriddenInSources}, per method. */
  private final Map<ExecutableElement, Boolean> overridden = new HashMap<>();

  /** {@link #sourceTypes}, once every unit is entered. */
  private Set<TypeElement> sourceTypes;

  /** The kinds of the variables a method declares: every variable but a field. */
  private static final Set<ElementKind> LOCAL_VARIABLES =
      EnumSet.of(
          ElementKind.PARAMETER,
          ElementKind.LOCAL_VARIABLE,
          ElementKind.EXCEPTION_PARAMETER,
          ElementKind.RESOURCE_VARIABLE,
          ElementKind.BINDING_VARIABLE);

  /**
   * The static JDK methods that call {@code equals}, {@code hashCode}, {@code compareTo} or {@code
   * toString} of their operands, by class.
   */
  private static final Map<String, Set<String>> CALLING_BACK_STATICS =
      Map.of(
          "java.util.Collections", Set.of("sort", "max", "min", "binarySearch", "frequency"),
          "java.util.Objects", Set.of("equals", "hash", "hashCode", "toString", "compare"),
          "java.lang.String", Set.of("valueOf", "format", "join"));

  /** A collection's methods that compare their argument with its elements. */
  private static final Set<String> LOOKUPS =
      Set.of("contains", "indexOf", "lastIndexOf", "remove", "containsAll", "removeAll");

  /** The methods of {@code java.util.Iterator} a for-each calls. */
  private static final List<String> ITERATOR_STEPS = List.of("hasNext", "next");

  /** The JDK methods a class commonly overrides and a closure calls through any type. */
  private static final Set<String> OBJECT_METHODS =
      Set.of("equals", "hashCode", "toString", "compareTo");

  private final LibraryCode library;

  public FactsCollector(JavacTask task) {
    this(task, LibraryCode.none());
  }

  /** With {@code library} to read the bytecode of the library code the sources call. */
  public FactsCollector(JavacTask task, LibraryCode library) {
    this.library = library;
    this.trees = Trees.instance(task);
    this.names = new JavaNames(task.getElements(), task.getTypes());
    this.types = task.getTypes();
    this.elements = task.getElements();
    this.jdk = new JdkCalls(trees, task.getElements(), task.getTypes(), names);
    jdk.sourceTypes(this::sourceTypes);
  }

  public SourceFacts facts() {
    return facts;
  }

  @Override
  public void finished(TaskEvent event) {
    if (event.getKind() == TaskEvent.Kind.ENTER && event.getCompilationUnit() != null) {
      units.add(event.getCompilationUnit());
      return;
    }
    if (event.getKind() != TaskEvent.Kind.ANALYZE || event.getTypeElement() == null) {
      return;
    }
    CompilationUnitTree unit = event.getCompilationUnit();
    TreePath path = trees.getPath(event.getTypeElement());
    if (path != null) {
      new Scanner(unit).scan(path, null);
    }
  }

  /**
   * Whether a class of the sources overrides {@code method}. Classes are entered before any is
   * analyzed, so this sees subclasses whose bodies javac has not attributed yet; it does not see
   * anonymous and local classes, which are entered as their enclosing method is analyzed.
   */
  private boolean overriddenInSources(ExecutableElement method) {
    return overridden.computeIfAbsent(
        method,
        m -> {
          TypeElement owner = JavaNames.enclosingType(m);
          TypeMirror base = types.erasure(owner.asType());
          for (TypeElement type : sourceTypes()) {
            if (type.equals(owner) || !types.isSubtype(types.erasure(type.asType()), base)) {
              continue;
            }
            for (Element member : type.getEnclosedElements()) {
              if (member instanceof ExecutableElement other
                  && other.getSimpleName().equals(m.getSimpleName())
                  && elements.overrides(other, m, type)) {
                return true;
              }
            }
          }
          return false;
        });
  }

  /**
   * The named classes, interfaces, enums and records of the sources, nested ones included (not
   * anonymous or local classes, which are entered as their method is analyzed).
   */
  private Set<TypeElement> sourceTypes() {
    if (sourceTypes == null) {
      List<TypeElement> roots = new ArrayList<>();
      for (CompilationUnitTree unit : units) {
        for (Tree declaration : unit.getTypeDecls()) {
          if (trees.getElement(TreePath.getPath(unit, declaration)) instanceof TypeElement t) {
            roots.add(t);
          }
        }
      }
      sourceTypes = JavaNames.withNested(roots);
    }
    return sourceTypes;
  }

  /**
   * Whether {@code type}, a class on the class path, is a protected build's: its handle extends the
   * runtime's {@code VersionedObject}, where a vanilla build's class does not.
   */
  private static boolean builtProtected(TypeElement type) {
    for (TypeElement t = type;
        t != null && t.getSuperclass() instanceof DeclaredType up;
        t = (TypeElement) up.asElement()) {
      if (((TypeElement) up.asElement())
          .getQualifiedName()
          .contentEquals("dev.orthrus.runtime.api.VersionedObject")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code element} is declared in the sources (in a named class of theirs, or in a local
   * or anonymous class within one). Not {@code trees.getPath(element) != null}: javac drops a
   * class's tree once it has generated it, before it analyzes the files after it.
   */
  private boolean declaredInSources(Element element) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (e instanceof TypeElement t && sourceTypes().contains(t)) {
        return true;
      }
    }
    return false;
  }

  /** A top-level type, or a static member of one such: a static method can name it. */
  private static boolean staticallyNamed(TypeElement type) {
    for (Element t = type; t instanceof TypeElement nested; t = t.getEnclosingElement()) {
      NestingKind kind = nested.getNestingKind();
      if (kind == NestingKind.TOP_LEVEL) {
        return true;
      }
      if (kind != NestingKind.MEMBER
          || !nested.getModifiers().contains(Modifier.STATIC)
              && nested.getKind() == ElementKind.CLASS) {
        return false;
      }
    }
    return false;
  }

  /** The method's own type variables are named unlike its class's. */
  private static boolean ownTypeVariables(ExecutableElement method, TypeElement owner) {
    Set<String> names = new HashSet<>();
    owner.getTypeParameters().forEach(p -> names.add(p.getSimpleName().toString()));
    return method.getTypeParameters().stream()
        .noneMatch(p -> names.contains(p.getSimpleName().toString()));
  }

  /**
   * Whether another build gave {@code method} the static bridges its closures' calls go through
   * ({@code feeApp$} and {@code feeVal$}, decision 0100): its class, compiled protected, declares
   * them.
   */
  private static boolean hasBridges(ExecutableElement method) {
    String name = method.getSimpleName().toString();
    int parameters = method.getParameters().size() + 2;
    return ElementFilter.methodsIn(method.getEnclosingElement().getEnclosedElements()).stream()
        .anyMatch(
            m ->
                m.getModifiers().contains(Modifier.STATIC)
                    && m.getParameters().size() == parameters
                    && (m.getSimpleName().contentEquals(name + "App$")
                        || m.getSimpleName().contentEquals(name + "$App$")));
  }

  /** A method a subclass may override. */
  private static boolean overridable(ExecutableElement method) {
    Set<Modifier> mods = method.getModifiers();
    TypeElement owner = JavaNames.enclosingType(method);
    return method.getKind() == ElementKind.METHOD
        && !mods.contains(Modifier.PRIVATE)
        && !mods.contains(Modifier.STATIC)
        && !mods.contains(Modifier.FINAL)
        && !owner.getModifiers().contains(Modifier.FINAL)
        && owner.getKind() != ElementKind.ENUM
        && owner.getKind() != ElementKind.RECORD;
  }

  /**
   * A mutable field's type as its version holds it, in source form with canonical names: a
   * reference array becomes the {@code VersionedArray} the rewriter makes of it.
   */
  private static String versionType(TypeMirror t) {
    if (t instanceof ArrayType array && !array.getComponentType().getKind().isPrimitive()) {
      return "dev.orthrus.runtime.api.VersionedArray<" + array.getComponentType() + ">";
    }
    return t.toString();
  }

  /**
   * The name a private mutable field of a user-data class takes in the protected build when a
   * user-data superclass has a mutable field of the same name (legal Java, but the object's one
   * version would carry both under one name and their generated accessors would override each
   * other): {@code ops$Savings}; null for any other field. The sources are renamed before they are
   * analyzed again ({@code Instrumenter}).
   */
  private String renamed(VariableElement field) {
    String to =
        renames.computeIfAbsent(
            field,
            f -> {
              Set<Modifier> mods = f.getModifiers();
              if (!(f.getEnclosingElement() instanceof TypeElement owner)
                  || f.getKind() != ElementKind.FIELD
                  || !mods.contains(Modifier.PRIVATE)
                  || mods.contains(Modifier.STATIC)
                  || mods.contains(Modifier.FINAL)
                  || !isUserData(owner)) {
                return NOT_RENAMED;
              }
              String name = f.getSimpleName().toString();
              Set<String> taken = new HashSet<>();
              boolean hides = false;
              for (TypeMirror up = owner.getSuperclass();
                  up instanceof DeclaredType d && isUserData(d.asElement());
                  up = ((TypeElement) d.asElement()).getSuperclass()) {
                for (Element member : d.asElement().getEnclosedElements()) {
                  taken.add(member.getSimpleName().toString());
                  hides |=
                      member.getKind() == ElementKind.FIELD
                          && member.getSimpleName().contentEquals(name)
                          && !member.getModifiers().contains(Modifier.STATIC)
                          && !member.getModifiers().contains(Modifier.FINAL);
                }
              }
              if (!hides) {
                return NOT_RENAMED;
              }
              owner.getEnclosedElements().forEach(m -> taken.add(m.getSimpleName().toString()));
              String renamed = name + "$" + owner.getSimpleName();
              while (taken.contains(renamed)) {
                renamed = renamed + "$";
              }
              return renamed;
            });
    return to.equals(NOT_RENAMED) ? null : to;
  }

  private static final String NOT_RENAMED = "";

  /**
   * A class whose instances live in versioned memory. A {@code @UserData} record is not one: its
   * fields are final, so it is an immutable value, compared by {@code equals} (the processor's rule
   * {@code orthrus.userdata.superclass} allows the annotation on it).
   */
  private static boolean isUserData(Element type) {
    return type != null
        && type.getKind() != ElementKind.RECORD
        && type.getAnnotation(UserData.class) != null;
  }

  private final class Scanner extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final Path file;
    private final SourceFacts.FileFacts fileFacts;
    private final SourcePositions positions;
    private final Deque<String> enclosingMethods = new ArrayDeque<>();

    /** Locals that always hold a shared JDK object ({@link #sharedObject}). */
    private final Set<Element> sharedLocals = new HashSet<>();

    /**
     * Locals that only ever hold what a field whose JDK object's calls are recorded holds ({@code
     * Runnable t = a.tick;}, {@code Iterator<Integer> it = IDS;}): their calls are recorded as the
     * field's are.
     */
    private final Set<Element> callbackLocals = new HashSet<>();

    /** {@link #heldParameter}'s answers. */
    private final Map<Element, Boolean> heldParameters = new HashMap<>();

    /** Locals that hold a user-data array field's array ({@link #arrayLocalUse}). */
    private final Set<Element> arrayLocals = new HashSet<>();

    /** Locals that always hold an array a recorded call returned ({@link #sharedArray}). */
    private final Set<Element> sharedArrayLocals = new HashSet<>();

    /**
     * Locals that always hold the array a field that is not versioned holds ({@link
     * #unversionedArrayField}), with the field.
     */
    private final Map<Element, VariableElement> fieldArrayLocals = new HashMap<>();

    /**
     * Locals holding an iterator of a snapshot ({@code Iterator<String> it = tags.iterator()}), and
     * loop variables of a for-each over one: elements and iterators of a copy.
     */
    private final Set<Element> snapshotIterators = new HashSet<>();

    private final Set<Element> snapshotElements = new HashSet<>();

    Scanner(CompilationUnitTree unit) {
      this.unit = unit;
      this.file = Path.of(unit.getSourceFile().toUri());
      this.fileFacts = facts.files.computeIfAbsent(file, f -> new SourceFacts.FileFacts(facts));
      this.positions = trees.getSourcePositions();
    }

    private Span span(Tree tree) {
      return new Span(
          (int) positions.getStartPosition(unit, tree), (int) positions.getEndPosition(unit, tree));
    }

    private void rename(Span name, String to) {
      facts.renames.computeIfAbsent(file, f -> new ArrayList<>()).add(new Rename(name, to));
    }

    /** The declaration of a field to rename: its name is the first one after its type. */
    private void declarationRename(VariableTree node, VariableElement field) {
      Span whole = span(node);
      int from = (int) positions.getEndPosition(unit, node.getType());
      try {
        CharSequence text = unit.getSourceFile().getCharContent(true);
        Matcher m =
            Pattern.compile(
                    "(?<![\\w$])" + Pattern.quote(field.getSimpleName().toString()) + "(?![\\w$])")
                .matcher(text)
                .region(Math.max(from, whole.start()), whole.end());
        if (m.find()) {
          rename(new Span(m.start(), m.end()), renamed(field));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private void problem(Tree tree, String construct, String advice) {
      long start = positions.getStartPosition(unit, tree);
      LineMap lines = unit.getLineMap();
      facts.problems.add(
          new Problem(
              file,
              (int) lines.getLineNumber(start),
              (int) lines.getColumnNumber(start),
              construct,
              advice));
    }

    /**
     * The JDK table's entry for a constructor or static method it marks seeded, or null; the method
     * that makes the call then needs variants that seed it. Seeded entries name such members only
     * (their seed goes into an argument, not into a receiver).
     */
    private JdkApi seeded(ExecutableElement callee) {
      if (callee.getKind() != ElementKind.CONSTRUCTOR
          && !callee.getModifiers().contains(Modifier.STATIC)) {
        return null;
      }
      JdkApi api = JdkApis.finding(jdk.call(callee, null, () -> false));
      if (api == null || api.handling() != Handling.SEEDED) {
        return null;
      }
      if (!enclosingMethods.isEmpty()) {
        facts.seedingMethods.add(enclosingMethods.peek());
      }
      return api;
    }

    private void touches() {
      if (!enclosingMethods.isEmpty()) {
        facts.touchesDirectly.add(enclosingMethods.peek());
      }
    }

    /** The enclosing method reads or writes a versioned field or slot, or makes user data. */
    private void accessesUserData() {
      touches();
      if (!enclosingMethods.isEmpty()) {
        facts.accessesUserDataDirectly.add(enclosingMethods.peek());
      }
    }

    @Override
    public Void visitClass(ClassTree node, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof TypeElement type) {
        String binary = names.binaryName(type);
        facts.canonicalNames.put(binary, type.getQualifiedName().toString());
        facts.sourceTypes.add(binary);
        fileFacts.declaredTypes.add(binary);
        facts.fileOfType.put(binary, fileFacts);
        if (type.getKind() == ElementKind.ENUM && type.getNestingKind() == NestingKind.LOCAL) {
          fileFacts.localEnums.add(line(getCurrentPath().getLeaf()));
        }
        Set<String> fields = new HashSet<>();
        for (Element member : elements.getAllMembers(type)) {
          if (member.getKind() == ElementKind.FIELD
              || member.getKind() == ElementKind.ENUM_CONSTANT) {
            fields.add(member.getSimpleName().toString());
          }
        }
        facts.visibleFields.put(binary, fields);
        if (type.getKind() == ElementKind.RECORD) {
          // A record's array component holds the array its maker passed, which the maker may go on
          // writing (new Rates(values), then values[i] = x).
          for (VariableElement field : ElementFilter.fieldsIn(type.getEnclosedElements())) {
            if (!field.getModifiers().contains(Modifier.STATIC)
                && field.asType().getKind() == TypeKind.ARRAY) {
              facts.arraysChangedAfterConstruction.add(fieldKey(field));
            }
          }
        }
        iteratorSteps(type, binary);
        if (isUserData(type)) {
          facts.userDataClasses.add(binary);
          if (type.getSuperclass() instanceof DeclaredType parent
              && isUserData(parent.asElement())) {
            facts.userDataSuperclasses.put(
                binary, names.binaryName((TypeElement) parent.asElement()));
          }
          // Each mutable field is held in a slot (a reference to user data) or carried by the
          // version.
          Map<String, String> versioned = new LinkedHashMap<>();
          for (Element member : type.getEnclosedElements()) {
            if (member.getKind() != ElementKind.FIELD
                || member.getModifiers().contains(Modifier.STATIC)
                || member.getModifiers().contains(Modifier.FINAL)) {
              continue;
            }
            String name = member.getSimpleName().toString();
            if (!(member.asType() instanceof DeclaredType declared
                && isUserData(declared.asElement()))) {
              versioned.put(name, versionType(member.asType()));
              continue;
            }
            facts
                .heldFields
                .computeIfAbsent(binary, k -> new LinkedHashMap<>())
                .put(name, ((TypeElement) declared.asElement()).getQualifiedName().toString());
            facts
                .heldFieldTypes
                .computeIfAbsent(binary, k -> new java.util.HashMap<>())
                .put(name, declared.toString());
            if (mentionsTypeVariable(declared)) {
              facts
                  .genericHeldFields
                  .computeIfAbsent(binary, k -> new java.util.HashSet<>())
                  .add(name);
            }
          }
          facts.versionFields.put(binary, versioned);
        }
      }
      return super.visitClass(node, unused);
    }

    @Override
    public Void visitMethod(MethodTree node, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (!(element instanceof ExecutableElement method)) {
        return super.visitMethod(node, unused);
      }
      String id = names.methodId(method);
      TypeElement owner = JavaNames.enclosingType(method);
      MethodFact declared =
          new MethodFact(
              id,
              file,
              span(node),
              method.getAnnotation(Closure.class) != null,
              overridable(method),
              OrthrusProcessor.exportable(method),
              takesAndReturnsValues(method));
      if (declared.exported()) {
        facts.exportable.put(
            id,
            new SourceFacts.Bytecode(
                names.binaryName(owner).replace('.', '/'),
                method.getSimpleName().toString(),
                descriptor(method),
                declared.overridable()));
      }
      recordOverrides(method, owner, id);
      if (declared.overridable() && !declared.closure()) {
        facts.overridableMethods.add(id);
        if (staticallyNamed(owner) && ownTypeVariables(method, owner)) {
          facts.bridgeable.add(id);
        }
      }
      facts.methods.put(id, declared);
      facts.methodsByFile.computeIfAbsent(file, f -> new ArrayList<>()).add(declared);
      enclosingMethods.push(id);
      try {
        return super.visitMethod(node, unused);
      } finally {
        enclosingMethods.pop();
      }
    }

    @Override
    public Void visitIdentifier(IdentifierTree node, Void unused) {
      field(node);
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof TypeElement
          || element != null
              && (element.getKind() == ElementKind.FIELD
                  || element.getKind() == ElementKind.ENUM_CONSTANT)) {
        fileFacts.simpleNames.add(node.getName().toString());
      }
      if (element != null && arrayLocals.contains(element)) {
        arrayLocalUse(node);
      }
      return super.visitIdentifier(node, unused);
    }

    /**
     * A use of a local that holds a user-data array field's array ({@code Cell[] c = this.cells;}):
     * as the field's own uses, it is indexed, asked its length, looped over or compared, and never
     * assigned again, so that the rewriter can give it the field's type.
     */
    private void arrayLocalUse(IdentifierTree node) {
      String name = node.getName().toString();
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      String misuse =
          parent instanceof AssignmentTree a && a.getVariable() == node
              ? "the local " + name + ", which holds a user-data array, assigned again"
              : arrayMisuse(node, name);
      if (misuse != null) {
        problem(
            node,
            misuse.replace("the user-data array " + name, "the local " + name),
            "index it, ask its length, loop over it or compare it: it holds a user-data array,"
                + " which becomes a VersionedArray");
        return;
      }
      fileFacts.arrayLocalUses.add(span(node));
    }

    @Override
    public Void visitMemberSelect(MemberSelectTree node, Void unused) {
      field(node);
      return super.visitMemberSelect(node, unused);
    }

    private void field(Tree node) {
      Element element = trees.getElement(getCurrentPath());
      if (element == null || element.getKind() != ElementKind.FIELD) {
        return;
      }
      String renamed = renamed((VariableElement) element);
      if (renamed != null) {
        // The name is the identifier, or the end of a selection (this.ops).
        Span whole = span(node);
        int length = element.getSimpleName().length();
        rename(new Span(whole.end() - length, whole.end()), renamed);
      }
      boolean isStatic = element.getModifiers().contains(Modifier.STATIC);
      if (isStatic || !isUserData(element.getEnclosingElement())) {
        if (!element.getModifiers().contains(Modifier.FINAL)) {
          unversionedField(node, (VariableElement) element, isStatic);
        }
        arrayUse(node, (VariableElement) element);
        return;
      }
      VariableElement field = (VariableElement) element;
      TypeElement declaring = (TypeElement) field.getEnclosingElement();
      if (!declaredInSources(declaring) && !builtProtected(declaring)) {
        problem(
            node,
            "a field of "
                + names.binaryName(declaring)
                + ", a @UserData class of another module built without Orthrus (its classes on the"
                + " class path are vanilla)",
            "protect that module too (the Orthrus plugin in its build, without orthrus.skip), or"
                + " read the field through a method of the class, which this build calls as"
                + " library code");
        return;
      }
      boolean isFinal = field.getModifiers().contains(Modifier.FINAL);
      boolean referenceArray = isReferenceArray(field.asType());
      String owner = names.binaryName((TypeElement) field.getEnclosingElement());
      String name = field.getSimpleName().toString();
      boolean held =
          !isFinal
              && field.asType() instanceof DeclaredType declared
              && isUserData(declared.asElement());
      if (referenceArray) {
        String misuse = arrayMisuse(node, name);
        if (misuse != null) {
          problem(
              node,
              misuse,
              misuse.startsWith(OTHER_ELEMENT_TYPE)
                  ? "declare both fields with one element type: a user-data array is not covariant"
                      + " as a Java array is"
                  : misuse.startsWith("Arrays.")
                      ? String.format(
                          "work on a copy and store its slots back (var copy = %s.clone(); then"
                              + " %s(copy, ...); then for each i, %s[i] = copy[i])",
                          name, misuse.substring(0, misuse.indexOf(' ')), name)
                      : String.format(
                          "read and write it slot by slot (a[i], a.length) and assign it new T[n]: it"
                              + " becomes a VersionedArray, which is not a Java array; copy it slot by"
                              + " slot in a loop; to grow it, keep the old one in another user-data"
                              + " field of its type first (old = %s; %s = new T[n]; then copy old[i]"
                              + " into it)",
                          name, name));
        }
      }
      if (held) {
        // The type of a held field of another module's class, which no source here declares.
        DeclaredType declared = (DeclaredType) field.asType();
        facts
            .heldFieldTypes
            .computeIfAbsent(owner, k -> new HashMap<>())
            .putIfAbsent(name, declared.toString());
        if (mentionsTypeVariable(declared)) {
          facts.genericHeldFields.computeIfAbsent(owner, k -> new HashSet<>()).add(name);
        }
      }
      String enclosing = node instanceof IdentifierTree ? enclosingInstance(field) : null;
      fileFacts.fields.put(
          span(node), new FieldFact(owner, name, isFinal, referenceArray, held, enclosing));
      if (!isFinal || referenceArray) {
        accessesUserData();
        if (!(node instanceof IdentifierTree)
            && !(node instanceof MemberSelectTree select && isThis(select.getExpression()))) {
          readsOtherUserData();
        }
      }
    }

    /** {@code this}, as a field's or a method's receiver. */
    private static boolean isThis(ExpressionTree receiver) {
      return receiver instanceof IdentifierTree id && id.getName().contentEquals("this");
    }

    /**
     * The code being visited reads user data of another object than {@code this}: when it is a
     * user-data class's constructor, that constructor reads another user-data object ({@link
     * SourceFacts#constructorsReadingOtherUserData}).
     */
    private void readsOtherUserData() {
      for (TreePath path = getCurrentPath(); path != null; path = path.getParentPath()) {
        if (path.getLeaf() instanceof ClassTree) {
          return;
        }
        if (path.getLeaf() instanceof MethodTree
            && trees.getElement(path) instanceof ExecutableElement code
            && code.getKind() == ElementKind.CONSTRUCTOR
            && isUserData(code.getEnclosingElement())) {
          facts.constructorsReadingOtherUserData.add(names.methodId(code));
          return;
        }
      }
    }

    /**
     * A use of a mutable field that is not versioned: a write other than building the value ({@link
     * #constructing}) makes the field shared; a read is a {@link SharedRead}.
     */
    private void unversionedField(Tree node, VariableElement field, boolean isStatic) {
      String key = fieldKey(field);
      if (isAssignmentTarget(node)) {
        if (!constructing(field, node)) {
          facts.fieldsWrittenAfterConstruction.add(key);
        }
        return;
      }
      Element receiver =
          node instanceof MemberSelectTree select
              ? trees.getElement(new TreePath(getCurrentPath(), select.getExpression()))
              : null;
      writableElsewhere(field);
      SharedRead read =
          new SharedRead(
              key,
              isStatic,
              // As the read's site names it (List<String>, not List): a for-each over the recorded
              // value needs its element type.
              siteType(types.erasure(field.asType()).toString()),
              receiver != null && receiver.getKind() == ElementKind.LOCAL_VARIABLE
                  ? receiver
                  : null,
              false);
      fileFacts.sharedReads.put(span(node), read);
      sharedReadBy(read);
    }

    private void sharedReadBy(SharedRead read) {
      if (!enclosingMethods.isEmpty()) {
        facts
            .sharedReadsByMethod
            .computeIfAbsent(enclosingMethods.peek(), k -> new ArrayList<>())
            .add(read);
      }
    }

    /**
     * A use of a field that is not versioned and holds an array, other than a read of an element or
     * of its length, or an assignment of the field itself: outside its class's constructors and
     * initializers, the array may change from there ({@link SourceFacts#isShared}).
     */
    private void arrayUse(Tree node, VariableElement field) {
      if (field.asType().getKind() != TypeKind.ARRAY) {
        return;
      }
      if (isAssignmentTarget(node)) {
        if (getCurrentPath().getParentPath().getLeaf() instanceof AssignmentTree assignment
            && !madeHere(assignment.getExpression())) {
          // this.rates = rates: the array is also its giver's, who may write its elements later.
          facts.arraysChangedAfterConstruction.add(fieldKey(field));
        }
        return;
      }
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      boolean elementOrLength =
          (parent instanceof ArrayAccessTree a && a.getExpression() == node)
              || (parent instanceof EnhancedForLoopTree loop && loop.getExpression() == node)
              || (parent instanceof MemberSelectTree m
                  && m.getExpression() == node
                  && m.getIdentifier().contentEquals("length"));
      if (!elementOrLength && !constructing(field, node)) {
        facts.arraysChangedAfterConstruction.add(fieldKey(field));
      }
    }

    /**
     * The field that is not versioned and holds the array {@code array} is, or null: a static
     * field, or an instance field of a class that is not user data; or a local that always holds
     * such a field's array.
     */
    private VariableElement unversionedArrayField(TreePath array) {
      Element element = trees.getElement(unparenthesized(array));
      if (element != null && fieldArrayLocals.containsKey(element)) {
        return fieldArrayLocals.get(element);
      }
      if (element instanceof VariableElement field
          && field.getKind() == ElementKind.FIELD
          && field.asType().getKind() == TypeKind.ARRAY
          && (field.getModifiers().contains(Modifier.STATIC)
              || !isUserData(field.getEnclosingElement()))) {
        return field;
      }
      return null;
    }

    /**
     * A read of the elements of the array {@code field} holds, as {@code type}, noted for the
     * enclosing method.
     */
    private SharedRead elementRead(VariableElement field, String type) {
      writableElsewhere(field);
      SharedRead read =
          new SharedRead(
              fieldKey(field), field.getModifiers().contains(Modifier.STATIC), type, null, true);
      sharedReadBy(read);
      return read;
    }

    /**
     * Notes a field that code outside the sources may assign: public or protected, in public or
     * protected classes all the way out (code of other packages), or a static field that is neither
     * final nor private (a test of the package sets such a setting).
     */
    private void writableElsewhere(VariableElement field) {
      Set<Modifier> own = field.getModifiers();
      if (own.contains(Modifier.STATIC)
          && !own.contains(Modifier.FINAL)
          && !own.contains(Modifier.PRIVATE)) {
        facts.fieldsWritableElsewhere.add(fieldKey(field));
        return;
      }
      for (Element e = field;
          e instanceof VariableElement || e instanceof TypeElement;
          e = e.getEnclosingElement()) {
        Set<Modifier> modifiers = e.getModifiers();
        if (!modifiers.contains(Modifier.PUBLIC) && !modifiers.contains(Modifier.PROTECTED)) {
          return;
        }
      }
      facts.fieldsWritableElsewhere.add(fieldKey(field));
    }

    /** Types whose values no code changes: a primitive's box and a string. */
    private static final Set<String> VALUE_TYPES =
        Set.of(
            "java.lang.String",
            "java.lang.Long",
            "java.lang.Integer",
            "java.lang.Short",
            "java.lang.Byte",
            "java.lang.Character",
            "java.lang.Boolean",
            "java.lang.Double",
            "java.lang.Float");

    /** Every parameter and the result {@link #unchangeable} (or void). */
    private boolean takesAndReturnsValues(ExecutableElement method) {
      return Stream.concat(
              Stream.of(method.getReturnType()),
              method.getParameters().stream().map(VariableElement::asType))
          .allMatch(t -> unchangeable(t, 0));
    }

    /**
     * A value no code can change: a primitive, a string or a box; an enum constant (the same object
     * in APP and VAL); a record whose components are such values (not user data). An answer of such
     * a type can be handed to VAL as it is, and an argument of one cannot be filled.
     */
    private boolean unchangeable(TypeMirror t, int depth) {
      if (t.getKind().isPrimitive()
          || t.getKind() == TypeKind.VOID
          || VALUE_TYPES.contains(types.erasure(t).toString())) {
        return true;
      }
      if (depth > 4 || !(t instanceof DeclaredType declared)) {
        return false;
      }
      Element type = declared.asElement();
      if (type.getKind() == ElementKind.ENUM) {
        return true;
      }
      return type.getKind() == ElementKind.RECORD
          && !isUserData(type)
          && ((TypeElement) type)
              .getRecordComponents().stream()
                  .allMatch(c -> unchangeable(c.getAccessor().getReturnType(), depth + 1));
    }

    /** The names of {@code type}'s own instance fields, comma-separated, as a copy passes them. */
    private static String instanceFieldNames(TypeElement type) {
      return ElementFilter.fieldsIn(type.getEnclosedElements()).stream()
          .filter(f -> !f.getModifiers().contains(Modifier.STATIC))
          .map(f -> f.getSimpleName().toString())
          .collect(java.util.stream.Collectors.joining(", "));
    }

    private String fieldKey(VariableElement field) {
      return names.binaryName((TypeElement) field.getEnclosingElement())
          + "#"
          + field.getSimpleName();
    }

    /**
     * {@code m.f = e} in a block that declared {@code T m = new T(..)} before it, with only such
     * writes of {@code m}'s fields in between and {@code e} not naming {@code m}: the method fills
     * in an object nothing else has seen yet, as a constructor would ({@code Maker m = new Maker();
     * m.cur = cur; return m.make();}).
     */
    private boolean buildingNewLocal(MemberSelectTree select) {
      if (!(withoutParentheses(select.getExpression()) instanceof IdentifierTree local)) {
        return false;
      }
      TreePath assignment = getCurrentPath().getParentPath();
      TreePath statement = assignment.getParentPath();
      if (!(assignment.getLeaf() instanceof AssignmentTree write)
          || names(write.getExpression(), local)
          || !(statement.getLeaf() instanceof ExpressionStatementTree)
          || !(statement.getParentPath().getLeaf() instanceof BlockTree block)) {
        return false;
      }
      List<? extends StatementTree> statements = block.getStatements();
      for (int i = statements.indexOf(statement.getLeaf()) - 1; i >= 0; i--) {
        StatementTree before = statements.get(i);
        if (before instanceof VariableTree declared
            && declared.getName().contentEquals(local.getName())) {
          return declared.getInitializer() != null
              && withoutParentheses(declared.getInitializer()) instanceof NewClassTree made
              && !names(made, local);
        }
        if (!(before instanceof ExpressionStatementTree e
            && e.getExpression() instanceof AssignmentTree earlier
            && withoutParentheses(earlier.getVariable()) instanceof MemberSelectTree target
            && withoutParentheses(target.getExpression()) instanceof IdentifierTree same
            && same.getName().contentEquals(local.getName())
            && !names(earlier.getExpression(), local))) {
          return false;
        }
      }
      return false;
    }

    /** Whether {@code tree} mentions the name of {@code local} anywhere. */
    private static boolean names(Tree tree, IdentifierTree local) {
      boolean[] found = {false};
      new TreeScanner<Void, Void>() {
        @Override
        public Void visitIdentifier(IdentifierTree node, Void unused) {
          found[0] |= node.getName().contentEquals(local.getName());
          return null;
        }
      }.scan(tree, null);
      return found[0];
    }

    /**
     * Whether {@code value} is an array no other code holds yet: a new one, a copy ({@code
     * clone()}, {@code Arrays.copyOf}, {@code copyOfRange}), or either of a conditional's.
     */
    private boolean madeHere(ExpressionTree value) {
      Tree tree = withoutParentheses(value);
      if (tree instanceof NewArrayTree) {
        return true;
      }
      if (tree instanceof ConditionalExpressionTree c) {
        return madeHere(c.getTrueExpression()) && madeHere(c.getFalseExpression());
      }
      if (tree instanceof MethodInvocationTree call
          && trees.getElement(new TreePath(getCurrentPath(), call))
              instanceof ExecutableElement method) {
        String name = method.getSimpleName().toString();
        String owner = names.binaryName(JavaNames.enclosingType(method));
        return (name.equals("clone") && method.getParameters().isEmpty())
            || (owner.equals("java.util.Arrays")
                && (name.equals("copyOf") || name.equals("copyOfRange")));
      }
      return false;
    }

    /** The node is what an assignment, compound assignment, {@code ++} or {@code --} writes. */
    private boolean isAssignmentTarget(Tree node) {
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      return (parent instanceof AssignmentTree a && a.getVariable() == node)
          || (parent instanceof CompoundAssignmentTree c && c.getVariable() == node)
          || (parent instanceof UnaryTree u && u.getExpression() == node && isStep(u));
    }

    /** {@code ++} or {@code --}, prefix or postfix: a write of its operand. */
    private static boolean isStep(UnaryTree unary) {
      return unary.getKind() == Tree.Kind.PREFIX_INCREMENT
          || unary.getKind() == Tree.Kind.PREFIX_DECREMENT
          || unary.getKind() == Tree.Kind.POSTFIX_INCREMENT
          || unary.getKind() == Tree.Kind.POSTFIX_DECREMENT;
    }

    /** Records {@code method} as an override of each method it overrides. */
    private void recordOverrides(ExecutableElement method, TypeElement owner, String id) {
      if (method.getKind() != ElementKind.METHOD
          || method.getModifiers().contains(Modifier.STATIC)
          || method.getModifiers().contains(Modifier.ABSTRACT)) {
        return;
      }
      for (TypeElement supertype : supertypes(owner, new LinkedHashSet<>())) {
        for (Element member : supertype.getEnclosedElements()) {
          if (member instanceof ExecutableElement other
              && other.getSimpleName().equals(method.getSimpleName())
              && elements.overrides(method, other, owner)) {
            facts
                .overrides
                .computeIfAbsent(names.methodId(other), k -> new LinkedHashSet<>())
                .add(id);
            if (isUserData(supertype) && !declaredInSources(supertype)) {
              facts.userDataOverridesOutside.put(id, names.methodId(other));
            }
          }
        }
      }
    }

    /** Every class and interface {@code type} extends or implements, transitively. */
    private Set<TypeElement> supertypes(TypeElement type, Set<TypeElement> found) {
      for (TypeMirror direct : types.directSupertypes(type.asType())) {
        if (types.asElement(direct) instanceof TypeElement t && found.add(t)) {
          supertypes(t, found);
        }
      }
      return found;
    }

    /**
     * What is wrong with this use of a user-data array of references, or null: it may be indexed,
     * asked its length, compared, assigned a new array, null or another such field, or assigned to
     * another such field, and nothing else (it is not a Java array once rewritten).
     */
    private String arrayMisuse(Tree node, String name) {
      // (cells)[i], for (Cell c : odd ? cells : others): such an expression is the array.
      TreePath use = arrayExpression(getCurrentPath());
      Tree parent = use.getParentPath().getLeaf();
      if ((parent instanceof ArrayAccessTree a && a.getExpression() == use.getLeaf())
          || (parent instanceof MemberSelectTree m
              && m.getExpression() == use.getLeaf()
              && m.getIdentifier().contentEquals("length"))
          || (parent instanceof EnhancedForLoopTree loop && loop.getExpression() == use.getLeaf())
          || parent.getKind() == Tree.Kind.EQUAL_TO
          || parent.getKind() == Tree.Kind.NOT_EQUAL_TO) {
        return null;
      }
      if (use != getCurrentPath()) {
        return arrayPassed(use, name);
      }
      if (parent instanceof VariableTree v) {
        Element local = trees.getElement(getCurrentPath().getParentPath());
        if (v.getInitializer() == node
            && local != null
            && local.getKind() == ElementKind.LOCAL_VARIABLE) {
          // Cell[] c = this.cells: the local gets the field's type (its uses are checked).
          arrayLocals.add(local);
          fileFacts.arrayLocalInitializers.add(span(node));
          return null;
        }
        return "the user-data array " + name + " assigned to a variable";
      }
      if (parent instanceof AssignmentTree a) {
        TreePath assignment = getCurrentPath().getParentPath();
        TreePath variable = new TreePath(assignment, a.getVariable());
        TreePath value = new TreePath(assignment, a.getExpression());
        if (a.getVariable() != node) {
          // Another such field: the field assigned checks the types (below).
          return isReferenceArrayField(variable)
              ? null
              : "the user-data array " + name + " assigned to a variable of another kind";
        }
        if (isReferenceArrayField(value)) {
          return otherElementType(variable, value);
        }
        if (a.getExpression() instanceof NewArrayTree
            || a.getExpression().getKind() == Tree.Kind.NULL_LITERAL) {
          return null;
        }
        // Acc[] nu = new Acc[n + 1]; ...; accs = nu: the local is a Java array, the field is not.
        Element assigned = trees.getElement(value);
        return (a.getExpression() instanceof IdentifierTree local
                    && assigned != null
                    && assigned.getKind() == ElementKind.LOCAL_VARIABLE
                ? "an array held in the local " + local.getName() + ", a Java array,"
                : "an array made elsewhere (a call's result, a parameter, a copy)")
            + " assigned to the user-data array "
            + name;
      }
      return arrayPassed(getCurrentPath(), name);
    }

    /**
     * What is wrong with the user-data array expression at {@code array} given to a call, or null
     * when the call only reads or copies it, or is a statement {@code Arrays.fill} of it. The
     * element type is the field's (at the current path): a conditional passed to {@code
     * Arrays.fill(Object[], Object)} has the parameter's type.
     */
    private String arrayPassed(TreePath array, String name) {
      TypeMirror field = trees.getTypeMirror(getCurrentPath());
      MethodInvocationTree writer = writingCall(array);
      if (writer != null && field instanceof ArrayType type) {
        // Arrays.fill(cells, v); as a statement: it runs on a copy that is written back.
        fileFacts.arrayUpdates.put(span(writer), types.erasure(type.getComponentType()).toString());
        return null;
      }
      if (copiedByCall(array) && field instanceof ArrayType type) {
        // Arrays.stream(cells), cells.clone(): the call gets a Java array of the slots.
        fileFacts.arrayCopies.put(
            span(array.getLeaf()), types.erasure(type.getComponentType()).toString());
        return null;
      }
      String inPlace = arraysWriter(array);
      if (inPlace != null) {
        return "Arrays."
            + inPlace
            + " of the user-data array "
            + name
            + " in place (what it calls back may read the array while it is written, which a"
            + " validator cannot repeat)";
      }
      return "the user-data array " + name + " used as a value (an argument, a receiver, a result)";
    }

    /** The name of the {@code java.util.Arrays} method that writes the array at {@code path}. */
    private String arraysWriter(TreePath path) {
      String name = arraysMethod(path);
      // Set.of(...).contains(null) throws.
      return name != null && WRITING_ARRAYS_METHODS.contains(name) ? name : null;
    }

    /**
     * The name of the {@code java.util.Arrays} method whose first argument is the array at {@code
     * path}, or null.
     */
    private String arraysMethod(TreePath path) {
      TreePath parentPath = path.getParentPath();
      return parentPath.getLeaf() instanceof MethodInvocationTree call
              && !call.getArguments().isEmpty()
              && call.getArguments().get(0) == path.getLeaf()
              && trees.getElement(parentPath) instanceof ExecutableElement method
              && ((TypeElement) method.getEnclosingElement())
                  .getQualifiedName()
                  .contentEquals("java.util.Arrays")
          ? method.getSimpleName().toString()
          : null;
    }

    /**
     * The statement call of {@code Arrays.fill} whose first argument is the array at {@code array},
     * or null. Not {@code sort} or {@code setAll}, whose comparator or generator may read the array
     * while the call writes it, which a copy would not show.
     */
    private MethodInvocationTree writingCall(TreePath array) {
      TreePath call = array.getParentPath();
      Tree around = call.getParentPath().getLeaf();
      return "fill".equals(arraysMethod(array))
              // A statement, or the body of an expression lambda (void, as fill is): a block then.
              && (around instanceof ExpressionStatementTree
                  || around instanceof LambdaExpressionTree)
              // A for loop's init or update: an expression there, no statement to replace.
              && !(call.getParentPath().getParentPath().getLeaf() instanceof ForLoopTree)
          ? (MethodInvocationTree) call.getLeaf()
          : null;
    }

    /**
     * Whether the array at {@code array} is the receiver of {@code clone()} or an argument of a JDK
     * method that only reads or copies it ({@code Arrays.stream}, {@code copyOf}, {@code toString},
     * {@code equals}, {@code List.of(E...)}, {@code Stream.of(T...)}), which may as well get a copy
     * of its slots. Not {@code Arrays.asList} (a view that writes through), {@code sort} or {@code
     * fill} (which write).
     */
    private boolean copiedByCall(TreePath array) {
      Tree node = array.getLeaf();
      TreePath parentPath = array.getParentPath();
      Tree parent = parentPath.getLeaf();
      if (parent instanceof MemberSelectTree select
          && select.getExpression() == node
          && select.getIdentifier().contentEquals("clone")) {
        return parentPath.getParentPath().getLeaf() instanceof MethodInvocationTree call
            && call.getMethodSelect() == select
            && call.getArguments().isEmpty();
      }
      if (!(parent instanceof MethodInvocationTree call)
          || !call.getArguments().contains((ExpressionTree) node)
          || !(trees.getElement(parentPath) instanceof ExecutableElement method)) {
        return false;
      }
      String owner = ((TypeElement) method.getEnclosingElement()).getQualifiedName().toString();
      String name = method.getSimpleName().toString();
      return switch (owner) {
        case "java.util.Arrays" -> READING_ARRAYS_METHODS.contains(name);
        case "java.util.List", "java.util.Set", "java.util.stream.Stream" ->
            name.equals("of") && method.isVarArgs() && method.getParameters().size() == 1;
        default -> false;
      };
    }

    /**
     * The largest expression around the user-data array at {@code path} that gives that array or
     * another of its type: parentheses, a conditional whose other branch is another user-data array
     * of the same type or {@code null} ({@code odd ? cells : others}), and a switch expression
     * whose arms are such expressions or throws.
     */
    private TreePath arrayExpression(TreePath path) {
      TypeMirror type = types.erasure(trees.getTypeMirror(path));
      while (true) {
        TreePath up = path.getParentPath();
        Tree leaf = path.getLeaf();
        if (up.getLeaf() instanceof ParenthesizedTree) {
          path = up;
        } else if (up.getLeaf() instanceof ConditionalExpressionTree c
            && c.getCondition() != leaf
            && sameArray(
                new TreePath(
                    up,
                    c.getTrueExpression() == leaf ? c.getFalseExpression() : c.getTrueExpression()),
                type)) {
          path = up;
        } else if (up.getLeaf() instanceof CaseTree arm
            && arm.getCaseKind() == CaseTree.CaseKind.RULE
            && arm.getBody() == leaf
            && up.getParentPath().getLeaf() instanceof SwitchExpressionTree
            && sameArray(up.getParentPath(), type)) {
          path = up.getParentPath();
        } else {
          return path;
        }
      }
    }

    /** A user-data array field of {@code type}, or such an expression, or {@code null}. */
    private boolean sameArray(TreePath path, TypeMirror type) {
      Tree leaf = path.getLeaf();
      if (leaf instanceof ParenthesizedTree p) {
        return sameArray(new TreePath(path, p.getExpression()), type);
      }
      if (leaf instanceof ConditionalExpressionTree c) {
        return sameArray(new TreePath(path, c.getTrueExpression()), type)
            && sameArray(new TreePath(path, c.getFalseExpression()), type);
      }
      if (leaf instanceof SwitchExpressionTree choice) {
        // Every arm an expression that gives such an array, or a throw.
        for (CaseTree arm : choice.getCases()) {
          TreePath armPath = new TreePath(path, arm);
          if (arm.getCaseKind() != CaseTree.CaseKind.RULE
              || !(arm.getBody() instanceof ThrowTree
                  || (arm.getBody() instanceof ExpressionTree
                      && sameArray(new TreePath(armPath, arm.getBody()), type)))) {
            return false;
          }
        }
        return true;
      }
      if (leaf.getKind() == Tree.Kind.NULL_LITERAL) {
        return true;
      }
      Element e = trees.getElement(path);
      return (isReferenceArrayField(path) || (e != null && arrayLocals.contains(e)))
          && types.isSameType(types.erasure(trees.getTypeMirror(path)), type);
    }

    private static final String OTHER_ELEMENT_TYPE = "a user-data array of type ";

    /**
     * Null when one user-data array field is assigned another of the same type; else what is wrong:
     * a Java array of {@code Sub} may be held as one of {@code Acc}, where a store of an {@code
     * Acc} throws; a user-data array has no such check for a type it was not made with.
     */
    private String otherElementType(TreePath variable, TreePath value) {
      TypeMirror to = types.erasure(trees.getTypeMirror(variable));
      TypeMirror from = types.erasure(trees.getTypeMirror(value));
      return types.isSameType(to, from)
          ? null
          : OTHER_ELEMENT_TYPE + from + " assigned to one of type " + to;
    }

    private boolean isReferenceArrayField(TreePath path) {
      Element e = trees.getElement(path);
      return e != null
          && e.getKind() == ElementKind.FIELD
          && !e.getModifiers().contains(Modifier.STATIC)
          && isUserData(e.getEnclosingElement())
          && isReferenceArray(e.asType());
    }

    /**
     * For an instance field named without a receiver: null when {@code this} holds it, else the
     * simple name of the enclosing class whose instance does (an inner class reading its outer
     * instance's field).
     */
    private String enclosingInstance(VariableElement field) {
      TypeElement owner = (TypeElement) field.getEnclosingElement();
      TypeElement here = enclosingClass();
      if (here == null || isSubclass(here, owner)) {
        return null;
      }
      for (Element e = here.getEnclosingElement(); e != null; e = e.getEnclosingElement()) {
        if (e instanceof TypeElement outer && isSubclass(outer, owner)) {
          return outer.getSimpleName().toString();
        }
      }
      return null;
    }

    private boolean isSubclass(TypeElement type, TypeElement owner) {
      return types.isSubtype(types.erasure(type.asType()), types.erasure(owner.asType()));
    }

    /** The innermost class declaration around the current node, or null. */
    private TypeElement enclosingClass() {
      for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
        if (p.getLeaf() instanceof ClassTree && trees.getElement(p) instanceof TypeElement t) {
          return t;
        }
      }
      return null;
    }

    /**
     * Whether {@code access} (a use of {@code field}, or of an array it holds) is part of building
     * the field's value: in a constructor or an instance initializer of the field's class, through
     * {@code this} (implicitly or not), for an instance field; in a static initializer of the class
     * for a static field. Not in a lambda or a class within. A constructor that writes a static
     * field, or a field of another object ({@code prev.level = lvl}), changes a value closures may
     * already read, as any method does.
     */
    private boolean constructing(VariableElement field, Tree access) {
      TypeElement owner = (TypeElement) field.getEnclosingElement();
      boolean isStatic = field.getModifiers().contains(Modifier.STATIC);
      Tree named = withoutParentheses(access);
      if (named instanceof MemberSelectTree select
          && !isStatic
          && !(withoutParentheses(select.getExpression()) instanceof IdentifierTree self
              && self.getName().contentEquals("this"))) {
        return buildingNewLocal(select);
      }
      if (named instanceof IdentifierTree
          && !field.equals(trees.getElement(new TreePath(getCurrentPath(), named)))) {
        return false; // a local holding the field's array, which may be another object's
      }
      Tree member = null;
      for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
        Tree leaf = p.getLeaf();
        if (leaf instanceof LambdaExpressionTree) {
          return false;
        }
        if (leaf instanceof MethodTree) {
          Element m = trees.getElement(p);
          return !isStatic
              && m != null
              && m.getKind() == ElementKind.CONSTRUCTOR
              && m.getEnclosingElement().equals(owner);
        }
        if (leaf instanceof ClassTree) {
          // A field initializer or initializer block of this class (no method on the way).
          boolean staticMember =
              member instanceof BlockTree block
                  ? block.isStatic()
                  : member instanceof VariableTree v
                      && v.getModifiers().getFlags().contains(Modifier.STATIC);
          return owner.equals(trees.getElement(p)) && staticMember == isStatic;
        }
        member = leaf;
      }
      return false;
    }

    @Override
    public Void visitAssignment(AssignmentTree node, Void unused) {
      sharedArrayWrite(node.getVariable());
      Element target = trees.getElement(new TreePath(getCurrentPath(), node.getVariable()));
      if (target != null && target.getKind() == ElementKind.LOCAL_VARIABLE) {
        if (node.getExpression() instanceof NewClassTree) {
          facts.freshLocals.add(target);
        } else {
          facts.reassignedLocals.add(target);
        }
      }
      return super.visitAssignment(node, unused);
    }

    @Override
    public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof ExecutableElement method) {
        String target = names.methodId(method);
        // The name the processor reports a JDK call by (receiver type and signature): the
        // non-deterministic calls to record are listed by it.
        String reported =
            jdk.target(
                method,
                jdk.receiverType(
                    trees, getCurrentPath(), node.getMethodSelect(), method, enclosingClass()));
        if (isSuperClone(node, method) && isUserData(enclosingClass())) {
          problem(
              node,
              "super.clone() in a user-data class: the copy would share the original's versions",
              "make the copy in a method that passes this object's fields to a constructor"
                  + " (return new "
                  + enclosingClass().getSimpleName()
                  + "("
                  + instanceFieldNames(enclosingClass())
                  + ");)");
        }
        boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
        if (!isStatic
            && isUserData(method.getEnclosingElement())
            && node.getMethodSelect() instanceof MemberSelectTree select
            && !isThis(select.getExpression())
            && !(select.getExpression() instanceof IdentifierTree superRef
                && superRef.getName().contentEquals("super"))) {
          // other.balance() in a copy constructor.
          readsOtherUserData();
        }
        String returnType = types.erasure(method.getReturnType()).toString();
        if (resultUnused(getCurrentPath())) {
          fileFacts.unusedResults.add(span(node));
        }
        if (!isJdk(method)) {
          recordedValue(method);
          libraryEffect(method, target);
          if (!declaredInSources(method) && hasBridges(method)) {
            facts.bridgedElsewhere.add(target);
          }
        }
        if (changesASnapshot(node, method)) {
          fileFacts.snapshotChanges.add(span(node));
        }
        boolean oneShotResult = oneShot(trees.getTypeMirror(getCurrentPath()));
        boolean onShared =
            !isStatic && (sharedLibraryReceiver(node) || statefulJdkField(node, method));
        SnapshotUse snapshot =
            onShared ? snapshotUse(node, method, oneShotResult) : SnapshotUse.NONE;
        if (snapshot != SnapshotUse.NONE && mutableElements(node)) {
          // groups.values().stream().flatMap(List::stream): the stages read the lists live.
          unrecorded(node, "iterated with the application's mutable objects in it");
        }
        List<Integer> sharedArguments =
            !onShared && isJdk(method) ? sharedArguments(node.getArguments()) : List.of();
        // items.forEach(a.listener), Optional.of(v).map(stamp): the JDK runs the program's
        // callback, which the validator must not run again, and changes nothing else (unlike
        // list.sort(BY_NAME), which VAL must make too).
        boolean runsHeldCallback =
            isJdk(method)
                && !oneShotResult
                && (CALLBACK_RUNNERS.contains(method.getSimpleName().toString())
                        && heldArgument(getCurrentPath(), node)
                    || heldStage(node));
        // A static JDK method reads (or changes) its shared argument where the closure cannot see
        // it: record it as a call on the object would be. An instance method of an object the
        // closure owns must run in both variants (sb.append, mine.addAll change their receiver):
        // it gets copies of the shared collections it takes instead.
        boolean recordedShared =
            runsHeldCallback
                || !oneShotResult && libraryServiceCall(node, method)
                || (onShared
                    ? snapshot == SnapshotUse.NONE && !oneShotResult
                    : isStatic && !oneShotResult && !sharedArguments.isEmpty());
        List<Integer> snapshotArguments =
            recordedShared ? List.of() : iterableParameters(method, sharedArguments);
        if (!onShared && !recordedShared) {
          unrecordedArguments(
              node.getArguments(),
              isJdk(method) ? sharedArguments : sharedArguments(node.getArguments()),
              snapshotArguments,
              method);
        }
        if (recordedShared) {
          recordedBy(facts.sharedCallsByMethod, reported);
        }
        if (snapshot != SnapshotUse.NONE || !snapshotArguments.isEmpty()) {
          recordedBy(facts.snapshotsByMethod, reported);
        }
        boolean identityHashed = !recordedShared && identityHashing(node, method, isStatic);
        if (!onShared && !recordedShared && !isStatic && isPersistentCollection(method)) {
          // prices.plus(sku, p): pcollections hash or compare keys as the JDK's maps do.
          TypeMirror receiver =
              jdk.receiverType(
                  trees, getCurrentPath(), node.getMethodSelect(), method, enclosingClass());
          if (receiver != null && orders(receiver) && !node.getArguments().isEmpty()) {
            boolean map = jdk.isA(receiver, "java.util.Map");
            calledBack(map ? node.getArguments().subList(0, 1) : node.getArguments(), method);
          }
        }
        if (!onShared && !recordedShared && isJdk(method)) {
          runsOverride(node, method);
          heldFunctions(node.getArguments(), method);
          TypeMirror receiver =
              isStatic
                  ? null
                  : jdk.receiverType(
                      trees, getCurrentPath(), node.getMethodSelect(), method, enclosingClass());
          if (!identityHashed && callsBack(node, method, receiver)) {
            // A map hashes or compares its keys only: put(k, v) calls back k's methods, not v's.
            boolean map = receiver != null && jdk.isA(receiver, "java.util.Map");
            calledBack(map ? node.getArguments().subList(0, 1) : node.getArguments(), method);
          }
          if (receiver != null && ITERATING_DEFAULTS.contains(jdkName(method))) {
            // list.forEach(...) on an Iterable of the sources: the JDK's default method calls its
            // iterator() as written, as a for-each loop does.
            iteratedAsWritten(
                node,
                receiver,
                method.getEnclosingElement().getSimpleName()
                    + "."
                    + method.getSimpleName()
                    + "(...)");
          }
        }
        appendedApart(node, method);
        if (identityHashed) {
          recordedBy(facts.sharedCallsByMethod, reported);
        }
        fileFacts.calls.put(
            span(node),
            new CallFact(
                target,
                reported,
                isStatic,
                returnType,
                // super(...) and this(...) in a constructor: the new expression is the call.
                method.getKind() == ElementKind.CONSTRUCTOR ? null : seeded(method),
                recordedShared,
                snapshot,
                snapshotArguments,
                siteType(returnType),
                isJdk(method) && node.getArguments().stream().anyMatch(this::sharedGenerator),
                method.isVarArgs() ? method.getParameters().size() - 1 : -1,
                identityHashed,
                checkedThrows(method),
                !isJdk(method)
                    && (method.getModifiers().contains(Modifier.ABSTRACT) || overridable(method))
                    && takesAndReturnsValues(method)
                    && !onObjectMadeHere(node)));
        Map<String, String> overrides = objectMethodOverrides(node, method);
        if (!overrides.isEmpty()) {
          fileFacts.objectMethodOverrides.put(span(node), overrides);
        }
        if (!enclosingMethods.isEmpty()) {
          Set<String> calls =
              facts.callees.computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>());
          calls.add(target);
          calls.add(reported);
          // shape.equals(other): the overrides a class of the sources may run are called too.
          calls.addAll(overrides.values());
        }
      }
      return super.visitMethodInvocation(node, unused);
    }

    /**
     * For {@code recv.equals(x)}, {@code hashCode()}, {@code toString()} or {@code compareTo(x)}
     * resolved to the JDK's declaration (the receiver's type is an interface, {@code Object}, a
     * type variable or a class that does not override it): the classes of the sources of the
     * receiver's type that override it, with their override's id. The JVM runs one of those, which
     * the rewriter instruments; through the JDK's declaration a closure's variants would reach its
     * plain body.
     */
    private Map<String, String> objectMethodOverrides(
        MethodInvocationTree node, ExecutableElement method) {
      if (!isJdk(method)
          || method.getModifiers().contains(Modifier.STATIC)
          || !OBJECT_METHODS.contains(method.getSimpleName().toString())
          || !(node.getMethodSelect() instanceof MemberSelectTree select)) {
        return Map.of();
      }
      TypeMirror receiver = trees.getTypeMirror(receiverPath(getCurrentPath(), select));
      boolean variable = receiver != null && receiver.getKind() == TypeKind.TYPEVAR;
      if (!variable
          && (!(receiver instanceof DeclaredType declared)
              || receiver.getKind() != TypeKind.DECLARED
              || declared.asElement().getModifiers().contains(Modifier.FINAL))) {
        // A final class (name.equals(key)) has no subclass that could override the method; one
        // of the sources that overrides it is resolved to its own method, not the JDK's.
        return Map.of();
      }
      // A type variable's receiver (a.compareTo(b) with <T extends Comparable<T>>) may be of any
      // class below its bound, which its erasure is.
      Map<String, String> overrides = new TreeMap<>();
      String here = elements.getPackageOf(enclosingClass()).getQualifiedName().toString();
      overridesBelow(types.erasure(receiver), method)
          .forEach(
              (type, override) -> {
                if (nameableFrom(type, here)) {
                  overrides.put(names.binaryName(type), names.methodId(override));
                }
              });
      return overrides;
    }

    /**
     * The classes and enums of the sources below {@code base} that declare an override of {@code
     * method}, each with its override, in the order the sources were entered.
     */
    private Map<TypeElement, ExecutableElement> overridesBelow(
        TypeMirror base, ExecutableElement method) {
      Map<TypeElement, ExecutableElement> found = new LinkedHashMap<>();
      for (TypeElement type : sourceTypes()) {
        if (type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.ENUM
            || !types.isSubtype(types.erasure(type.asType()), base)) {
          continue;
        }
        for (Element member : type.getEnclosedElements()) {
          if (member instanceof ExecutableElement m
              && m.getSimpleName().equals(method.getSimpleName())
              && elements.overrides(m, method, type)) {
            found.put(type, m);
          }
        }
      }
      return found;
    }

    /** Whether code of package {@code pkg} can name {@code type} (and every class around it). */
    private boolean nameableFrom(TypeElement type, String pkg) {
      boolean samePackage = elements.getPackageOf(type).getQualifiedName().contentEquals(pkg);
      for (Element t = type; t instanceof TypeElement; t = t.getEnclosingElement()) {
        Set<Modifier> mods = t.getModifiers();
        if (mods.contains(Modifier.PRIVATE) || !samePackage && !mods.contains(Modifier.PUBLIC)) {
          return false;
        }
      }
      return true;
    }

    /**
     * A call of library code (a class on the class path, not the sources' nor the JDK's, and not a
     * closure, whose variants another build made) that a validator must not make again: its effect
     * is noted, and the call is recorded (decision 0068).
     */
    private void libraryEffect(ExecutableElement method, String target) {
      boolean constructor = method.getKind() == ElementKind.CONSTRUCTOR;
      if ((method.getKind() != ElementKind.METHOD && !constructor)
          || declaredInSources(method)
          || method.getAnnotation(Closure.class) != null
          || facts.libraryEffects.containsKey(target)) {
        return;
      }
      String owner = names.binaryName(JavaNames.enclosingType(method)).replace('.', '/');
      boolean dispatched =
          !constructor
              && !method.getModifiers().contains(Modifier.STATIC)
              && !method.getModifiers().contains(Modifier.PRIVATE)
              && !method.getModifiers().contains(Modifier.FINAL);
      String effect =
          library.effect(
              owner,
              constructor ? "<init>" : method.getSimpleName().toString(),
              descriptor(method),
              dispatched);
      if (effect != null) {
        facts.libraryEffects.put(target, effect);
      }
    }

    /** The JVM descriptor of {@code method} as declared (erased). */
    private String descriptor(ExecutableElement method) {
      StringBuilder d = new StringBuilder("(");
      for (VariableElement p : method.getParameters()) {
        d.append(descriptor(types.erasure(p.asType())));
      }
      return d.append(')').append(descriptor(types.erasure(method.getReturnType()))).toString();
    }

    private String descriptor(TypeMirror type) {
      return switch (type.getKind()) {
        case BOOLEAN -> "Z";
        case BYTE -> "B";
        case CHAR -> "C";
        case SHORT -> "S";
        case INT -> "I";
        case LONG -> "J";
        case FLOAT -> "F";
        case DOUBLE -> "D";
        case VOID -> "V";
        case ARRAY -> "[" + descriptor(types.erasure(((ArrayType) type).getComponentType()));
        case DECLARED ->
            "L"
                + names
                    .binaryName((TypeElement) ((DeclaredType) type).asElement())
                    .replace('.', '/')
                + ";";
        default -> "Ljava/lang/Object;";
      };
    }

    /**
     * A call of a method of the program that may return a shared object ({@link #returnsShared}):
     * APP records the object it returns, VAL runs the method and takes APP's object, so that the
     * calls on it, recorded as on any shared object, replay what APP's object gave.
     */
    private void recordedValue(ExecutableElement method) {
      TypeMirror type = trees.getTypeMirror(getCurrentPath());
      if (type != null
          && type.getKind() == TypeKind.DECLARED
          && mutableJdk(type)
          && returnsShared(method, 0)) {
        fileFacts.recordedValues.put(
            span(getCurrentPath().getLeaf()), siteType(types.erasure(type).toString()));
        recordedBy(facts.sharedCallsByMethod, names.methodId(method));
      }
    }

    @Override
    public Void visitConditionalExpression(ConditionalExpressionTree node, Void unused) {
      TypeMirror type = trees.getTypeMirror(getCurrentPath());
      if (type != null && type.getKind() == TypeKind.DECLARED && mutableJdk(type)) {
        boolean first = sharedObject(new TreePath(getCurrentPath(), node.getTrueExpression()), 0);
        boolean second = sharedObject(new TreePath(getCurrentPath(), node.getFalseExpression()), 0);
        if (first != second) {
          // l != null ? l : new ArrayList<>(): VAL takes APP's object whichever branch it was.
          fileFacts.recordedValues.put(span(node), siteType(types.erasure(type).toString()));
        }
      }
      return super.visitConditionalExpression(node, unused);
    }

    /**
     * The receiver of a call that iterates it holds mutable JDK objects ({@code Collection<List<
     * String>>}, a {@code Map} of lists): a type argument of its type is one.
     */
    private boolean mutableElements(MethodInvocationTree node) {
      TypeMirror receiver =
          trees.getTypeMirror(
              receiverPath(getCurrentPath(), (MemberSelectTree) node.getMethodSelect()));
      return receiver instanceof DeclaredType declared
          && declared.getTypeArguments().stream()
              .anyMatch(a -> a.getKind() == TypeKind.DECLARED && mutableJdk(a));
    }

    /**
     * The expression at {@code path} is a statement of its own ({@code audit.add(x);}) or the body
     * of an expression lambda whose function returns nothing; an arm of a switch expression, or a
     * lambda whose function returns a value, uses it.
     */
    private boolean resultUnused(TreePath path) {
      Tree parent = path.getParentPath().getLeaf();
      if (parent instanceof ExpressionStatementTree) {
        return true;
      }
      // Not an intersection ((Runnable & Serializable) () -> ...): a DeclaredType to javac whose
      // class has no members.
      if (!(parent instanceof LambdaExpressionTree)
          || !(trees.getTypeMirror(path.getParentPath()) instanceof DeclaredType function)
          || function.getKind() != TypeKind.DECLARED) {
        return false;
      }
      // The function's one abstract method (Comparator also redeclares equals).
      for (Element member : elements.getAllMembers((TypeElement) function.asElement())) {
        if (member instanceof ExecutableElement m
            && m.getModifiers().contains(Modifier.ABSTRACT)
            && !jdk.isObjectMethod(m)) {
          return ((ExecutableType) types.asMemberOf(function, m)).getReturnType().getKind()
              == TypeKind.VOID;
        }
      }
      return false;
    }

    /**
     * Shared arguments a call neither records nor gets as snapshots: a method of the program (which
     * reads them where nothing is recorded), or a JDK method of an object the closure owns that
     * keeps or reads them otherwise than as a collection ({@code sb.append(journal)}, {@code
     * mine.add(tags)}).
     */
    private void unrecordedArguments(
        List<? extends ExpressionTree> arguments,
        List<Integer> shared,
        List<Integer> snapshots,
        ExecutableElement callee) {
      for (int i : shared) {
        if (!snapshots.contains(i)) {
          unrecorded(
              arguments.get(i),
              (callee.getKind() == ElementKind.CONSTRUCTOR
                      ? "passed to new " + callee.getEnclosingElement().getSimpleName()
                      : "passed to " + callee.getSimpleName())
                  + "(...)");
        }
      }
    }

    /**
     * Notes a shared object's {@code use} where the log records nothing: the enclosing method gets
     * variants, whose VAL stops there, and the report names the use.
     */
    private void unrecorded(ExpressionTree sharedObject, String use) {
      fileFacts.unrecordedShared.put(span(sharedObject), use);
      recordedBy(facts.unrecordedByMethod, "shared " + sharedObject + " " + use);
    }

    /**
     * {@code it.remove()} (or {@code set}, {@code add}) on an iterator of a snapshot, or {@code
     * e.setValue(v)} on an entry a for-each over a snapshot gave: a change through the copy, which
     * would not reach the application's collection (the copy refuses it).
     */
    private boolean changesASnapshot(MethodInvocationTree node, ExecutableElement method) {
      if (!(node.getMethodSelect() instanceof MemberSelectTree select)) {
        return false;
      }
      Element receiver =
          trees.getElement(
              new TreePath(new TreePath(getCurrentPath(), select), select.getExpression()));
      String name = method.getSimpleName().toString();
      return receiver != null
          && (snapshotIterators.contains(receiver) && Set.of("remove", "set", "add").contains(name)
              || snapshotElements.contains(receiver) && name.equals("setValue"));
    }

    /** A random generator the method did not make here ({@code new Random(seed)} is its own). */
    private boolean sharedGenerator(ExpressionTree argument) {
      TreePath value = unparenthesized(new TreePath(getCurrentPath(), argument));
      TypeMirror type = trees.getTypeMirror(value);
      if (type == null
          || type.getKind() != TypeKind.DECLARED
          || !jdk.isA(type, "java.util.Random")
              && !jdk.isA(type, "java.util.random.RandomGenerator")
          || value.getLeaf() instanceof NewClassTree) {
        return false;
      }
      Element element = trees.getElement(value);
      return !(element != null && facts.freshLocals.contains(element));
    }

    /** {@code super.clone()}, which reaches {@code Object.clone}. */
    private boolean isSuperClone(MethodInvocationTree node, ExecutableElement method) {
      return method.getSimpleName().contentEquals("clone")
          && method.getParameters().isEmpty()
          && node.getMethodSelect() instanceof MemberSelectTree select
          && select.getExpression() instanceof IdentifierTree id
          && id.getName().contentEquals("super");
    }

    /**
     * The call's receiver is a mutable JDK object of the program's control path ({@link
     * #sharedObject}).
     */
    private boolean sharedLibraryReceiver(MethodInvocationTree node) {
      return node.getMethodSelect() instanceof MemberSelectTree select
          && sharedObject(receiverPath(getCurrentPath(), select), 0);
    }

    /**
     * A call of a JDK method on a field that is not versioned (a static field, or one of a class
     * that is not user data) holding an object of a JDK type that is not a value ({@link
     * #jdkValue}): an iterator, a matcher, a buffer, a random generator, a supplier the program
     * injected ({@code jobs.next()}, {@code ids.getAsLong()}). The call may change the object, or
     * depend on the calls made on it since, so it is recorded as a call on a shared collection is:
     * APP makes it, VAL takes its result. So is a call on a user-data field holding a functional
     * interface of the JDK ({@code a.listener.accept(e)} of a {@code Consumer<String>}): the lambda
     * or object in it is the program's, made where the rewriter cannot tell, and a validator that
     * ran it again would repeat what it does (add to the application's list, count a tick).
     */
    private boolean statefulJdkField(MethodInvocationTree node, ExecutableElement method) {
      if (!isJdk(method)
          || !(node.getMethodSelect() instanceof MemberSelectTree select)
          || isSuperClone(node, method)) {
        // super.clone() in a plain class copies this object, which each variant has its own of.
        return false;
      }
      return heldObject(receiverPath(getCurrentPath(), select));
    }

    /**
     * A call of library code (a class on the class path, neither the sources' nor the JDK's, nor
     * user data of another build) on an object a field holds, other than a persistent or immutable
     * collection ({@link #IMMUTABLE_LIBRARIES}): the program's counter map, cache, registry or
     * builder ({@code counts.incrementAndGet(k)} of a Guava {@code AtomicLongMap}, a Jackson {@code
     * ArrayNode}), which a validator that made the call again would change a second time, or which
     * the application changed since APP read it. A user-data field holding one is no different: the
     * object is outside the versions. It is recorded when every argument is a value (a primitive, a
     * string, a boxed number, ...), a callback ({@code cache.get(k, () -> load(k))}, as a JDK map's
     * {@code computeIfAbsent} on a service's map is), user data, a library's object ({@code
     * log.add(node)}) or a collection that never changes ({@code List.of(...)}): a call handed a
     * JDK builder, collection or array, or a plain object of the program, which the library may
     * fill, still runs in both variants, since VAL's must be filled too.
     */
    private boolean libraryServiceCall(MethodInvocationTree node, ExecutableElement method) {
      if (isJdk(method)
          || declaredInSources(method)
          || method.getAnnotation(Closure.class) != null
          || method.getModifiers().contains(Modifier.STATIC)
          || !(node.getMethodSelect() instanceof MemberSelectTree select)
          || !(trees.getElement(unparenthesized(receiverPath(getCurrentPath(), select)))
              instanceof VariableElement field)
          || field.getKind() != ElementKind.FIELD
          || !(types.erasure(field.asType()) instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)
          || JavaNames.isJdk(type)
          || declaredInSources(type)
          || isUserData(type)
          || immutableLibrary(names.binaryName(type))
          || onObjectMadeHere(node)) {
        return false;
      }
      return node.getArguments().stream()
          .allMatch(a -> unfillable(new TreePath(getCurrentPath(), a)));
    }

    /**
     * Whether every value {@code variable} gets in the method {@code body} is a {@code new}, or (at
     * {@code depth} 0) a local whose every value is one ({@code n = new Counter(); ... held = n});
     * collects the assignments into {@code assignments}.
     */
    private boolean allFresh(
        VariableElement variable, TreePath body, List<AssignmentTree> assignments, int depth) {
      List<TreePath> values = new ArrayList<>();
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitAssignment(AssignmentTree a, Void unused) {
          if (trees.getElement(new TreePath(getCurrentPath(), a.getVariable())) == variable) {
            assignments.add(a);
            values.add(new TreePath(getCurrentPath(), a.getExpression()));
          }
          return super.visitAssignment(a, unused);
        }

        @Override
        public Void visitVariable(VariableTree v, Void unused) {
          if (trees.getElement(getCurrentPath()) == variable) {
            values.add(
                v.getInitializer() == null
                    ? null
                    : new TreePath(getCurrentPath(), v.getInitializer()));
          }
          return super.visitVariable(v, unused);
        }
      }.scan(body, null);
      if (values.isEmpty()) {
        return false;
      }
      for (TreePath value : values) {
        Tree leaf = value == null ? null : unparenthesized(value).getLeaf();
        boolean fresh =
            leaf != null
                && (leaf.getKind() == Tree.Kind.NEW_CLASS
                    || depth == 0
                        && leaf instanceof IdentifierTree
                        && trees.getElement(unparenthesized(value)) instanceof VariableElement local
                        && local.getKind() == ElementKind.LOCAL_VARIABLE
                        && allFresh(local, body, new ArrayList<>(), 1));
        if (!fresh) {
          return false;
        }
      }
      return true;
    }

    /**
     * Whether the call's receiver is a local or a field that holds an object the method made
     * ({@link #madeHere}): its class is the one the {@code new} names, whose method the call runs.
     */
    private boolean onObjectMadeHere(MethodInvocationTree node) {
      if (!(node.getMethodSelect() instanceof MemberSelectTree select)) {
        return false;
      }
      TreePath receiver = unparenthesized(receiverPath(getCurrentPath(), select));
      return trees.getElement(receiver) instanceof VariableElement variable
          && (variable.getKind() == ElementKind.FIELD
              || variable.getKind() == ElementKind.LOCAL_VARIABLE)
          && madeHere(variable, receiver.getLeaf());
    }

    /**
     * Whether {@code receiver}, a read of {@code variable} (a local or a field), holds at the
     * current call an object this execution made: every value the variable gets in the method is a
     * {@code new} ({@code Counter n = new Counter(); n.inc();}), and, for a field, one assignment
     * to the same expression is a statement of a block around the call, before it ({@code c = new
     * Counter(); return c.inc();}). Each variant then calls its own object.
     */
    private boolean madeHere(VariableElement variable, Tree receiver) {
      TreePath method = getCurrentPath();
      while (method != null && !(method.getLeaf() instanceof MethodTree)) {
        if (method.getLeaf() instanceof LambdaExpressionTree
            || method.getLeaf() instanceof ClassTree) {
          return false;
        }
        method = method.getParentPath();
      }
      if (method == null || ((MethodTree) method.getLeaf()).getBody() == null) {
        return false;
      }
      TreePath body = new TreePath(method, ((MethodTree) method.getLeaf()).getBody());
      List<AssignmentTree> assignments = new ArrayList<>();
      if (!allFresh(variable, body, assignments, 0)) {
        return false;
      }
      if (variable.getKind() == ElementKind.LOCAL_VARIABLE) {
        return true; // a local is assigned before it is read
      }
      for (TreePath p = getCurrentPath(); p.getParentPath() != null; p = p.getParentPath()) {
        if (p.getParentPath().getLeaf() instanceof BlockTree block) {
          for (StatementTree statement : block.getStatements()) {
            if (statement == p.getLeaf()) {
              break;
            }
            if (statement instanceof ExpressionStatementTree e
                && e.getExpression() instanceof AssignmentTree a
                && assignments.contains(a)
                && a.getVariable().toString().equals(receiver.toString())) {
              return true;
            }
          }
        }
        if (p.getLeaf() == body.getLeaf()) {
          break;
        }
      }
      return false;
    }

    /**
     * Libraries' collections that never change (a change is a new collection): their calls run in
     * both variants and are validated.
     */
    private static final List<String> IMMUTABLE_LIBRARIES =
        List.of(
            JdkApis.PERSISTENT_PACKAGE,
            "com.google.common.collect.Immutable",
            "io.vavr.collection.");

    /**
     * An argument a library cannot fill: a value, a callback, user data, a library's object, or a
     * JDK collection made by an immutable factory ({@code List.of(...)}).
     */
    private boolean unfillable(TreePath argument) {
      TypeMirror type = trees.getTypeMirror(argument);
      if (type != null
          && (type.getKind().isPrimitive()
              || functional(type)
              || types.erasure(type) instanceof DeclaredType d
                  && d.asElement() instanceof TypeElement e
                  && (JavaNames.isJdk(e) ? jdkValue(e) : isUserData(e) || !declaredInSources(e)))) {
        return true;
      }
      return jdk.immutableFactoryCall(unparenthesized(argument));
    }

    /** A type of {@link #IMMUTABLE_LIBRARIES}, not one nested in it (a builder). */
    private static boolean immutableLibrary(String name) {
      return IMMUTABLE_LIBRARIES.stream()
          .anyMatch(p -> name.startsWith(p) && name.indexOf('$', p.length()) < 0);
    }

    /**
     * The expression gives an object a field holds whose JDK calls are recorded ({@link
     * #recordedField}): the field itself, a local that only holds what such a field does, or a
     * functional interface of the JDK taken out of the program's objects: from a shared collection
     * ({@code handlers.get(k)}), or by a getter of the program that returns such a field ({@code
     * listener()}, a record's accessor, {@code Session.currentUser()}).
     */
    private boolean heldObject(TreePath expressionPath) {
      TreePath path = unparenthesized(expressionPath);
      Element element = trees.getElement(path);
      if (callbackLocals.contains(element) || recordedField(element) || heldParameter(element)) {
        return true;
      }
      if (!functional(trees.getTypeMirror(path))) {
        return false;
      }
      Tree leaf = path.getLeaf();
      if (leaf instanceof ConditionalExpressionTree choice) {
        // urgent ? a.listener : listeners.get(0)
        return heldObject(new TreePath(path, choice.getTrueExpression()))
            || heldObject(new TreePath(path, choice.getFalseExpression()));
      }
      if (leaf instanceof SwitchExpressionTree choice) {
        // switch (mode) { case 0 -> a.listener; default -> listeners.get(0); }
        return choice.getCases().stream()
            .anyMatch(
                c ->
                    c.getBody() instanceof ExpressionTree result
                        && heldObject(new TreePath(new TreePath(path, c), result)));
      }
      if (leaf instanceof ArrayAccessTree slot) {
        // hooks[i] of a field's array
        TreePath array = new TreePath(path, slot.getExpression());
        return trees.getElement(unparenthesized(array)) instanceof VariableElement field
                && field.getKind() == ElementKind.FIELD
            || programContainer(array);
      }
      if (!(leaf instanceof MethodInvocationTree call)
          || !(element instanceof ExecutableElement method)) {
        return false;
      }
      if (!isJdk(method)) {
        return getterOfHeldObject(method);
      }
      if (method.getModifiers().contains(Modifier.STATIC)) {
        // Objects.requireNonNull(a.listener), requireNonNullElse(a.listener, other)
        return heldArgument(path, call);
      }
      if (!(call.getMethodSelect() instanceof MemberSelectTree select)) {
        return false;
      }
      TreePath receiver = receiverPath(path, select);
      if (functional(method.getEnclosingElement().asType())) {
        // a.listener.andThen(other): a composition runs what its parts are.
        return heldObject(receiver) || heldArgument(path, call);
      }
      // handlers.get(k), a.hooks.get(0), local.get() of a thread-local field
      return programContainer(receiver);
    }

    /**
     * JDK methods that run a callback they are given over what their receiver holds and change
     * nothing ({@code forEach}, {@code Optional.map}): a held callback makes them recorded calls.
     */
    private static final Set<String> CALLBACK_RUNNERS =
        Set.of(
            "forEach",
            "forEachRemaining",
            "ifPresent",
            "ifPresentOrElse",
            "map",
            "flatMap",
            "filter",
            "or",
            "orElseGet");

    /**
     * The expression gives a container of the program's objects, whose elements are the
     * application's: a shared JDK object ({@link #sharedObject}), a user-data field ({@code
     * a.hooks}), what {@link #heldObject} gives, or a JDK static method's wrapper around one
     * ({@code Optional.ofNullable(a.listener)}, {@code Stream.of(a.listener)}).
     */
    private boolean programContainer(TreePath expressionPath) {
      TreePath path = unparenthesized(expressionPath);
      if (heldObject(path) || sharedObject(path, 0)) {
        return true;
      }
      Element element = trees.getElement(path);
      if (element instanceof VariableElement field
          && field.getKind() == ElementKind.FIELD
          && !field.getModifiers().contains(Modifier.STATIC)
          && isUserData(field.getEnclosingElement())) {
        return true;
      }
      return path.getLeaf() instanceof MethodInvocationTree call
          && element instanceof ExecutableElement method
          && isJdk(method)
          && method.getModifiers().contains(Modifier.STATIC)
          && heldArgument(path, call);
    }

    /**
     * The call at hand is a stream's terminal operation, and a stage of its pipeline was handed a
     * held callback ({@code items.stream().map(a.stamp).toList()}): the stages run when the
     * terminal operation does, so it is recorded (VAL builds the pipeline and takes the result).
     */
    private boolean heldStage(MethodInvocationTree terminal) {
      TreePath path = getCurrentPath();
      Tree select = terminal.getMethodSelect();
      while (select instanceof MemberSelectTree member) {
        TreePath receiver = unparenthesized(receiverPath(path, member));
        if (!(receiver.getLeaf() instanceof MethodInvocationTree stage)
            || !(trees.getElement(receiver) instanceof ExecutableElement method)
            || !isJdk(method)
            || !jdk.isA(trees.getTypeMirror(receiver), "java.util.stream.BaseStream")) {
          return false;
        }
        if (heldArgument(receiver, stage)) {
          return true;
        }
        path = receiver;
        select = stage.getMethodSelect();
      }
      return false;
    }

    /**
     * Whether an argument of {@code call}, at {@code path}, gives a held object ({@link
     * #heldObject}).
     */
    private boolean heldArgument(TreePath path, MethodInvocationTree call) {
      return call.getArguments().stream().anyMatch(a -> heldObject(new TreePath(path, a)));
    }

    /**
     * The parameter declared at {@code parameter} is one of a lambda that a JDK method of a
     * container of the program's objects runs on them ({@code listeners.forEach(l -> ...)}, {@code
     * handlers.forEach((k, h) -> ...)}, {@code Optional.ofNullable(a.listener).ifPresent(l ->
     * ...)}).
     */
    private boolean elementsOfAContainer(TreePath parameter) {
      TreePath lambda = parameter.getParentPath();
      TreePath call = lambda == null ? null : lambda.getParentPath();
      return lambda != null
          && lambda.getLeaf() instanceof LambdaExpressionTree
          && call != null
          && call.getLeaf() instanceof MethodInvocationTree invocation
          && invocation.getMethodSelect() instanceof MemberSelectTree select
          && trees.getElement(call) instanceof ExecutableElement method
          && isJdk(method)
          && programContainer(receiverPath(call, select));
    }

    /**
     * A functional parameter of a private method that every call of the method in the file hands a
     * held object ({@link #heldObject}): {@code notify(a.listener, e)} of {@code private void
     * notify(Consumer<String> l, String e) { l.accept(e); }}. A private method's calls are all in
     * its file; a method reference to it, or a call that hands it anything else (a lambda the
     * closure makes), leaves the parameter the closure's own.
     */
    private boolean heldParameter(Element element) {
      if (element == null
          || element.getKind() != ElementKind.PARAMETER
          || !(element.getEnclosingElement() instanceof ExecutableElement method)
          || !method.getModifiers().contains(Modifier.PRIVATE)
          || !functional(element.asType())) {
        return false;
      }
      Boolean known = heldParameters.get(element);
      if (known != null) {
        return known;
      }
      heldParameters.put(element, false); // a recursive call does not vouch for itself
      int index = method.getParameters().indexOf(element);
      boolean[] held = {true};
      int[] calls = {0};
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
          if (method.equals(trees.getElement(getCurrentPath()))) {
            calls[0]++;
            held[0] &=
                !method.isVarArgs()
                    && index < node.getArguments().size()
                    && heldObject(new TreePath(getCurrentPath(), node.getArguments().get(index)));
          }
          return super.visitMethodInvocation(node, unused);
        }

        @Override
        public Void visitMemberReference(MemberReferenceTree node, Void unused) {
          held[0] &= !method.equals(trees.getElement(getCurrentPath()));
          return super.visitMemberReference(node, unused);
        }
      }.scan(new TreePath(unit), null);
      boolean answer = held[0] && calls[0] > 0;
      heldParameters.put(element, answer);
      return answer;
    }

    /**
     * A functional interface of the JDK ({@code Runnable}, {@code Supplier}, ...), or a type of the
     * program that extends or implements one ({@code interface Hook extends Consumer<String>}, an
     * enum whose constants implement {@code Supplier<String>}): the JDK method a call on it names
     * is run by whatever object it holds.
     */
    private boolean functional(TypeMirror type) {
      if (type == null
          || !(types.erasure(type) instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement element)) {
        return false;
      }
      if (JavaNames.isJdk(element)) {
        return element.getAnnotation(FunctionalInterface.class) != null;
      }
      return types.directSupertypes(type).stream().anyMatch(this::functional);
    }

    /**
     * A method of the program without parameters that returns a field whose JDK calls are recorded:
     * every {@code return} of its body reads one, or it is a record's accessor of such a component.
     */
    private boolean getterOfHeldObject(ExecutableElement method) {
      if (!method.getParameters().isEmpty() || method.getAnnotation(Closure.class) != null) {
        return false;
      }
      Element owner = method.getEnclosingElement();
      TreePath declaration = declarationWithBody(method);
      if (declaration == null) {
        return owner.getKind() == ElementKind.RECORD
            && owner.getEnclosedElements().stream()
                .anyMatch(
                    e ->
                        e.getKind() == ElementKind.FIELD
                            && e.getSimpleName().equals(method.getSimpleName())
                            && recordedField(e));
      }
      List<ExpressionTree> returned = Returns.of((MethodTree) declaration.getLeaf());
      return !returned.isEmpty()
          && returned.stream()
              .allMatch(
                  e ->
                      e != null
                          && recordedField(
                              trees.getElement(unparenthesized(TreePath.getPath(declaration, e)))));
    }

    /**
     * A field (or enum constant) whose object's JDK calls are recorded ({@link
     * #statefulJdkField(MethodInvocationTree, ExecutableElement)}): one holding a JDK object that
     * is not a value, statically or in an object that is not user data; one holding a functional
     * interface of the JDK anywhere; one of a program type extending or implementing such an
     * interface.
     */
    private boolean recordedField(Element element) {
      if (!(element instanceof VariableElement field)
          || (field.getKind() != ElementKind.FIELD && field.getKind() != ElementKind.ENUM_CONSTANT)
          || !(types.erasure(field.asType()) instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)) {
        return false;
      }
      if (!JavaNames.isJdk(type)) {
        // A field of the program's interface extending a JDK one: its JDK methods
        // (a.hook.accept(e) of an interface Hook extends Consumer<String>) are the lambda's.
        return functional(field.asType());
      }
      if (jdkValue(type)) {
        return false;
      }
      return field.getModifiers().contains(Modifier.STATIC)
          || !isUserData(field.getEnclosingElement())
          || functional(field.asType());
    }

    /**
     * A JDK type whose objects are values that no call changes: strings, boxed primitives, big
     * numbers, enums and records, {@code java.time}, and a few more (a {@code Pattern}, a {@code
     * UUID}, a {@code Path}).
     */
    private boolean jdkValue(TypeElement type) {
      String name = names.binaryName(type);
      return type.getKind() == ElementKind.ENUM
          || type.getKind() == ElementKind.RECORD
          || name.startsWith("java.time.")
          || JDK_VALUES.contains(name);
    }

    private TreePath receiverPath(TreePath call, MemberSelectTree select) {
      return new TreePath(new TreePath(call, select), select.getExpression());
    }

    /**
     * A JDK method that hashes or prints its operands ({@link CallFact#identityHashed}) called with
     * one that may keep Object's {@code hashCode}: the static hashing and printing methods of
     * {@code Objects}, {@code Arrays} and {@code String} on their arguments, {@code hashCode()} or
     * {@code toString()} of a JDK object (a collection, an {@code Optional}) on its type arguments,
     * and Object's own {@code toString()} on its receiver.
     */
    private boolean identityHashing(
        MethodInvocationTree node, ExecutableElement method, boolean isStatic) {
      if (!isStatic
          && method.getSimpleName().contentEquals("getClass")
          && method.getParameters().isEmpty()
          && node.getMethodSelect() instanceof MemberSelectTree select
          && madeApart(
              new TreePath(new TreePath(getCurrentPath(), select), select.getExpression()))) {
        return true;
      }
      if (!isStatic
          && method.getSimpleName().contentEquals("toString")
          && method.getParameters().isEmpty()
          && recordPrintingIdentityHashes(JavaNames.enclosingType(method))) {
        return true;
      }
      if (!isJdk(method) || method.getReturnType().getKind() == TypeKind.VOID) {
        return false;
      }
      String owner = names.binaryName(JavaNames.enclosingType(method));
      String name = method.getSimpleName().toString();
      boolean hashesArguments =
          switch (owner) {
            case "java.util.Objects" -> Set.of("hash", "hashCode", "toString").contains(name);
            case "java.util.Arrays" ->
                Set.of("hashCode", "deepHashCode", "toString", "deepToString").contains(name);
            case "java.lang.String" ->
                name.equals("format")
                    || name.equals("formatted")
                    || name.equals("valueOf")
                        && method.getParameters().size() == 1
                        && method.getParameters().get(0).asType().getKind() == TypeKind.DECLARED;
            default -> false;
          };
      if (hashesArguments) {
        boolean contents = owner.equals("java.util.Arrays");
        for (ExpressionTree argument : node.getArguments()) {
          TypeMirror t = trees.getTypeMirror(new TreePath(getCurrentPath(), argument));
          if (t == null) {
            continue;
          }
          // Arrays.toString(a) prints a's elements, each by its own toString; deepToString prints
          // the elements that are arrays by their elements in turn.
          if (contents
              ? t instanceof ArrayType array
                  && elementsIdentityHashed(array.getComponentType(), name.startsWith("deep"))
              : mayBeIdentityHashed(t, 0)) {
            return true;
          }
        }
        return false;
      }
      if (isStatic
          || !method.getParameters().isEmpty()
          || !(name.equals("hashCode") || name.equals("toString"))
          || !(node.getMethodSelect() instanceof MemberSelectTree select)) {
        return false;
      }
      TypeMirror receiver =
          trees.getTypeMirror(new TreePath(getCurrentPath(), select.getExpression()));
      if (owner.equals("java.lang.Object")
          && name.equals("toString")
          && receiver != null
          && jdk.mayKeepObjectHashCode(receiver)) {
        // Object's own toString (the class keeps it, as every array does) prints the hash code.
        return true;
      }
      // A JDK object's text or hash holds its elements' (List.of(tag).toString(), whose toString
      // is Object's as far as the interface says).
      return receiver instanceof DeclaredType declared
          && JavaNames.isJdk((TypeElement) declared.asElement())
          && declared.getTypeArguments().stream().anyMatch(a -> mayBeIdentityHashed(a, 0));
    }

    /**
     * An object whose class each variant has its own of: a lambda, a method reference or an
     * anonymous class made right there, a local only ever holding one, or an object whose static
     * type is an anonymous or local class ({@code desc.getClass().getName()} names {@code Main$2}
     * in APP and {@code Main$3} in VAL): its {@code getClass()} is recorded, so VAL gets APP's.
     */
    private boolean madeApart(TreePath expression) {
      TreePath path = unparenthesized(expression);
      Tree e = path.getLeaf();
      if (e instanceof LambdaExpressionTree
          || e instanceof MemberReferenceTree
          || e instanceof NewClassTree made && made.getClassBody() != null) {
        return true;
      }
      TypeMirror type = trees.getTypeMirror(path);
      if (type instanceof DeclaredType declared
          && declared.asElement() instanceof TypeElement t
          && (t.getNestingKind() == NestingKind.ANONYMOUS
              || t.getNestingKind() == NestingKind.LOCAL)) {
        return true;
      }
      Element local = trees.getElement(path);
      if (local == null || local.getKind() != ElementKind.LOCAL_VARIABLE) {
        return false;
      }
      TreePath declaration = trees.getPath(local);
      return declaration != null
          && declaration.getLeaf() instanceof VariableTree variable
          && variable.getInitializer() != null
          && !assignedAgain(local, declaration)
          && madeApart(new TreePath(declaration, variable.getInitializer()));
    }

    /**
     * An object of type {@code t}, or a type argument of it, may keep Object's {@code hashCode}: a
     * class that does not override it, {@code Object} itself, or an array (whose {@code hashCode}
     * and {@code toString} are Object's).
     */
    private boolean mayBeIdentityHashed(TypeMirror t, int depth) {
      if (depth > 4) {
        return false;
      }
      if (t instanceof WildcardType w) {
        return w.getExtendsBound() != null && mayBeIdentityHashed(w.getExtendsBound(), depth + 1);
      }
      return jdk.mayKeepObjectHashCode(t)
          || t instanceof DeclaredType declared
              && declared.getTypeArguments().stream()
                  .anyMatch(a -> mayBeIdentityHashed(a, depth + 1));
    }

    /**
     * A record with a component that may print an identity hash ({@code record Blob(String k, int[]
     * v)}): its generated {@code toString} prints it; one it declares may (taken as printing it).
     */
    private boolean recordPrintingIdentityHashes(TypeElement type) {
      return type.getKind() == ElementKind.RECORD
          && type.getRecordComponents().stream().anyMatch(c -> mayBeIdentityHashed(c.asType(), 1));
    }

    /**
     * Elements of type {@code element} that {@code Arrays.toString} or {@code hashCode} ({@code
     * deep}: {@code deepToString}, {@code deepHashCode}, which go into the elements that are
     * arrays) print or hash by an identity hash.
     */
    private boolean elementsIdentityHashed(TypeMirror element, boolean deep) {
      if (element.getKind().isPrimitive()) {
        return false;
      }
      return deep && element instanceof ArrayType array
          ? elementsIdentityHashed(array.getComponentType(), true)
          : mayBeIdentityHashed(element, 0);
    }

    /** The checked exceptions {@code method} declares, erased, as a source names them. */
    private List<String> checkedThrows(ExecutableElement method) {
      List<String> checked = new ArrayList<>();
      TypeMirror exception = elements.getTypeElement("java.lang.Exception").asType();
      TypeMirror unchecked = elements.getTypeElement("java.lang.RuntimeException").asType();
      for (TypeMirror thrown : method.getThrownTypes()) {
        if (thrown instanceof DeclaredType declared
            && types.isSubtype(thrown, exception)
            && !types.isSubtype(thrown, unchecked)) {
          checked.add(((TypeElement) declared.asElement()).getQualifiedName().toString());
        }
      }
      return List.copyOf(checked);
    }

    /** A method of pcollections ({@code org.pcollections}), whose sets and maps order keys too. */
    private boolean isPersistentCollection(ExecutableElement method) {
      return JdkApis.isPersistent(names.binaryName(JavaNames.enclosingType(method)));
    }

    /** A method or constructor that a JDK class declares. */
    private boolean isJdk(ExecutableElement method) {
      String owner = names.binaryName(JavaNames.enclosingType(method));
      return owner.startsWith("java.") || owner.startsWith("javax.");
    }

    /** The indices of the arguments that are shared objects ({@link #sharedObject}). */
    private List<Integer> sharedArguments(List<? extends ExpressionTree> arguments) {
      return sharedArguments(getCurrentPath(), arguments, 0);
    }

    private List<Integer> sharedArguments(
        TreePath call, List<? extends ExpressionTree> arguments, int depth) {
      List<Integer> shared = new ArrayList<>();
      for (int i = 0; i < arguments.size(); i++) {
        if (sharedObject(new TreePath(call, arguments.get(i)), depth)) {
          shared.add(i);
        }
      }
      return shared;
    }

    /**
     * Those of {@code arguments} that {@code method} takes as a {@code Collection}, an {@code
     * Iterable} or a {@code Map}, which a snapshot can stand for (a varargs array cannot).
     */
    private List<Integer> iterableParameters(ExecutableElement method, List<Integer> arguments) {
      List<Integer> iterable = new ArrayList<>();
      List<? extends VariableElement> parameters = method.getParameters();
      for (int i : arguments) {
        if (i >= parameters.size() || (method.isVarArgs() && i == parameters.size() - 1)) {
          continue;
        }
        String type = types.erasure(parameters.get(i).asType()).toString();
        if (type.equals("java.util.Collection")
            || type.equals("java.lang.Iterable")
            || type.equals("java.util.Map")) {
          iterable.add(i);
        }
      }
      return iterable;
    }

    /**
     * How a call on a shared object iterates it, when it does so by a method that its snapshot (a
     * list for an iterable, a map for a map) has too, or that an enumeration of it stands for.
     */
    private SnapshotUse snapshotUse(
        MethodInvocationTree node, ExecutableElement method, boolean oneShotResult) {
      TypeMirror receiver =
          trees.getTypeMirror(
              receiverPath(getCurrentPath(), (MemberSelectTree) node.getMethodSelect()));
      String name = method.getSimpleName().toString();
      boolean noArguments = method.getParameters().isEmpty();
      boolean iterable = jdk.isA(receiver, "java.lang.Iterable");
      boolean collection = jdk.isA(receiver, "java.util.Collection");
      boolean map = jdk.isA(receiver, "java.util.Map");
      if (name.equals("forEach") && method.getParameters().size() == 1 && (iterable || map)) {
        return SnapshotUse.ITERATE;
      }
      if (!oneShotResult) {
        return SnapshotUse.NONE;
      }
      if (collection
          && noArguments
          && Set.of("stream", "parallelStream", "iterator", "spliterator").contains(name)) {
        return SnapshotUse.ITERATE;
      }
      if (name.equals("listIterator") && jdk.isA(receiver, "java.util.List")) {
        return SnapshotUse.ITERATE;
      }
      if (iterable && noArguments && (name.equals("iterator") || name.equals("spliterator"))) {
        return SnapshotUse.ITERATE;
      }
      if (collection && noArguments && name.equals("elements")) {
        return SnapshotUse.ENUMERATE;
      }
      if (map && noArguments && name.equals("keys")) {
        return SnapshotUse.ENUMERATE_KEYS;
      }
      if (map && noArguments && name.equals("elements")) {
        return SnapshotUse.ENUMERATE_VALUES;
      }
      return SnapshotUse.NONE;
    }

    /**
     * The expression is a mutable JDK object (a collection, map, atomic, builder, ...) that the
     * program's control path holds: a static field, a field of a class that is not user data, a
     * local that always holds such an object, an element of a snapshot or what an entry of one
     * holds ({@code e.getValue()} in a loop over {@code groups.entrySet()}), a choice between two
     * of them ({@code urgent ? hot : cold}), what a call on one returns when it is mutable too
     * ({@code history.computeIfAbsent(id, k -> new ArrayList<>())} of a map of lists) or a method
     * of a plain object a field holds ({@code cfg.names()}), or what a static JDK method or a JDK
     * constructor made from one ({@code new ArrayList<>(tags)}): those calls are recorded, so a
     * validator holds the application's object.
     */
    private boolean sharedObject(TreePath expressionPath, int depth) {
      TreePath path = unparenthesized(expressionPath);
      ExpressionTree expression = (ExpressionTree) path.getLeaf();
      TypeMirror type = trees.getTypeMirror(path);
      if (type == null || type.getKind() != TypeKind.DECLARED || !mutableJdk(type)) {
        return false;
      }
      Element element = trees.getElement(path);
      if (element instanceof VariableElement field && field.getKind() == ElementKind.FIELD) {
        return field.getModifiers().contains(Modifier.STATIC)
            || !isUserData(field.getEnclosingElement());
      }
      if (captured(element)) {
        return true;
      }
      if (element != null && element.getKind() == ElementKind.LOCAL_VARIABLE) {
        return sharedLocals.contains(element);
      }
      if (depth >= 8) {
        return false;
      }
      if (expression instanceof ConditionalExpressionTree choice) {
        // urgent ? hot : cold, or l != null ? l : new ArrayList<>(): the value may be the
        // application's object (a recorded value when one branch is not).
        return sharedObject(new TreePath(path, choice.getTrueExpression()), depth + 1)
            || sharedObject(new TreePath(path, choice.getFalseExpression()), depth + 1);
      }
      if (expression instanceof NewClassTree created) {
        return recordedConstruction(path, created, element, depth + 1);
      }
      if (!(expression instanceof MethodInvocationTree call)
          || !(element instanceof ExecutableElement method)) {
        return false;
      }
      if (returnsShared(method, depth + 1) || recordedJdkResult(path, call, method)) {
        return true;
      }
      if (method.getModifiers().contains(Modifier.STATIC)) {
        return isJdk(method) && !sharedArguments(path, call.getArguments(), depth + 1).isEmpty();
      }
      return call.getMethodSelect() instanceof MemberSelectTree select
          && (sharedObject(receiverPath(path, select), depth + 1)
              || plainObjectInAField(receiverPath(path, select))
              || snapshotElements.contains(trees.getElement(receiverPath(path, select))));
    }

    /**
     * A call of a JDK method whose result the table records ({@code buffer.get()} of a {@code
     * ThreadLocal<StringBuilder>}): VAL takes APP's object from the log, which the application
     * keeps using, so calls on it and reads of its elements are the application's to make.
     */
    private boolean recordedJdkResult(
        TreePath path, MethodInvocationTree call, ExecutableElement method) {
      if (!isJdk(method)) {
        return false;
      }
      TypeMirror receiver =
          jdk.receiverType(trees, path, call.getMethodSelect(), method, enclosingClass());
      JdkApi api = JdkApis.finding(jdk.call(method, receiver, () -> false));
      // A buffer's putDouble returns the buffer the closure made; only the bits it puts may be
      // recorded (decision 0061).
      return api != null
          && api.handling() == Handling.RECORDED
          && api.category() != JdkCategory.NAN_BITS;
    }

    /**
     * The path of {@code method}'s declaration when the sources hold it with a body, else null. Any
     * file's: javac attributes them all before it lowers one (decision 0101).
     */
    private TreePath declarationWithBody(ExecutableElement method) {
      TreePath declaration = trees.getPath(method);
      return declaration != null
              && declaration.getLeaf() instanceof MethodTree tree
              && tree.getBody() != null
          ? declaration
          : null;
    }

    /**
     * A method of the program (not a closure, whose result is its own) with a body here, one of
     * whose {@code return}s gives a shared object ({@code group(g)} whose body is {@code return
     * groups.get(g);}, {@code Registry.all()} returning a static field, a getter a subclass may
     * override), or an abstract one of the program (an interface's {@code lots()}): what it returns
     * may be the application's object. Its calls are recorded values ({@link
     * SourceFacts.FileFacts#recordedValue}): VAL runs the method, then takes APP's object.
     */
    private boolean returnsShared(ExecutableElement method, int depth) {
      if (isJdk(method) || method.getAnnotation(Closure.class) != null) {
        return false;
      }
      if (method.getModifiers().contains(Modifier.ABSTRACT)) {
        // An interface or abstract method of the program: which implementation runs is not known
        // here, and one may return the application's object (h.lots() returning a field).
        return true;
      }
      if (overridable(method) && overriddenInSources(method)) {
        // Likewise when a subclass overrides it (its body makes a new list, the override returns
        // the service's own).
        return true;
      }
      TreePath declaration = declarationWithBody(method);
      if (declaration == null) {
        return false;
      }
      MethodTree tree = (MethodTree) declaration.getLeaf();
      TreePath body = new TreePath(declaration, tree.getBody());
      new TreePathScanner<Void, Void>() {
        // Its locals holding a shared object (List<String> l = groups.get(id); ... return l;),
        // which the scan of its class may not have reached yet.
        @Override
        public Void visitVariable(VariableTree node, Void unused) {
          Element local = trees.getElement(getCurrentPath());
          if (local != null
              && local.getKind() == ElementKind.LOCAL_VARIABLE
              && holdsShared(local, getCurrentPath(), depth)) {
            sharedLocals.add(local);
          }
          return super.visitVariable(node, unused);
        }

        @Override
        public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
          return null;
        }

        @Override
        public Void visitClass(ClassTree node, Void unused) {
          return null;
        }
      }.scan(body, null);
      List<ExpressionTree> returned = Returns.of(tree);
      return returned.stream()
          .anyMatch(e -> e != null && sharedObject(TreePath.getPath(declaration, e), depth));
    }

    /**
     * The expression reads a field that holds a plain object of the program (neither user data nor
     * a JDK class), such as a configuration record a service keeps ({@code cfg} in {@code
     * cfg.names().add(x)}): what its methods return is the application's, as what a shared JDK
     * object's do.
     */
    private boolean plainObjectInAField(TreePath path) {
      if (!(trees.getElement(unparenthesized(path)) instanceof VariableElement field)
          || field.getKind() != ElementKind.FIELD
          || !(field.asType() instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)) {
        return false;
      }
      String name = names.binaryName(type);
      return !isUserData(type)
          && type.getKind() != ElementKind.ENUM
          && !name.startsWith("java.")
          && !name.startsWith("javax.");
    }

    /**
     * {@code new C(...)} of a JDK class, without a class body, that gets a shared object: the
     * application's new object is recorded ({@link NewFact#recordedShared}).
     */
    private boolean recordedConstruction(
        TreePath path, NewClassTree created, Element constructor, int depth) {
      return created.getClassBody() == null
          && constructor instanceof ExecutableElement c
          && c.getKind() == ElementKind.CONSTRUCTOR
          && isJdk(c)
          && !sharedArguments(path, created.getArguments(), depth).isEmpty();
    }

    /**
     * A JDK type whose objects a shared object's state can reach through: a mutable one, or an
     * {@code Optional}, which may hold a shared object ({@code Optional.ofNullable(tags)}): the
     * calls on it are recorded as on the object it holds.
     */
    private boolean mutableJdk(TypeMirror type) {
      TypeMirror erased = types.erasure(type);
      if (persistent(erased)) {
        return false;
      }
      return JdkApis.mutableType(erased.toString(), api -> jdk.isA(erased, api)) != null
          || JdkApis.isCollectionInterface(api -> jdk.isA(erased, api))
          || jdk.isA(erased, "java.util.Optional");
    }

    /**
     * A persistent collection (org.pcollections, which the mutable-collection rule recommends for
     * user data): a {@code List} or {@code Map} that never changes, so a validator may read the
     * application's one as it is.
     */
    private boolean persistent(TypeMirror erased) {
      return jdk.isA(erased, "org.pcollections.PCollection")
          || jdk.isA(erased, "org.pcollections.PMap");
    }

    /** Whether the body around the current node assigns {@code local} anywhere. */
    private boolean assignedAgain(Element local) {
      return assignedAgain(local, getCurrentPath());
    }

    /**
     * A local that may hold a shared object ({@link #sharedLocals}): its initializer, or any value
     * its method assigns it, gives one. {@code List<String> l = byKey.get(k); if (l == null) { l =
     * new ArrayList<>(); byKey.put(k, l); }} holds the application's list on one path, so every
     * call on it is recorded: a validator that ran {@code l.add(x)} itself would change the
     * application's list. On the path where it holds the closure's own object, the calls are
     * recorded too, and not validated.
     */
    private boolean holdsShared(Element local, TreePath declaration, int depth) {
      ExpressionTree initializer = ((VariableTree) declaration.getLeaf()).getInitializer();
      if (initializer != null && sharedObject(new TreePath(declaration, initializer), depth)) {
        return true;
      }
      TreePath body = enclosingBody(declaration);
      if (body == null || depth >= 8 || !mutableJdk(local.asType())) {
        return false;
      }
      boolean[] shared = {false};
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitAssignment(AssignmentTree node, Void unused) {
          if (!shared[0]
              && local.equals(trees.getElement(new TreePath(getCurrentPath(), node.getVariable())))
              && sharedObject(new TreePath(getCurrentPath(), node.getExpression()), depth + 1)) {
            shared[0] = true;
          }
          return super.visitAssignment(node, unused);
        }
      }.scan(body, null);
      return shared[0];
    }

    /**
     * A local holding a JDK object the closure made that its method hands to a constructor of the
     * program's own (plain) classes: {@code new Collector(found)}, {@code new Writer(sb)}. The
     * helper may keep it in a field, and the helper's methods then call it as a plain object's
     * field, which counts as the application's (recorded, and not made by a validator), so the
     * closure's reads of it would differ. It counts as shared: the execution is not validated from
     * there (an unrecorded use, decision 0055), where it was a detection.
     */
    private boolean keptByHelper(Element local, TreePath declaration) {
      ExpressionTree initializer = ((VariableTree) declaration.getLeaf()).getInitializer();
      TreePath body = enclosingBody(declaration);
      if (!(initializer instanceof NewClassTree) || body == null || !mutableJdk(local.asType())) {
        return false;
      }
      boolean[] kept = {false};
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitNewClass(NewClassTree node, Void unused) {
          if (!kept[0]
              && trees.getElement(getCurrentPath()) instanceof ExecutableElement constructor
              && !isJdk(constructor)
              && !isUserData(constructor.getEnclosingElement())
              && !carrier((TypeElement) constructor.getEnclosingElement())) {
            for (ExpressionTree argument : node.getArguments()) {
              kept[0] |= local.equals(trees.getElement(new TreePath(getCurrentPath(), argument)));
            }
          }
          return super.visitNewClass(node, unused);
        }
      }.scan(body, null);
      return kept[0];
    }

    /**
     * A record of the sources that only carries its components: the methods it declares are its
     * accessors and {@code toString}, {@code equals}, {@code hashCode}, so no method of its own
     * calls a JDK object it keeps ({@code record Counts(String key, Map<String, Integer> byWord)}
     * made from a map the closure built is the closure's map, read back through {@code byWord()}).
     */
    private boolean carrier(TypeElement type) {
      ClassTree tree = type.getKind() == ElementKind.RECORD ? trees.getTree(type) : null;
      if (tree == null) {
        return false;
      }
      Set<String> components = new HashSet<>();
      type.getRecordComponents().forEach(c -> components.add(c.getSimpleName().toString()));
      for (Tree member : tree.getMembers()) {
        if (member instanceof MethodTree method
            && method.getReturnType() != null
            && !(method.getParameters().isEmpty()
                && (components.contains(method.getName().toString())
                    || Set.of("toString", "hashCode").contains(method.getName().toString())))
            && !(method.getName().contentEquals("equals") && method.getParameters().size() == 1)) {
          return false;
        }
      }
      return true;
    }

    /** The method, lambda or class around {@code within}, or null. */
    private static TreePath enclosingBody(TreePath within) {
      TreePath body = within;
      while (body != null
          && !(body.getLeaf() instanceof MethodTree)
          && !(body.getLeaf() instanceof LambdaExpressionTree)
          && !(body.getLeaf() instanceof ClassTree)) {
        body = body.getParentPath();
      }
      return body;
    }

    /** Whether the body around {@code within} assigns {@code local} anywhere. */
    private boolean assignedAgain(Element local, TreePath within) {
      TreePath body = enclosingBody(within);
      if (body == null) {
        return true;
      }
      boolean[] assigned = {false};
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitAssignment(AssignmentTree node, Void unused) {
          assigned[0] |=
              local.equals(trees.getElement(new TreePath(getCurrentPath(), node.getVariable())));
          return super.visitAssignment(node, unused);
        }
      }.scan(body, null);
      return assigned[0];
    }

    /** A stream, iterator, spliterator or enumeration: used up by whoever reads it first. */
    private boolean oneShot(TypeMirror type) {
      if (type == null || type.getKind() != TypeKind.DECLARED) {
        return false;
      }
      return jdk.isA(type, "java.util.stream.BaseStream")
          || jdk.isA(type, "java.util.Iterator")
          || jdk.isA(type, "java.util.Spliterator")
          || jdk.isA(type, "java.util.Enumeration");
    }

    /** The type of the call at hand as a source can name it, else {@code erased}. */
    private String siteType(String erased) {
      TypeMirror type = trees.getTypeMirror(getCurrentPath());
      return type == null || !nameable(type) ? erased : type.toString();
    }

    private boolean nameable(TypeMirror type) {
      if (type.getKind().isPrimitive() || type.getKind() == TypeKind.VOID) {
        return true;
      }
      if (type instanceof ArrayType array) {
        return nameable(array.getComponentType());
      }
      if (type.toString().contains("capture#")) {
        return false; // a wildcard's capture has no name in source
      }
      if (type.getKind() == TypeKind.TYPEVAR || type.getKind() == TypeKind.WILDCARD) {
        return true; // in scope where the call is: the cast is unchecked, not wrong
      }
      if (!(type instanceof DeclaredType declared)) {
        return false; // intersections, unions
      }
      if (declared.getTypeArguments().stream().anyMatch(a -> !nameable(a))) {
        return false;
      }
      return declared.asElement() instanceof TypeElement t
          && t.getNestingKind() != NestingKind.LOCAL
          && t.getNestingKind() != NestingKind.ANONYMOUS;
    }

    @Override
    public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
      madeImplementation(node, trees.getTypeMirror(getCurrentPath()));
      return super.visitLambdaExpression(node, unused);
    }

    /**
     * A lambda or method reference whose target type, or an anonymous class whose supertype, is a
     * type of the sources that is not user data: {@link SourceFacts.FileFacts#madeImplementation}.
     * A target type the site cannot name (a capture, an intersection) is left out.
     */
    private void madeImplementation(Tree node, TypeMirror target) {
      if (!(target instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)
          || !declaredInSources(type)
          || isUserData(type)) {
        return;
      }
      if (node instanceof NewClassTree) {
        fileFacts.madeImplementations.put(span(node), "");
        return;
      }
      String text = target.toString();
      if (!text.contains("capture#") && !text.contains("&") && !text.contains("<any>")) {
        fileFacts.madeImplementations.put(span(node), text);
      }
    }

    @Override
    public Void visitMemberReference(MemberReferenceTree node, Void unused) {
      madeImplementation(node, trees.getTypeMirror(getCurrentPath()));
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof ExecutableElement constructor
          && node.getMode() == MemberReferenceTree.ReferenceMode.NEW
          && isUserData(constructor.getEnclosingElement())) {
        fileFacts.references.put(
            span(node),
            new ReferenceFact(
                names.methodId(constructor),
                constructor.getParameters().size(),
                ReferenceFact.Form.USER_DATA_CONSTRUCTOR,
                null));
        accessesUserData();
      } else if (element instanceof ExecutableElement method
          && node.getMode() == MemberReferenceTree.ReferenceMode.INVOKE) {
        if (sharedObject(new TreePath(getCurrentPath(), node.getQualifierExpression()), 0)) {
          // audit::add: whoever calls it reaches the application's object, in VAL too.
          unrecorded(
              node.getQualifierExpression(),
              "in a method reference (::" + method.getSimpleName() + ")");
        }
        String target = names.methodId(method);
        boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
        Element qualifier =
            trees.getElement(new TreePath(getCurrentPath(), node.getQualifierExpression()));
        boolean viaType = qualifier instanceof TypeElement;
        ReferenceFact.Form form;
        if (isStatic) {
          form = ReferenceFact.Form.STATIC;
        } else if (viaType) {
          form = ReferenceFact.Form.UNBOUND;
        } else if (node.getQualifierExpression() instanceof IdentifierTree id
            && id.getName().contentEquals("this")) {
          form = ReferenceFact.Form.THIS;
        } else {
          form = ReferenceFact.Form.OTHER;
        }
        String returnType =
            method.getReturnType().getKind() == TypeKind.TYPEVAR
                ? null
                : names.erased(method.getReturnType());
        fileFacts.references.put(
            span(node), new ReferenceFact(target, method.getParameters().size(), form, returnType));
        // The enclosing method calls the target through the reference.
        if (!enclosingMethods.isEmpty()) {
          facts.callees.computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>()).add(target);
        }
      }
      return super.visitMemberReference(node, unused);
    }

    /**
     * An operand of a string concatenation whose text a validator would not make as APP did: an
     * object that may print an identity hash (Object's {@code toString}, an array's, a JDK
     * container's or a record's of such elements), or user data, whose {@code toString} reads its
     * fields as plain code (refused on a validator). Its text is recorded as a shared object's is.
     */
    private boolean printedApart(TypeMirror type) {
      return mayBeIdentityHashed(type, 0)
          || type instanceof DeclaredType declared
              && (isUserData(declared.asElement())
                  || recordPrintingIdentityHashes((TypeElement) declared.asElement()));
    }

    /**
     * {@code sb.append(tag)} ({@code append(Object)} of a {@code StringBuilder} or {@code
     * StringBuffer}) with an argument {@link #printedApart}: its text is recorded as a
     * concatenation operand's is.
     */
    private void appendedApart(MethodInvocationTree node, ExecutableElement method) {
      String owner = names.binaryName(JavaNames.enclosingType(method));
      if ((owner.equals("java.lang.StringBuilder") || owner.equals("java.lang.StringBuffer"))
          && method.getSimpleName().contentEquals("append")
          && method.getParameters().size() == 1
          && method.getParameters().get(0).asType().toString().equals("java.lang.Object")) {
        ExpressionTree argument = node.getArguments().get(0);
        if (printedApart(trees.getTypeMirror(new TreePath(getCurrentPath(), argument)))) {
          sharedToString(argument);
        }
      }
    }

    /** The implicit {@code toString()} of a shared object, recorded as {@code String.valueOf}. */
    private void sharedToString(ExpressionTree operand) {
      fileFacts.sharedToStrings.add(span(operand));
      recordedBy(facts.sharedCallsByMethod, "java.lang.String#valueOf(java.lang.Object)");
    }

    /** {@code "tags=" + tags}: the implicit {@code toString()} of a shared object is recorded. */
    @Override
    public Void visitBinary(BinaryTree node, Void unused) {
      TypeMirror type = trees.getTypeMirror(getCurrentPath());
      if (node.getKind() == Tree.Kind.PLUS
          && type != null
          && type.toString().equals("java.lang.String")) {
        for (ExpressionTree operand : List.of(node.getLeftOperand(), node.getRightOperand())) {
          TreePath path = new TreePath(getCurrentPath(), operand);
          if (sharedObject(path, 0) || printedApart(trees.getTypeMirror(path))) {
            sharedToString(operand);
          }
        }
      }
      return super.visitBinary(node, unused);
    }

    @Override
    public Void visitArrayAccess(ArrayAccessTree node, Void unused) {
      TreePath array = new TreePath(getCurrentPath(), node.getExpression());
      VariableElement field = unversionedArrayField(array);
      if (isAssignmentTarget(node)) {
        if (field != null && !constructing(field, node.getExpression())) {
          facts.arraysChangedAfterConstruction.add(fieldKey(field));
        }
        return super.visitArrayAccess(node, unused);
      }
      String type = siteType(types.erasure(trees.getTypeMirror(getCurrentPath())).toString());
      if (sharedArray(array)) {
        // c[0] of long[] c = counters.get(k): the control path may change the element before the
        // validator reads it, so APP records what it read.
        fileFacts.sharedArrayReads.put(span(node), type);
      } else if (field != null) {
        // Rates.RATE[tier]: likewise when some code changes the array (SourceFacts#isShared).
        fileFacts.fieldArrayReads.put(span(node), elementRead(field, type));
      }
      return super.visitArrayAccess(node, unused);
    }

    @Override
    public Void visitUnary(UnaryTree node, Void unused) {
      if (isStep(node)) {
        sharedArrayWrite(node.getExpression());
      }
      return super.visitUnary(node, unused);
    }

    /**
     * Notes the write at the current node when {@code target} is an element of an array a recorded
     * call returned ({@link #sharedArray}): the validator holds the application's array, so it
     * would write it again.
     */
    private void sharedArrayWrite(ExpressionTree target) {
      TreePath element = unparenthesized(new TreePath(getCurrentPath(), target));
      if (element.getLeaf() instanceof ArrayAccessTree access
          && sharedArray(new TreePath(element, access.getExpression()))) {
        fileFacts.sharedArrayWrites.add(span(getCurrentPath().getLeaf()));
      }
    }

    /**
     * Notes that the enclosing method's variants record {@code what} (a call, a snapshot) in its
     * entry of {@code byMethod}, for the report; nothing outside a method.
     */
    private void recordedBy(Map<String, Set<String>> byMethod, String what) {
      if (!enclosingMethods.isEmpty()) {
        touches();
        byMethod.computeIfAbsent(enclosingMethods.peek(), k -> new TreeSet<>()).add(what);
      }
    }

    /**
     * A JDK call, on {@code receiver} (null for a static method), that may call {@code hashCode},
     * {@code equals}, {@code compareTo} or {@code toString} of the objects it gets: a method of a
     * set, a map or a priority queue, a lookup in another collection ({@code list.contains(x)}), a
     * sort, a maximum or a minimum of {@code Collections}, or one of {@code Objects}' and {@code
     * String}'s that compare, hash or print.
     */
    private boolean callsBack(
        MethodInvocationTree node, ExecutableElement method, TypeMirror receiver) {
      if (node.getArguments().isEmpty()) {
        return false;
      }
      String name = method.getSimpleName().toString();
      if (method.getModifiers().contains(Modifier.STATIC)) {
        return CALLING_BACK_STATICS
            .getOrDefault(names.binaryName(JavaNames.enclosingType(method)), Set.of())
            .contains(name);
      }
      return receiver != null
          && receiver.getKind() == TypeKind.DECLARED
          && (orders(receiver)
              || jdk.isA(receiver, "java.util.Collection") && LOOKUPS.contains(name));
    }

    /**
     * {@code it.next()} through a JDK interface ({@code Iterator<Integer> it = new NodeIt(head)})
     * that a class of the sources implements, other than the methods {@link #objectMethodOverrides}
     * dispatches: the JVM runs that class's method as written, which a validator refuses to run
     * where it touches user data.
     */
    private void runsOverride(MethodInvocationTree node, ExecutableElement method) {
      if (method.getModifiers().contains(Modifier.STATIC)
          || OBJECT_METHODS.contains(method.getSimpleName().toString())
          || !(node.getMethodSelect() instanceof MemberSelectTree select)
          || !(types.erasure(trees.getTypeMirror(receiverPath(getCurrentPath(), select)))
              instanceof DeclaredType receiver)
          || receiver.asElement().getModifiers().contains(Modifier.FINAL)) {
        return;
      }
      overridesBelow(receiver, method)
          .forEach(
              (type, override) ->
                  runsAsWritten(
                      override,
                      type.getSimpleName()
                          + "."
                          + method.getSimpleName()
                          + "() called through "
                          + receiver.asElement().getSimpleName()
                          + " ("
                          + at(node)
                          + "), which runs it as written"));
    }

    /**
     * Notes that the enclosing method makes the JVM run {@code code} as written where the rewriter
     * cannot call a logged variant of it ({@code use} says where): the plan names the use when
     * {@code code} is code of the sources that touches user data ({@link
     * SourceFacts#runsAsWritten}).
     */
    private void runsAsWritten(ExecutableElement code, String use) {
      if (!enclosingMethods.isEmpty()) {
        facts
            .runsAsWrittenByMethod
            .computeIfAbsent(enclosingMethods.peek(), k -> new HashMap<>())
            .computeIfAbsent(names.methodId(code), k -> new TreeSet<>())
            .add(use);
      }
    }

    /**
     * The {@code hasNext()} and {@code next()} an {@code Iterator} class of the sources runs
     * ({@link SourceFacts#iteratorSteps}).
     */
    private void iteratorSteps(TypeElement type, String binary) {
      TypeElement iterator = elements.getTypeElement("java.util.Iterator");
      if (iterator == null
          || type.getKind() != ElementKind.CLASS
          || !types.isSubtype(types.erasure(type.asType()), types.erasure(iterator.asType()))) {
        return;
      }
      String name =
          type.getSimpleName().isEmpty() ? "an anonymous Iterator's " : type.getSimpleName() + ".";
      for (String step : ITERATOR_STEPS) {
        ExecutableElement method = jdkMethod("java.util.Iterator", step);
        for (Element member : elements.getAllMembers(type)) {
          if (method != null
              && member instanceof ExecutableElement m
              && !m.getModifiers().contains(Modifier.ABSTRACT)
              && m.getSimpleName().equals(method.getSimpleName())
              && elements.overrides(m, method, type)) {
            facts
                .iteratorSteps
                .computeIfAbsent(binary, k -> new TreeMap<>())
                .put(names.methodId(m), name + step + "()");
          }
        }
      }
    }

    /** Where {@code tree} starts, as the build names a use: {@code Main.java:18}. */
    /** A method as its declaring class's binary name and its simple name: {@code owner#name}. */
    private String jdkName(ExecutableElement method) {
      return names.binaryName((TypeElement) method.getEnclosingElement())
          + "#"
          + method.getSimpleName();
    }

    private String at(Tree tree) {
      return file.getFileName() + ":" + line(tree);
    }

    /** The line {@code tree} starts on. */
    private long line(Tree tree) {
      return unit.getLineMap().getLineNumber(positions.getStartPosition(unit, tree));
    }

    /**
     * The methods of the sources that a call of {@code method} on an object of static type {@code
     * receiver} may run, by the class that declares each: the one that class has, declared or
     * inherited, and the overrides of classes below it.
     */
    private Map<TypeElement, ExecutableElement> implementations(
        TypeMirror receiver, ExecutableElement method) {
      return implementations(receiver, method, false);
    }

    /**
     * {@link #implementations(TypeMirror, ExecutableElement)}, of an object whose class is {@code
     * receiver} itself when {@code exact} ({@code new E(...)}): no class below it.
     */
    private Map<TypeElement, ExecutableElement> implementations(
        TypeMirror receiver, ExecutableElement method, boolean exact) {
      Map<TypeElement, ExecutableElement> found = new LinkedHashMap<>();
      if (!(types.erasure(receiver) instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)) {
        return found;
      }
      for (Element member : elements.getAllMembers(type)) {
        if (member instanceof ExecutableElement m
            && !m.getModifiers().contains(Modifier.ABSTRACT)
            && m.getSimpleName().equals(method.getSimpleName())
            && (m.equals(method) || elements.overrides(m, method, type))
            && !isJdk(m)) {
          found.put(JavaNames.enclosingType(m), m);
        }
      }
      if (!exact && !type.getModifiers().contains(Modifier.FINAL)) {
        overridesBelow(declared, method).forEach(found::putIfAbsent);
      }
      return found;
    }

    /** The method {@code name} without parameters that JDK type {@code owner} declares. */
    private ExecutableElement jdkMethod(String owner, String name) {
      TypeElement type = elements.getTypeElement(owner);
      if (type != null) {
        for (Element member : type.getEnclosedElements()) {
          if (member instanceof ExecutableElement m
              && m.getSimpleName().contentEquals(name)
              && m.getParameters().isEmpty()) {
            return m;
          }
        }
      }
      return null;
    }

    /**
     * {@code try (Res r = ...)}: where a resource's type has a {@code close()} of the sources, the
     * logged variants call it themselves, as an ordinary call ({@link
     * SourceFacts.FileFacts#resourceCloses}), and the method calls it, as it would {@code
     * r.close()}. Any other {@code close()} the JVM calls at the end, as written: one of the
     * sources there (an override below a JDK type, {@code try (AutoCloseable r = new Res())}) is
     * named.
     */
    @Override
    public Void visitTry(TryTree node, Void unused) {
      ExecutableElement close = jdkMethod("java.lang.AutoCloseable", "close");
      List<String> closes = new ArrayList<>();
      for (Tree resource : node.getResources()) {
        TypeMirror type = trees.getTypeMirror(new TreePath(getCurrentPath(), resource));
        ExecutableElement called = type == null ? null : closeOf(type);
        if (called != null
            && !isJdk(called)
            && sourceTypes().contains(JavaNames.enclosingType(called))) {
          String target = names.methodId(called);
          closes.add(target);
          if (!enclosingMethods.isEmpty()) {
            facts
                .callees
                .computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>())
                .add(target);
          }
          continue;
        }
        closes.add(null);
        if (close != null && type != null) {
          implementations(type, close)
              .forEach(
                  (owner, m) ->
                      runsAsWritten(
                          m,
                          owner.getSimpleName()
                              + ".close() called by try-with-resources ("
                              + at(resource)
                              + "), which runs it as written"));
        }
      }
      if (closes.stream().anyMatch(Objects::nonNull)) {
        fileFacts.resourceCloses.put(span(node), closes);
      }
      return super.visitTry(node, unused);
    }

    /**
     * The {@code close()} a call {@code r.close()} on a resource of static type {@code resource}
     * resolves to: the one of the most specific class or interface, a concrete one before an
     * abstract one; null for a type without one.
     */
    private ExecutableElement closeOf(TypeMirror resource) {
      if (!(types.erasure(resource) instanceof DeclaredType declared)
          || !(declared.asElement() instanceof TypeElement type)) {
        return null;
      }
      ExecutableElement found = null;
      for (Element member : elements.getAllMembers(type)) {
        if (member instanceof ExecutableElement m
            && m.getKind() == ElementKind.METHOD
            && m.getSimpleName().contentEquals("close")
            && m.getParameters().isEmpty()
            && !m.getModifiers().contains(Modifier.STATIC)
            && (found == null || moreSpecific(m, found))) {
          found = m;
        }
      }
      return found;
    }

    /** Whether a call resolves to {@code m} rather than {@code other}, both members of its type. */
    private boolean moreSpecific(ExecutableElement m, ExecutableElement other) {
      boolean isAbstract = m.getModifiers().contains(Modifier.ABSTRACT);
      if (isAbstract != other.getModifiers().contains(Modifier.ABSTRACT)) {
        return !isAbstract;
      }
      return types.isSubtype(
          types.erasure(JavaNames.enclosingType(m).asType()),
          types.erasure(JavaNames.enclosingType(other).asType()));
    }

    /**
     * {@code throw e}: a validator compares the message of VAL's exception with APP's, calling
     * {@code getMessage()}, an override of which runs as written. An exception the method catches
     * itself is not compared.
     */
    @Override
    public Void visitThrow(ThrowTree node, Void unused) {
      TypeMirror type = trees.getTypeMirror(new TreePath(getCurrentPath(), node.getExpression()));
      ExecutableElement getMessage = jdkMethod("java.lang.Throwable", "getMessage");
      Tree thrown = unparenthesized(new TreePath(getCurrentPath(), node.getExpression())).getLeaf();
      // throw new E(...): an E, whatever overrides classes below E have.
      boolean exact = thrown instanceof NewClassTree made && made.getClassBody() == null;
      if (getMessage != null && type != null && !caughtHere(getCurrentPath(), type)) {
        implementations(type, getMessage, exact)
            .forEach(
                (owner, m) ->
                    runsAsWritten(
                        m,
                        owner.getSimpleName()
                            + ".getMessage() of the exception thrown ("
                            + at(node)
                            + "), which validation runs as written"));
      }
      return super.visitThrow(node, unused);
    }

    /** Whether a try block around {@code path}, in its method, catches {@code thrown}. */
    private boolean caughtHere(TreePath path, TypeMirror thrown) {
      for (TreePath p = path; p.getParentPath() != null; p = p.getParentPath()) {
        Tree parent = p.getParentPath().getLeaf();
        if (parent instanceof MethodTree
            || parent instanceof LambdaExpressionTree
            || parent instanceof ClassTree) {
          return false;
        }
        if (parent instanceof TryTree t && t.getBlock() == p.getLeaf()) {
          for (CatchTree c : t.getCatches()) {
            TreePath parameter = new TreePath(new TreePath(p.getParentPath(), c), c.getParameter());
            TypeMirror caught =
                trees.getTypeMirror(new TreePath(parameter, c.getParameter().getType()));
            List<? extends TypeMirror> alternatives =
                caught instanceof UnionType union ? union.getAlternatives() : List.of(caught);
            for (TypeMirror a : alternatives) {
              if (a != null && types.isSubtype(types.erasure(thrown), types.erasure(a))) {
                return true;
              }
            }
          }
        }
      }
      return false;
    }

    /** A set, a map or a priority queue: hashes or compares what it holds. */
    private boolean orders(TypeMirror type) {
      return jdk.isA(type, "java.util.Set")
          || jdk.isA(type, "java.util.Map")
          || jdk.isA(type, "java.util.PriorityQueue")
          || jdk.isA(type, "java.util.concurrent.PriorityBlockingQueue");
    }

    /**
     * Notes each argument of {@code callee} that is user data, or a collection or map of user data,
     * whose class declares one of the methods the JDK calls back: the JDK runs it as written, where
     * the log cannot follow it.
     */
    private void calledBack(List<? extends ExpressionTree> arguments, ExecutableElement callee) {
      if (enclosingMethods.isEmpty()) {
        return;
      }
      for (ExpressionTree argument : arguments) {
        TypeMirror type = trees.getTypeMirror(new TreePath(getCurrentPath(), argument));
        List<TypeMirror> held = new ArrayList<>();
        if (type instanceof DeclaredType declared) {
          held.add(declared);
          List<? extends TypeMirror> typeArguments = declared.getTypeArguments();
          // A map's keys (new TreeMap<>(byKey)); a collection's elements.
          held.addAll(
              jdk.isA(declared, "java.util.Map") && !typeArguments.isEmpty()
                  ? typeArguments.subList(0, 1)
                  : typeArguments);
        }
        for (TypeMirror t : held) {
          if (t instanceof DeclaredType d && d.asElement() instanceof TypeElement c) {
            List<String> overrides = calledBackOverrides(c);
            if (!overrides.isEmpty()) {
              facts
                  .calledBackByMethod
                  .computeIfAbsent(enclosingMethods.peek(), k -> new TreeSet<>())
                  .add(
                      c.getSimpleName()
                          + " passed to "
                          + (callee.getKind() == ElementKind.CONSTRUCTOR
                              ? "new " + callee.getEnclosingElement().getSimpleName()
                              : callee.getSimpleName())
                          + "(...), which may call back its "
                          + String.join(", ", overrides));
            }
          }
        }
      }
    }

    /**
     * Notes each argument of JDK method {@code callee} that is a field of the sources holding a
     * function over user data ({@code static final Comparator<Task> BY_PRIO = ...}, passed to
     * {@code list.sort}): the JDK calls the lambda, which was made outside any closure, as written,
     * where a validator refuses its reads of user data. A lambda the closure writes itself is
     * rewritten with it.
     */
    private void heldFunctions(List<? extends ExpressionTree> arguments, ExecutableElement callee) {
      if (enclosingMethods.isEmpty()) {
        return;
      }
      for (ExpressionTree argument : arguments) {
        TreePath held = unparenthesized(new TreePath(getCurrentPath(), argument));
        if (trees.getElement(held) instanceof VariableElement field
            && field.getKind() == ElementKind.FIELD
            && !JavaNames.isJdk(JavaNames.enclosingType(field))
            && field.asType() instanceof DeclaredType type
            && type.asElement().getAnnotation(FunctionalInterface.class) != null
            && overUserData(type, 0)) {
          facts
              .calledBackByMethod
              .computeIfAbsent(enclosingMethods.peek(), k -> new TreeSet<>())
              .add(
                  field.getSimpleName()
                      + " (a "
                      + type.asElement().getSimpleName()
                      + " held in a field) passed to "
                      + callee.getSimpleName()
                      + "(...) ("
                      + at(argument)
                      + "), which runs its code as written");
        }
      }
    }

    /** Whether a type argument of {@code type}, at any depth, is a user-data class. */
    private boolean overUserData(TypeMirror type, int depth) {
      if (depth > 4) {
        return false;
      }
      if (type instanceof WildcardType w) {
        TypeMirror bound = w.getExtendsBound() != null ? w.getExtendsBound() : w.getSuperBound();
        return bound != null && overUserData(bound, depth + 1);
      }
      if (!(type instanceof DeclaredType d)) {
        return false;
      }
      if (depth > 0 && isUserData(d.asElement())) {
        return true;
      }
      for (TypeMirror argument : d.getTypeArguments()) {
        if (overUserData(argument, depth + 1)) {
          return true;
        }
      }
      return false;
    }

    /**
     * The methods of {@link #OBJECT_METHODS} that user-data class {@code c}, or a user-data class
     * it extends, declares; none for another class.
     */
    private List<String> calledBackOverrides(TypeElement c) {
      List<String> found = new ArrayList<>();
      if (!isUserData(c)) {
        return found;
      }
      for (Element member : elements.getAllMembers(c)) {
        if (member instanceof ExecutableElement m
            && OBJECT_METHODS.contains(m.getSimpleName().toString())
            && !m.getModifiers().contains(Modifier.STATIC)
            && isUserData(m.getEnclosingElement())
            && !found.contains(m.getSimpleName().toString())) {
          found.add(m.getSimpleName().toString());
        }
      }
      Collections.sort(found);
      return found;
    }

    private static Tree withoutParentheses(Tree tree) {
      Tree t = tree;
      while (t instanceof ParenthesizedTree p) {
        t = p.getExpression();
      }
      return t;
    }

    /** {@code path} with the parentheses around its expression taken off. */
    private static TreePath unparenthesized(TreePath path) {
      while (path.getLeaf() instanceof ParenthesizedTree p) {
        path = new TreePath(path, p.getExpression());
      }
      return path;
    }

    /**
     * Whether {@code variable} is a local or parameter of an enclosing method that the code here,
     * in a method of a local or anonymous class, captured: that method holds the same array or
     * object and may change it between the calls it makes the class's object answer ({@code long[]
     * knob} written by {@code main}, read as {@code knob[0]} in a strategy's {@code fee}), as code
     * holding a field's may. Not a closure's own local, which each execution makes anew.
     */
    private boolean captured(Element variable) {
      if (variable == null
          || (variable.getKind() != ElementKind.LOCAL_VARIABLE
              && variable.getKind() != ElementKind.PARAMETER)) {
        return false;
      }
      Element maker = variable.getEnclosingElement();
      if (maker == null || maker.getAnnotation(Closure.class) != null) {
        // A closure's own local: each execution, VAL's too, makes its own.
        return false;
      }
      for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
        if (p.getLeaf() instanceof MethodTree) {
          Element method = trees.getElement(p);
          return method != null && !method.equals(maker);
        }
        if (p.getLeaf() instanceof ClassTree) {
          return false;
        }
      }
      return false;
    }

    /**
     * The expression is an array that a recorded call on a shared JDK object returned ({@code
     * counters.get(k)} of a {@code Map<String, long[]>}, {@code audit.toArray()}), or a local that
     * always holds one: the application's own array, which the log hands to the validator as it is.
     */
    private boolean sharedArray(TreePath expressionPath) {
      TreePath path = unparenthesized(expressionPath);
      ExpressionTree expression = (ExpressionTree) path.getLeaf();
      TypeMirror type = trees.getTypeMirror(path);
      if (type == null || type.getKind() != TypeKind.ARRAY) {
        return false;
      }
      Element element = trees.getElement(path);
      if (captured(element)) {
        return true;
      }
      if (element != null && element.getKind() == ElementKind.LOCAL_VARIABLE) {
        return sharedArrayLocals.contains(element);
      }
      if (expression instanceof MethodInvocationTree call
          && element instanceof ExecutableElement method
          && recordedJdkResult(path, call, method)) {
        return true; // TRACE.get() of a ThreadLocal<long[]>
      }
      if (expression instanceof MethodInvocationTree
          && element instanceof ExecutableElement method
          && returnsSharedArray(method)) {
        return true; // Audit.trace() returning TRACE.get(), or a field's array
      }
      return expression instanceof MethodInvocationTree call
          && call.getMethodSelect() instanceof MemberSelectTree select
          && !(element instanceof ExecutableElement m && m.getModifiers().contains(Modifier.STATIC))
          && sharedObject(receiverPath(path, select), 0);
    }

    /** The methods {@link #returnsSharedArray} is looking into, against recursion. */
    private final Set<ExecutableElement> lookingIntoArrays = new HashSet<>();

    /**
     * A method of the program (not a closure) one of whose {@code return}s gives an array the
     * application holds: a field's ({@code return TABLE;}), or a shared array ({@code return
     * TRACE.get();} of a {@code ThreadLocal<long[]>}). A closure writing into what it returns would
     * have the validator write the application's array again.
     */
    private boolean returnsSharedArray(ExecutableElement method) {
      if (isJdk(method)
          || method.getAnnotation(Closure.class) != null
          || !lookingIntoArrays.add(method)) {
        return false;
      }
      try {
        TreePath declaration = declarationWithBody(method);
        if (declaration == null) {
          return false;
        }
        return Returns.of((MethodTree) declaration.getLeaf()).stream()
            .filter(e -> e != null)
            .map(e -> TreePath.getPath(declaration, e))
            .anyMatch(
                e ->
                    trees.getElement(e) instanceof VariableElement field
                            && field.getKind() == ElementKind.FIELD
                            && !isUserData(field.getEnclosingElement())
                        || sharedArray(e));
      } finally {
        lookingIntoArrays.remove(method);
      }
    }

    @Override
    public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
      sharedArrayWrite(node.getVariable());
      TreePath variable = new TreePath(getCurrentPath(), node.getVariable());
      Element target = trees.getElement(variable);
      boolean recorded =
          node.getKind() == Tree.Kind.PLUS_ASSIGNMENT
              && target != null
              && (target.getKind() == ElementKind.LOCAL_VARIABLE
                  || target.getKind() == ElementKind.FIELD)
              && target.asType().toString().equals("java.lang.String")
              && sharedObject(new TreePath(getCurrentPath(), node.getExpression()), 0);
      if (recorded) {
        // line += tags, or a.note += tags: the implicit toString() of a shared object is recorded
        // (a field's helper then takes the recorded String).
        sharedToString(node.getExpression());
      }
      TypeMirror operand =
          trees.getTypeMirror(new TreePath(getCurrentPath(), node.getExpression()));
      if (operand != null) {
        // `text += null` on a String: the helper's parameter needs a type a source can name.
        String type =
            recorded
                ? "java.lang.String"
                : operand.getKind() == TypeKind.NULL
                    ? "java.lang.Object"
                    : types.erasure(operand).toString();
        fileFacts.operandTypes.put(span(node), type);
      }
      if (node.getVariable() instanceof MemberSelectTree select
          && select.getExpression() instanceof IdentifierTree
          && namesALocal(new TreePath(variable, select.getExpression()))) {
        fileFacts.localReceivers.add(span(node));
      }
      return super.visitCompoundAssignment(node, unused);
    }

    /**
     * Whether the name at {@code path} is a local variable or a parameter, as javac resolved it.
     */
    private boolean namesALocal(TreePath path) {
      Element named = trees.getElement(path);
      return named != null && LOCAL_VARIABLES.contains(named.getKind());
    }

    @Override
    public Void visitNewClass(NewClassTree node, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof ExecutableElement constructor) {
        TypeElement type = (TypeElement) constructor.getEnclosingElement();
        // An anonymous class, or an object of a local class (declared in the method: its code is
        // the execution's own, as an anonymous class's is).
        if (node.getClassBody() != null || type.getNestingKind() == NestingKind.LOCAL) {
          types.directSupertypes(type.asType()).stream()
              .filter(t -> t instanceof DeclaredType d && declaredInSources(d.asElement()))
              .findFirst()
              .ifPresent(t -> madeImplementation(node, t));
        }
        boolean userData = isUserData(type);
        String id = names.methodId(constructor);
        boolean recordedShared =
            !userData && recordedConstruction(getCurrentPath(), node, constructor, 0);
        if (!recordedShared && node.getClassBody() == null) {
          unrecordedArguments(
              node.getArguments(), sharedArguments(node.getArguments()), List.of(), constructor);
          if (isJdk(constructor) && orders(type.asType())) {
            // new TreeSet<>(keys), new HashMap<>(byKey): hashes or compares the elements.
            calledBack(node.getArguments(), constructor);
          }
        }
        String binary = names.binaryName(type);
        fileFacts.allocations.put(
            span(node),
            new NewFact(
                binary,
                userData,
                false,
                seeded(constructor),
                id,
                recordedShared,
                siteType(type.getQualifiedName().toString())));
        if (recordedShared) {
          recordedBy(facts.sharedCallsByMethod, id);
        }
        if (!userData && !isJdk(constructor) && !enclosingMethods.isEmpty()) {
          facts
              .plainMade
              .computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>())
              .add(binary);
        }
        if (!userData && !isJdk(constructor) && node.getClassBody() == null) {
          // A constructor has no logged variant: new Cursor(head) runs it as written.
          runsAsWritten(
              constructor,
              "new "
                  + type.getSimpleName()
                  + "(...) ("
                  + at(node)
                  + "), whose constructor runs as written");
        }
        if (userData) {
          accessesUserData();
          if (!enclosingMethods.isEmpty() && node.getClassBody() == null) {
            // Its constructor runs as written: a copy constructor's reads of the other object are
            // refused in VAL (SourceFacts#runsAsWritten).
            facts
                .userDataConstructionsByMethod
                .computeIfAbsent(enclosingMethods.peek(), k -> new HashMap<>())
                .computeIfAbsent(id, k -> new TreeSet<>())
                .add(
                    "new "
                        + type.getSimpleName()
                        + "(...) ("
                        + at(node)
                        + "), whose constructor runs as written and reads another "
                        + type.getSimpleName());
          }
          if (!enclosingMethods.isEmpty()) {
            facts
                .userDataMade
                .computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>())
                .add(binary);
          }
        } else if (!enclosingMethods.isEmpty() && binary.startsWith("java.")) {
          // A JDK constructor the processor may list as non-deterministic (new Date()): the
          // method needs variants that record it (Plan).
          facts.callees.computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>()).add(id);
        } else if (!isJdk(constructor) && node.getClassBody() == null) {
          // A library class whose constructor does what VAL must not do again (decision 0068).
          libraryEffect(constructor, id);
          if (facts.libraryEffects.containsKey(id) && !enclosingMethods.isEmpty()) {
            facts.callees.computeIfAbsent(enclosingMethods.peek(), k -> new HashSet<>()).add(id);
          }
        }
      }
      return super.visitNewClass(node, unused);
    }

    @Override
    public Void visitNewArray(NewArrayTree node, Void unused) {
      TypeMirror type = trees.getTypeMirror(getCurrentPath());
      if (type instanceof ArrayType array && !array.getComponentType().getKind().isPrimitive()) {
        TypeMirror component = array.getComponentType();
        boolean userData =
            component instanceof DeclaredType declared && isUserData(declared.asElement());
        fileFacts.allocations.put(
            span(node),
            new NewFact(names.erased(component), userData, true, null, null, false, null));
        TypeMirror target = assignedType(getCurrentPath());
        if (target instanceof ArrayType declared
            && component instanceof DeclaredType element
            && !types.isSameType(
                types.erasure(declared.getComponentType()), types.erasure(component))) {
          fileFacts.narrowedArrays.put(
              span(node), ((TypeElement) element.asElement()).getQualifiedName().toString());
        }
      }
      return super.visitNewArray(node, unused);
    }

    /** The type of the variable the expression at {@code path} initializes or is assigned to. */
    private TypeMirror assignedType(TreePath path) {
      Tree parent = path.getParentPath().getLeaf();
      if (parent instanceof VariableTree variable && variable.getInitializer() == path.getLeaf()) {
        Element element = trees.getElement(path.getParentPath());
        return element == null ? null : element.asType();
      }
      if (parent instanceof AssignmentTree assignment
          && assignment.getExpression() == path.getLeaf()) {
        return trees.getTypeMirror(new TreePath(path.getParentPath(), assignment.getVariable()));
      }
      return null;
    }

    @Override
    public Void visitBlock(BlockTree node, Void unused) {
      if (!node.isStatic()
          && getCurrentPath().getParentPath().getLeaf() instanceof ClassTree
          && trees.getElement(getCurrentPath().getParentPath()) instanceof TypeElement owner) {
        return inInitializers(owner, () -> super.visitBlock(node, unused));
      }
      return super.visitBlock(node, unused);
    }

    /**
     * Scans an instance field's initializer or an instance initializer block as part of the class's
     * initializers ({@link SourceFacts#initializersId}), which every constructor runs.
     */
    private Void inInitializers(TypeElement owner, java.util.function.Supplier<Void> scan) {
      enclosingMethods.push(SourceFacts.initializersId(names.binaryName(owner)));
      try {
        return scan.get();
      } finally {
        enclosingMethods.pop();
      }
    }

    @Override
    public Void visitVariable(VariableTree node, Void unused) {
      Element element = trees.getElement(getCurrentPath());
      if (element instanceof VariableElement field && renamed(field) != null) {
        declarationRename(node, field);
      }
      if (element != null
          && element.getKind() == ElementKind.FIELD
          && !element.getModifiers().contains(Modifier.STATIC)
          && node.getInitializer() != null
          && element.getEnclosingElement() instanceof TypeElement owner
          && enclosingMethods.isEmpty()) {
        return inInitializers(owner, () -> visitVariableInScope(node, element, unused));
      }
      return visitVariableInScope(node, element, unused);
    }

    private Void visitVariableInScope(VariableTree node, Element element, Void unused) {
      if (element != null
          && element.getKind() == ElementKind.PARAMETER
          && functional(element.asType())
          && elementsOfAContainer(getCurrentPath())) {
        callbackLocals.add(element); // listeners.forEach(l -> l.accept(e))
      }
      if (element != null && element.getKind() == ElementKind.LOCAL_VARIABLE) {
        if (node.getInitializer() instanceof NewClassTree) {
          facts.freshLocals.add(element);
        } else if (node.getInitializer() != null) {
          facts.reassignedLocals.add(element);
        }
        if (holdsShared(element, getCurrentPath(), 0) || keptByHelper(element, getCurrentPath())) {
          // List<String> l = audit; ... = new ArrayList<>(audit); l = groups.get(k) on one path;
          // new Collector(found), which keeps the closure's list.
          sharedLocals.add(element);
        } else if (node.getInitializer() != null
            && sharedArray(new TreePath(getCurrentPath(), node.getInitializer()))
            && !assignedAgain(element)) {
          sharedArrayLocals.add(element); // long[] c = counters.get(k);
        } else if (node.getInitializer() != null && !assignedAgain(element)) {
          VariableElement field =
              unversionedArrayField(new TreePath(getCurrentPath(), node.getInitializer()));
          if (field != null) {
            fieldArrayLocals.put(element, field); // long[] b = Settings.BONUS;
          }
        }
        if (node.getInitializer() != null
            && !assignedAgain(element)
            && heldObject(new TreePath(getCurrentPath(), node.getInitializer()))) {
          callbackLocals.add(element); // Runnable t = a.tick;
        }
        if (node.getInitializer() instanceof MethodInvocationTree call
            && call.getMethodSelect() instanceof MemberSelectTree select
            && jdk.isA(element.asType(), "java.util.Iterator")
            && sharedObject(receiverPath(new TreePath(getCurrentPath(), call), select), 0)) {
          snapshotIterators.add(element); // Iterator<String> it = tags.iterator();
        }
      }
      // A local or parameter of type T[] with T user data is a plain Java array of handles (a
      // control-path batch, a closure's argument); only an alias of a user-data field's array,
      // which becomes a VersionedArray, is a problem (arrayMisuse).
      return super.visitVariable(node, unused);
    }

    @Override
    public Void visitEnhancedForLoop(EnhancedForLoopTree node, Void unused) {
      TreePath expression = new TreePath(getCurrentPath(), node.getExpression());
      Element element = trees.getElement(new TreePath(getCurrentPath(), node.getVariable()));
      if (element != null && functional(element.asType()) && programContainer(expression)) {
        callbackLocals.add(element); // for (Consumer<String> l : listeners) l.accept(e);
      }
      if (sharedObject(expression, 0)) {
        // The loop iterates a snapshot that APP records and VAL replays (SnapshotUse).
        fileFacts.snapshots.add(span(node.getExpression()));
        Element variable = trees.getElement(new TreePath(getCurrentPath(), node.getVariable()));
        snapshotElements.add(variable);
        if (mutableJdk(variable.asType()) && !assignedAgain(variable)) {
          // for (List<String> l : groups.values()): an element is the application's list.
          sharedLocals.add(variable);
        }
        recordedBy(
            facts.snapshotsByMethod,
            "for-each over " + types.erasure(trees.getTypeMirror(expression)));
      }
      VariableElement array = unversionedArrayField(expression);
      if (array != null) {
        // for (long b : Rates.BONUS): the loop iterates a copy APP records, when some code changes
        // the array (SourceFacts#isShared).
        fileFacts.fieldArrayLoops.put(
            span(node.getExpression()),
            elementRead(array, types.erasure(array.asType()).toString()));
      }
      iteratedAsWritten(node, trees.getTypeMirror(expression), "for-each");
      // A loop over a user-data array (a VersionedArray) reads it slot by slot: BodyRewriter.
      return super.visitEnhancedForLoop(node, unused);
    }

    /**
     * {@code for (int v : list)} over an {@code Iterable} of the sources ({@code type}), or a JDK
     * default method that iterates it ({@code list.forEach(...)}; {@code by} names which): the JVM
     * or the JDK calls its {@code iterator()}, and the iterator's {@code hasNext()} and {@code
     * next()}, as written; the rewriter makes no call there that could run their variants.
     */
    private void iteratedAsWritten(Tree node, TypeMirror type, String by) {
      ExecutableElement iterator = jdkMethod("java.lang.Iterable", "iterator");
      if (type == null || iterator == null) {
        return;
      }
      String use = " called by " + by + " (" + at(node) + "), which runs it as written";
      implementations(type, iterator)
          .forEach(
              (owner, m) -> {
                runsAsWritten(m, owner.getSimpleName() + ".iterator()" + use);
                if (!enclosingMethods.isEmpty()) {
                  // The iterators it makes (return new NodeIt(head)): SourceFacts#runsAsWritten.
                  facts
                      .iteratedByMethod
                      .computeIfAbsent(enclosingMethods.peek(), k -> new HashMap<>())
                      .computeIfAbsent(names.methodId(m), k -> new TreeSet<>())
                      .add(use);
                }
                // An iterator of a class of the sources (NodeIt iterator()), made here or not; one
                // declared as a JDK Iterator is one of those the method makes.
                boolean sourceIterator =
                    types.erasure(m.getReturnType()) instanceof DeclaredType returned
                        && !JavaNames.isJdk((TypeElement) returned.asElement());
                for (String step : sourceIterator ? ITERATOR_STEPS : List.<String>of()) {
                  ExecutableElement method = jdkMethod("java.util.Iterator", step);
                  if (method != null) {
                    implementations(m.getReturnType(), method)
                        .forEach(
                            (it, s) ->
                                runsAsWritten(s, it.getSimpleName() + "." + step + "()" + use));
                  }
                }
              });
    }
  }

  /**
   * The JDK's default methods that iterate their receiver with its {@code iterator()} (or its
   * spliterator, made from it), by {@code owner#name}.
   */
  private static final Set<String> ITERATING_DEFAULTS =
      Set.of(
          "java.lang.Iterable#forEach",
          "java.lang.Iterable#spliterator",
          "java.util.Collection#stream",
          "java.util.Collection#parallelStream",
          "java.util.Collection#removeIf");

  /** Methods of {@code java.util.Arrays} that write their first argument while calling back. */
  private static final Set<String> WRITING_ARRAYS_METHODS =
      Set.of("sort", "parallelSort", "setAll", "parallelSetAll", "parallelPrefix");

  /** {@code java.util.Arrays} methods that read an array without keeping or changing it. */
  private static final Set<String> READING_ARRAYS_METHODS =
      Set.of(
          "stream",
          "copyOf",
          "copyOfRange",
          "toString",
          "deepToString",
          "hashCode",
          "deepHashCode",
          "equals",
          "deepEquals",
          "compare",
          "mismatch",
          "binarySearch");

  /** JDK classes whose objects are values ({@code Scanner#jdkValue}). */
  private static final Set<String> JDK_VALUES =
      Set.of(
          "java.lang.String",
          "java.lang.Boolean",
          "java.lang.Character",
          "java.lang.Byte",
          "java.lang.Short",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Float",
          "java.lang.Double",
          "java.lang.Enum",
          "java.lang.Class",
          "java.math.BigInteger",
          "java.math.BigDecimal",
          "java.math.MathContext",
          "java.util.UUID",
          "java.util.Locale",
          "java.util.Currency",
          "java.util.OptionalInt",
          "java.util.OptionalLong",
          "java.util.OptionalDouble",
          "java.util.regex.Pattern",
          "java.nio.charset.Charset",
          "java.nio.file.Path",
          "java.net.URI",
          "java.net.InetAddress");

  /**
   * An array of references, or the {@code VersionedArray} one became in another module's protected
   * classes (this module is compiled against them: {@code for (Acc a : bank.accs)} there).
   */
  private static boolean isReferenceArray(TypeMirror type) {
    if (type instanceof DeclaredType declared
        && declared.asElement() instanceof TypeElement element) {
      return element.getQualifiedName().contentEquals("dev.orthrus.runtime.api.VersionedArray");
    }
    return type.getKind() == TypeKind.ARRAY
        && !((ArrayType) type).getComponentType().getKind().isPrimitive();
  }

  /** {@code Entry<K, V>}: a type that names a type variable, whose meaning depends on the site. */
  private static boolean mentionsTypeVariable(TypeMirror t) {
    if (t.getKind() == TypeKind.TYPEVAR) {
      return true;
    }
    return t instanceof DeclaredType d
        && d.getTypeArguments().stream().anyMatch(FactsCollector::mentionsTypeVariable);
  }
}

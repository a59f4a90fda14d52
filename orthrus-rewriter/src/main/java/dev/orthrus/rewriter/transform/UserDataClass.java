package dev.orthrus.rewriter.transform;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.AccessSpecifier;
import com.github.javaparser.ast.ArrayCreationLevel;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.SuperExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExplicitConstructorInvocationStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ArrayType;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.visitor.ModifierVisitor;
import com.github.javaparser.ast.visitor.Visitable;
import dev.orthrus.rewriter.InstrumentReport;
import dev.orthrus.rewriter.facts.CallFact;
import dev.orthrus.rewriter.facts.FieldFact;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns a {@code @UserData} class into a versioned handle (the paper's OrthrusPtr) that holds its
 * fields in place ({@code InPlaceObject}, decision 0058): its mutable fields stay on the handle,
 * written under the handle's sequence word with a checksum beside them, and an immutable version
 * class {@code V} (or {@code V$} when the class uses a type named {@code V}) of them is what logs
 * record; its final fields stay as they are, reference arrays become {@code VersionedArray}s,
 * constructors end with the first store, and the accessors and store helpers the rewritten code
 * calls are added.
 */
final class UserDataClass {

  /**
   * What a user-data array field may not be made with, as a closure's may not (problem, advice).
   */
  static final String ARRAY_DIMENSIONS = "a user-data array made with several dimensions";

  static final String ARRAY_ADVICE =
      "allocate it as new T[n] and fill its slots; hold a user-data class per row";

  /** A mutable field: in place on the handle, and a field of the version. */
  record VersionField(String name, Type type, Expression initializer, Modifier.Keyword access) {}

  private final Plan plan;
  private final Path file;
  private final Positions positions;
  private final ClassOrInterfaceDeclaration type;
  private final String binaryName;
  private final List<VersionField> fields = new ArrayList<>();
  private final List<String> held = new ArrayList<>();

  /** The access of each held field, which its slot constant and accessors take. */
  private final Map<String, Modifier.Keyword> heldAccess = new HashMap<>();

  /** The declarations of the mutable fields, kept on the handle (in place). */
  private final List<FieldDeclaration> inPlace = new ArrayList<>();

  /** The version class's name: {@code V}, unless the class names a type {@code V} itself. */
  private final String version;

  /**
   * Decision 0072: the class has fields of its own and extends user-data classes whose versions
   * carry fields, so its version extends theirs and carries {@link #inherited} before its own.
   */
  private final boolean extension;

  /** A subclass's version extends this class's: its versions are made through virtual methods. */
  private final boolean extended;

  /** The fields the superclasses' versions carry, the root's first (for an {@link #extension}). */
  private final List<VersionField> inherited = new ArrayList<>();

  UserDataClass(
      Plan plan, Path file, Positions positions, ClassOrInterfaceDeclaration type, String binary) {
    this.plan = plan;
    this.file = file;
    this.positions = positions;
    this.type = type;
    this.binaryName = binary;
    this.version = versionClassName(type, plan.facts.visibleFields(binary));
    this.extension = plan.facts.isVersionExtension(binary);
    this.extended = plan.facts.isVersionExtended(binary);
    plan.versionClassNames.put(binary, version);
    if (extension) {
      plan.facts
          .inheritedVersionFields(binary)
          .forEach(
              (name, t) ->
                  inherited.add(
                      new VersionField(
                          name, StaticJavaParser.parseType(t), null, Modifier.Keyword.PUBLIC)));
    }
  }

  /**
   * Before any class is finished: the plain store helpers of its superclass that this class's
   * constructors (and instance initializers) need, to assign a field they inherit ({@code b = v;}
   * after {@code super(a)}): the superclass's constructor made the object's first store, so the
   * assignment is a store of a published object, as in any other plain code.
   */
  void planInheritedWrites() {
    if (type.getExtendedTypes().isEmpty()) {
      return;
    }
    List<Node> bodies = new ArrayList<>();
    type.getConstructors().stream()
        .filter(c -> !delegates(c))
        .forEach(c -> bodies.add(c.getBody()));
    type.getMembers().stream()
        .filter(m -> m instanceof InitializerDeclaration i && !i.isStatic())
        .forEach(bodies::add);
    for (Node body : bodies) {
      body.walk(
          Expression.class,
          e -> {
            StoreHelper write = inheritedWrite(e);
            if (write != null) {
              plan.need(write);
            }
          });
    }
  }

  /**
   * The plain store helper with which this class's constructor writes a field it inherits ({@code b
   * = v}, {@code b += v}, {@code b++}, also through {@code this.b} or {@code super.b}), or null for
   * any other expression. The superclass's constructor made the object's first store: the write is
   * a store of a published object, as in any other plain code, in any expression.
   */
  private StoreHelper inheritedWrite(Expression e) {
    if (e instanceof AssignExpr a) {
      FieldFact f = inheritedField(a.getTarget());
      if (f == null) {
        return null;
      }
      String operandType =
          a.getOperator() == AssignExpr.Operator.ASSIGN
              ? null
              : plan.facts.file(file).operandType(positions.span(a));
      return StoreHelper.assignment(
          f.owner(), f.name(), a.getOperator(), operandType, Variant.PLAIN);
    }
    if (e instanceof UnaryExpr u && StoreHelper.isStep(u.getOperator())) {
      FieldFact f = inheritedField(u.getExpression());
      return f == null
          ? null
          : StoreHelper.step(f.owner(), f.name(), u.getOperator(), Variant.PLAIN);
    }
    return null;
  }

  /**
   * The versioned field of the object under construction that {@code e} names ({@code b}, {@code
   * this.b}, {@code super.b}) when a superclass declares it, or null.
   */
  private FieldFact inheritedField(Expression e) {
    if (type.getExtendedTypes().isEmpty()) {
      return null;
    }
    FieldFact f = fact(e);
    boolean ofThis =
        e instanceof NameExpr
            || e instanceof FieldAccessExpr a
                && (a.getScope() instanceof SuperExpr
                    || a.getScope() instanceof ThisExpr t && t.getTypeName().isEmpty());
    return f != null && f.versioned() && !f.owner().equals(binaryName) && ofThis ? f : null;
  }

  /**
   * {@code V}, with {@code $} added while a type the class declares or names has that name (a
   * nested {@code record V}, a field of a class {@code V}): the version class must not shadow it;
   * nor while a field the class declares or inherits has it ({@code long[] V}), or a constructor's
   * local for a field ({@code V$}), which would obscure the version class in {@code
   * V.checksumOf(...)}.
   */
  private static String versionClassName(ClassOrInterfaceDeclaration type, Set<String> fields) {
    Set<String> names = new HashSet<>(fields);
    fields.forEach(f -> names.add(f + "$"));
    type.findAll(TypeDeclaration.class).forEach(t -> names.add(t.getNameAsString()));
    type.findAll(ClassOrInterfaceType.class).forEach(t -> names.add(t.getNameAsString()));
    String name = "V";
    while (names.contains(name)) {
      name = name + "$";
    }
    return name;
  }

  /** Rewrites the class in place; problems go to the plan. */
  void rewrite() {
    if (type.isInterface()) {
      problem(type, "@UserData on an interface", "annotate the classes that hold the data");
      return;
    }
    Map<String, String> heldTypes = plan.facts.heldFields(binaryName);
    List<InitializerBlock> blocks = new ArrayList<>();
    for (BodyDeclaration<?> member : new ArrayList<>(type.getMembers())) {
      if (member instanceof InitializerDeclaration init && !init.isStatic()) {
        // Runs where Java runs it: after the field initializers above it, before those below.
        blocks.add(new InitializerBlock(init, fields.size()));
        continue;
      }
      if (!(member instanceof FieldDeclaration declaration) || declaration.isStatic()) {
        continue;
      }
      if (!declaration.isFinal()
          && declaration.getVariables().stream()
              .allMatch(v -> heldTypes.containsKey(v.getNameAsString()))) {
        // Held in a slot of the handle. Its modifiers stay the user's: Java serialization and
        // JSON libraries read it as in the vanilla class (a reproducer file leaves it out).
        declaration
            .getVariables()
            .forEach(
                v -> {
                  held.add(v.getNameAsString());
                  heldAccess.put(v.getNameAsString(), access(declaration));
                });
        continue;
      }
      for (VariableDeclarator v : declaration.getVariables()) {
        Type t = versionedType(v, v.getType());
        if (declaration.isFinal()) {
          // The initializer first: it is rewritten only while the declared type is still an array.
          v.getInitializer().ifPresent(init -> v.setInitializer(arrayInitializer(v, init)));
        } else {
          // int free = capacity: the initializer reads the constructor's locals (capacity$).
          Expression init =
              v.getInitializer()
                  .map(i -> (Expression) i.accept(new ConstructorBody(), null))
                  .map(i -> arrayInitializer(v, i))
                  .orElse(null);
          fields.add(new VersionField(v.getNameAsString(), t, init, access(declaration)));
          // The constructor's first store writes it; a reproducer carries logged versions.
          v.removeInitializer();
        }
        v.setType(t);
      }
      if (!declaration.isFinal()) {
        inPlace.add(declaration);
      }
    }
    // Instance initializer blocks are constructor code: rewritten as a constructor's body is.
    blocks.forEach(b -> b.declaration().getBody().accept(new ConstructorBody(), null));
    if (fields.isEmpty() && held.isEmpty()) {
      // Only final fields: nothing versioned, but reference arrays still become VersionedArrays.
      // Its objects are values a log may hold, compared field by field: a reproducer carries them.
      type.getConstructors().forEach(c -> c.getBody().accept(new ConstructorBody(), null));
      FileRewriter.serializable(type);
      return;
    }
    if (!type.getExtendedTypes().isEmpty()) {
      if (!extensionAllowed()) {
        return;
      }
    } else {
      type.addExtendedType("InPlaceObject<" + selfType() + "." + version + ">");
    }
    if (tooManyFields()) {
      return;
    }
    if (generic()) {
      // Its version is an inner class, whose fields may have the class's type variables; a
      // reproducer that carries one carries the handle with it.
      FileRewriter.serializable(type);
    }
    List<ConstructorDeclaration> constructors = type.getConstructors();
    if (constructors.isEmpty()) {
      ConstructorDeclaration c = type.addConstructor();
      Modifier.Keyword k = keyword(type.getAccessSpecifier());
      if (k != null) {
        c.addModifier(k);
      }
      c.setBody(new BlockStmt());
      constructors = List.of(c);
    }
    // The blocks move into the constructors, which make the first store after them.
    blocks.forEach(b -> b.declaration().remove());
    for (ConstructorDeclaration c : constructors) {
      rewriteConstructor(c, blocks);
    }
    if (!heldOnly()) {
      type.getMembers().add(versionClass());
      addInPlaceAccess();
    }
    if (!held.isEmpty()) {
      addSlots(heldTypes, inheritedSlots());
    }
    List<String> helpers = new ArrayList<>();
    for (StoreHelper helper : plan.storeHelpers.getOrDefault(binaryName, Set.of())) {
      type.getMembers().add(storeHelper(helper));
      String name = helper.methodName();
      if (!helpers.contains(name)) {
        helpers.add(name);
      }
    }
    List<String> handleFields = new ArrayList<>();
    type.getFields().stream()
        .filter(f -> !f.isStatic() && inPlace.stream().noneMatch(d -> d == f))
        .forEach(f -> f.getVariables().forEach(v -> handleFields.add(v.getNameAsString())));
    plan.versionedClasses.add(
        new InstrumentReport.VersionedClass(
            binaryName, fields.stream().map(VersionField::name).toList(), handleFields, helpers));
  }

  /**
   * Whether this class, which has mutable fields and a superclass, can extend its superclass's
   * version (decision 0072); a problem says why not.
   */
  private boolean extensionAllowed() {
    String parent = type.getExtendedTypes(0).getNameAsString();
    String superclass = plan.facts.userDataSuperclass(binaryName);
    if (superclass != null && !plan.facts.isSourceType(superclass)) {
      // Checked first: the facts of another module's classes do not say which fields they have.
      problem(
          type,
          "a user-data subclass with mutable fields of a class outside these sources",
          "declare the subclass in the module of " + parent);
      return false;
    }
    if (versionParent() == null && inheritedSlots() == 0) {
      problem(
          type,
          "a user-data class with mutable fields that extends "
              + type.getExtendedTypes(0)
              + ", which has none",
          "a versioned handle extends InPlaceObject: give "
              + parent
              + " a mutable field, make it an interface (a sealed interface of user-data classes"
              + " works, closures may take it) if it holds no data, or hold its data in a field");
      return false;
    }
    if (!fields.isEmpty() && !extension) {
      problem(
          type,
          "a user-data subclass with mutable fields that extends "
              + type.getExtendedTypes(0)
              + ", whose mutable fields are all references to user data",
          "declare a mutable field of another type in the root class, or move these there");
      return false;
    }
    if (generic() || !type.getExtendedTypes(0).getTypeArguments().isEmpty()) {
      problem(
          type,
          "a user-data subclass with mutable fields in a generic hierarchy",
          "declare the fields in the root class");
      return false;
    }
    Set<String> above = new HashSet<>();
    for (String c : plan.facts.userDataSuperclasses(binaryName)) {
      above.addAll(plan.facts.versionFields(c).keySet());
      above.addAll(plan.facts.heldFields(c).keySet());
    }
    List<String> own = new ArrayList<>(held);
    fields.forEach(f -> own.add(f.name()));
    for (String f : own) {
      if (above.contains(f)) {
        Node declaration = type.getFieldByName(f).map(d -> (Node) d).orElse(type);
        problem(
            declaration,
            "a mutable field "
                + f
                + " that hides a superclass's field of the same name: the object's one version"
                + " cannot carry both",
            "rename one of them, or make this one private (the protected build renames a private"
                + " field that has a superclass field's name)");
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the version's constructor could not take every field the version carries: a Java method
   * takes at most 255 parameter slots ({@code long}, {@code double} and a kept array or string hash
   * take two), and the constructor takes {@code this}, the owner and the checksum besides the
   * fields. A problem says so.
   */
  private boolean tooManyFields() {
    List<VersionField> all = allFields();
    int slots = all.stream().mapToInt(UserDataClass::parameterSlots).sum();
    if (slots <= MAX_FIELD_SLOTS) {
      return false;
    }
    problem(
        type,
        "a user-data class whose version carries "
            + all.size()
            + " mutable fields ("
            + slots
            + " parameter slots; a version's constructor takes at most "
            + MAX_FIELD_SLOTS
            + ")",
        "group related fields into objects the class holds (a @UserData class, or an immutable"
            + " value such as a record)");
    return true;
  }

  private static final int MAX_FIELD_SLOTS = 255 - 3;

  private static int parameterSlots(VersionField f) {
    String t = f.type().asString();
    return t.equals("long") || t.equals("double") || hashed(f) ? 2 : 1;
  }

  /**
   * A subclass whose mutable fields are all references to user data (held in slots after its
   * superclasses'): no version of its own, no first store of its own (decision 0072).
   */
  private boolean heldOnly() {
    return fields.isEmpty() && plan.facts.userDataSuperclass(binaryName) != null;
  }

  /** The slots the superclasses' held fields take: this class's come after them. */
  private int inheritedSlots() {
    return plan.facts.userDataSuperclasses(binaryName).stream()
        .mapToInt(c -> plan.facts.heldFields(c).size())
        .sum();
  }

  /** The nearest superclass with a version (binary name), or null ({@code SourceFacts}). */
  private String versionParent() {
    return plan.facts.versionParent(binaryName);
  }

  /** The canonical name of the superclass's version class ({@code acct.Account.V}). */
  private String superVersion() {
    return plan.versionClassOf(versionParent());
  }

  /** The canonical name of the version class of the hierarchy's root. */
  private String rootVersion() {
    List<String> chain = plan.facts.userDataSuperclasses(binaryName);
    return plan.versionClassOf(chain.isEmpty() ? binaryName : chain.get(chain.size() - 1));
  }

  /** The simple name of a class given by binary name: {@code Savings} of {@code acct.Savings}. */
  private static String simpleName(String binary) {
    return binary.substring(Math.max(binary.lastIndexOf('.'), binary.lastIndexOf('$')) + 1);
  }

  /** Every field this class's version carries: the inherited ones, then its own. */
  private List<VersionField> allFields() {
    List<VersionField> all = new ArrayList<>(inherited);
    all.addAll(fields);
    return all;
  }

  private Type versionedType(VariableDeclarator v, Type t) {
    if (t instanceof ArrayType array && !array.getComponentType().isPrimitiveType()) {
      if (array.getComponentType() instanceof ArrayType) {
        problem(
            v, "a user-data field that is an array of arrays", "hold a user-data class per row");
        return t;
      }
      return StaticJavaParser.parseType("VersionedArray<" + array.getComponentType() + ">");
    }
    return t;
  }

  private Expression arrayInitializer(VariableDeclarator v, Expression init) {
    if (!(v.getType() instanceof ArrayType array) || array.getComponentType().isPrimitiveType()) {
      return init;
    }
    if (init instanceof ArrayCreationExpr creation) {
      return versionedOrRefused(creation);
    }
    if (init instanceof ArrayInitializerExpr elements
        && !(array.getComponentType() instanceof ArrayType)) {
      // T[] f = {a, b} is new T[] {a, b}, of the field's own element type.
      return BodyRewriter.versionedArray(
          new ArrayCreationExpr(
              array.getComponentType().clone(), new NodeList<>(new ArrayCreationLevel()), elements),
          null);
    }
    return init;
  }

  /**
   * The {@code VersionedArray} for {@code new T[n]} or {@code new T[] {a, b}} made for a user-data
   * array field; an array of several dimensions is a problem, as in a closure, and stays as it is.
   */
  private Expression versionedOrRefused(ArrayCreationExpr creation) {
    Expression versioned =
        BodyRewriter.versionedArray(
            creation, plan.facts.file(file).narrowedArray(positions.span(creation)));
    if (versioned == null) {
      problem(creation, ARRAY_DIMENSIONS, ARRAY_ADVICE);
      return creation;
    }
    return versioned;
  }

  /** The primitive type of a boxed type as a source names it, else the type itself. */
  private static String unboxed(String type) {
    return switch (type.startsWith("java.lang.") ? type.substring("java.lang.".length()) : type) {
      case "Character" -> "char";
      case "Short" -> "short";
      case "Byte" -> "byte";
      case "Integer" -> "int";
      case "Long" -> "long";
      case "Float" -> "float";
      case "Double" -> "double";
      default -> type;
    };
  }

  private static Modifier.Keyword access(FieldDeclaration f) {
    return keyword(f.getAccessSpecifier());
  }

  /** The modifier of an access level, null for package access. */
  static Modifier.Keyword keyword(AccessSpecifier access) {
    return switch (access) {
      case PUBLIC -> Modifier.Keyword.PUBLIC;
      case PROTECTED -> Modifier.Keyword.PROTECTED;
      case PRIVATE -> Modifier.Keyword.PRIVATE;
      default -> null;
    };
  }

  // ---- constructors ----

  /** An instance initializer block, and how many version fields are declared above it. */
  private record InitializerBlock(InitializerDeclaration declaration, int fieldsBefore) {}

  /**
   * Assignments to mutable fields go to locals named after them ({@code value$}); the fields are
   * written from them and the first store made at the end. Reading other user data or letting
   * {@code this} escape before that is a problem: the object is not user data yet.
   */
  private void rewriteConstructor(ConstructorDeclaration c, List<InitializerBlock> blocks) {
    if (delegates(c)) {
      return; // rewritten as plain code (FileRewriter): the constructor it calls made the object
    }
    BlockStmt body = c.getBody();
    body.accept(new ConstructorBody(), null);
    BlockStmt out = new BlockStmt();
    if (!body.getStatements().isEmpty()
        && body.getStatement(0) instanceof ExplicitConstructorInvocationStmt superCall) {
      // super(...) stays first: the superclass's constructor makes the first store (decision 0072).
      out.addStatement(superCall.clone());
      body.getStatements().remove(0);
    }
    int declared = 0;
    for (InitializerBlock block : blocks) {
      for (; declared < block.fieldsBefore(); declared++) {
        out.addStatement(firstValue(fields.get(declared)));
      }
      block.declaration().getBody().getStatements().forEach(s -> out.addStatement(s.clone()));
    }
    for (; declared < fields.size(); declared++) {
      out.addStatement(firstValue(fields.get(declared)));
    }
    body.getStatements().forEach(s -> out.addStatement(s.clone()));
    // The fields in place, then the first store (InPlaceObject.firstStore): no version is made,
    // and the object is sealed (kept hashes, checksum) at its first use (decision 0085). A
    // subclass's constructor adds its fields after its superclass's first store.
    for (VersionField f : fields) {
      out.addStatement(
          StaticJavaParser.parseStatement("this." + f.name() + " = " + f.name() + "$;"));
    }
    if (!heldOnly()) {
      out.addStatement(
          StaticJavaParser.parseStatement(extension ? "extendFirstStore();" : "firstStore();"));
    }
    c.setBody(out);
    body.findAll(ReturnStmt.class)
        .forEach(r -> problem(c, "a return inside a user-data class's constructor", "remove it"));
  }

  /** {@code int free$ = capacity$;}: the local the first version takes the field's value from. */
  private Statement firstValue(VersionField f) {
    return StaticJavaParser.parseStatement(
        f.type() + " " + f.name() + "$ = " + initialValue(f) + ";");
  }

  private String initialValue(VersionField f) {
    if (f.initializer() != null) {
      return f.initializer().toString();
    }
    return switch (f.type().asString()) {
      case "boolean" -> "false";
      case "byte", "short", "char", "int" -> "0";
      case "long" -> "0L";
      case "float" -> "0f";
      case "double" -> "0d";
      default -> "null";
    };
  }

  /**
   * A constructor that calls another of its class's: {@code this(...)}, its first statement, or
   * after a prologue that computes its arguments (Java 25's flexible constructor bodies: {@code
   * long b = Math.max(0, cents); this(b, 1);}).
   */
  static boolean delegates(ConstructorDeclaration c) {
    return c.getBody().getStatements().stream()
        .anyMatch(s -> s instanceof ExplicitConstructorInvocationStmt call && call.isThis());
  }

  private boolean isOwnVersionedField(Expression e) {
    FieldFact f = ownField(e);
    return f != null && f.versioned();
  }

  /** The field of this class that {@code e} names by its simple name or {@code this.f}, or null. */
  private FieldFact ownField(Expression e) {
    FieldFact f = fact(e);
    boolean own =
        f != null
            && f.owner().equals(binaryName)
            && (e instanceof NameExpr
                || e instanceof FieldAccessExpr a
                    && a.getScope() instanceof ThisExpr t
                    && t.getTypeName().isEmpty());
    return own ? f : null;
  }

  private FieldFact fact(Expression e) {
    return plan.field(file, positions, e);
  }

  /**
   * A user-data array field ({@code VersionedArray} once rewritten): the class's own, or one of an
   * object the constructor reaches ({@code rows[i].cells} of a row it just made).
   */
  private boolean isArrayField(Expression e) {
    FieldFact f = fact(e);
    return f != null && f.referenceArray();
  }

  private final class ConstructorBody extends ModifierVisitor<Void> {
    @Override
    public Visitable visit(FieldAccessExpr n, Void arg) {
      if (isOwnVersionedField(n)) {
        return new NameExpr(n.getNameAsString() + "$");
      }
      if (inheritedField(n) != null) {
        return inheritedRead(n);
      }
      if (n.getNameAsString().equals("length") && isArrayField(n.getScope())) {
        return new MethodCallExpr(array(n.getScope(), arg), "length");
      }
      FieldFact f = fact(n);
      if (f != null && f.versioned()) {
        if (written(n)) {
          problem(
              n,
              "a constructor of a user-data class that writes another user-data object's field",
              "give the value to that object's constructor (new Acc(id, hits)), or write it after"
                  + " this constructor: the constructor is not logged, so a validator could not"
                  + " check the write");
        } else if (f.referenceArray()) {
          problem(n, "a constructor of a user-data class that reads other user data", READ_ADVICE);
        } else {
          // A copy constructor's other.balance: the field in place, through the plain read its
          // getter makes too, which a validator refuses on an object it did not make (the build
          // names such constructors, SourceFacts#constructorsReadingOtherUserData).
          Expression object = (Expression) n.getScope().accept(this, arg);
          return new MethodCallExpr(object, plainRead(f.name()));
        }
      }
      return super.visit(n, arg);
    }

    @Override
    public Visitable visit(NameExpr n, Void arg) {
      if (inheritedField(n) != null) {
        return inheritedRead(n);
      }
      return isOwnVersionedField(n) ? new NameExpr(n.getNameAsString() + "$") : n;
    }

    @Override
    public Visitable visit(UnaryExpr n, Void arg) {
      StoreHelper write = inheritedWrite(n);
      if (write != null) {
        return new MethodCallExpr(new ThisExpr(), write.methodName());
      }
      return super.visit(n, arg);
    }

    /** What an assignment, a compound assignment, {@code ++} or {@code --} writes. */
    private boolean written(Expression n) {
      Node parent = n.getParentNode().orElse(null);
      return (parent instanceof AssignExpr a && a.getTarget() == n)
          || (parent instanceof UnaryExpr u
              && u.getExpression() == n
              && StoreHelper.isStep(u.getOperator()));
    }

    /** An inherited field read after the superclass's first store: the plain accessor. */
    private Expression inheritedRead(Expression field) {
      return new MethodCallExpr(new ThisExpr(), plainRead(fact(field).name()));
    }

    /**
     * {@code rows[i] = x} on a user-data array (the class's own, or {@code rows[i].cells}): the
     * slot's plain store.
     */
    @Override
    public Visitable visit(AssignExpr n, Void arg) {
      StoreHelper write = inheritedWrite(n);
      if (write != null) {
        Expression value = (Expression) n.getValue().accept(this, arg);
        if (n.getOperator() == AssignExpr.Operator.PLUS
            && plan.facts.file(file).sharedToString(positions.span(n.getValue()))) {
          // note += tags: the helper takes the text, as the plain variant's write does.
          value =
              new MethodCallExpr(
                  new NameExpr("java.lang.String"), "valueOf", new NodeList<>(value));
        }
        return new MethodCallExpr(new ThisExpr(), write.methodName(), new NodeList<>(value));
      }
      if (n.getTarget() instanceof ArrayAccessExpr slot
          && isArrayField(slot.getName())
          && n.getOperator() == AssignExpr.Operator.ASSIGN
          && n.getParentNode().orElse(null) instanceof ExpressionStmt) {
        Expression index = (Expression) slot.getIndex().accept(this, arg);
        Expression value = (Expression) n.getValue().accept(this, arg);
        return new MethodCallExpr(
            array(slot.getName(), arg), "soValue", new NodeList<>(index, value));
      }
      return super.visit(n, arg);
    }

    /** {@code rows[i]} on a user-data array: the slot's plain load. */
    @Override
    public Visitable visit(ArrayAccessExpr n, Void arg) {
      if (isArrayField(n.getName())) {
        Expression index = (Expression) n.getIndex().accept(this, arg);
        return new MethodCallExpr(array(n.getName(), arg), "lvValue", new NodeList<>(index));
      }
      return super.visit(n, arg);
    }

    /**
     * The class's own array field as the constructor holds it: the field itself when final, the
     * local that becomes the first version's field ({@code rows$}) when not.
     */
    private Expression array(Expression field, Void arg) {
      Expression rewritten = (Expression) field.accept(this, arg);
      return rewritten == field ? field.clone() : rewritten;
    }

    @Override
    public Visitable visit(ArrayCreationExpr n, Void arg) {
      Node parent = n.getParentNode().orElse(null);
      FieldFact target = parent instanceof AssignExpr a ? fact(a.getTarget()) : null;
      if (target == null || !target.referenceArray()) {
        return super.visit(n, arg);
      }
      // The elements of new T[] {a, b} first: they may read the class's own fields.
      n.getInitializer().ifPresent(elements -> elements.accept(this, arg));
      Expression versioned = versionedOrRefused(n);
      return versioned == n ? super.visit(n, arg) : versioned;
    }

    @Override
    public Visitable visit(MethodCallExpr n, Void arg) {
      CallFact call = plan.facts.file(file).call(positions.span(n));
      if (call != null && plan.reachedByClosures.contains(call.target())) {
        problem(n, "a constructor of a user-data class that calls " + call.name(), READ_ADVICE);
      } else if (n.getScope().isEmpty() || n.getScope().get() instanceof ThisExpr) {
        if (call != null && !call.isStatic()) {
          problem(
              n,
              "a constructor of a user-data class that calls its own method " + call.name(),
              "the first version exists only at the constructor's end: compute the value first");
        }
      }
      return super.visit(n, arg);
    }

    @Override
    public Visitable visit(ThisExpr n, Void arg) {
      Node parent = n.getParentNode().orElse(null);
      if (!(parent instanceof FieldAccessExpr) && !(parent instanceof MethodCallExpr)) {
        problem(
            n,
            "a constructor of a user-data class that lets this escape",
            "the first version exists only at the constructor's end: publish the object after");
      }
      return n;
    }
  }

  private static final String READ_ADVICE =
      "compute the value in the caller and pass it in: the constructor runs before the object"
          + " is user data and its reads would not be logged";

  // ---- the version class ----

  /**
   * A generic class: its version is an inner class, so that its fields may have the class's type
   * variables ({@code T value}), and its static checksum methods take such fields as {@code
   * Object}, which is all a checksum of a reference needs.
   */
  private boolean generic() {
    return !type.getTypeParameters().isEmpty();
  }

  /** The class as its own code names it: {@code Box<K, V>} for a generic class. */
  private String selfType() {
    if (!generic()) {
      return type.getNameAsString();
    }
    return type.getNameAsString()
        + "<"
        + String.join(
            ", ", type.getTypeParameters().stream().map(t -> t.getNameAsString()).toList())
        + ">";
  }

  /** A field's type as a static checksum method of the version takes it. */
  private String staticType(VersionField f) {
    return mentionsTypeVariable(f.type()) ? "Object" : f.type().toString();
  }

  /** {@code t} names one of the class's type variables ({@code T}, {@code Entry<K, V>}). */
  private boolean mentionsTypeVariable(Type t) {
    Set<String> variables = new HashSet<>();
    type.getTypeParameters().forEach(v -> variables.add(v.getNameAsString()));
    // findAll visits t itself first.
    return t.findAll(ClassOrInterfaceType.class).stream()
        .anyMatch(c -> variables.contains(c.getNameAsString()));
  }

  private BodyDeclaration<?> versionClass() {
    String owner = selfType();
    List<VersionField> all = allFields();
    StringBuilder s = new StringBuilder();
    s.append("/** The mutable fields of {@link ")
        .append(owner)
        .append("} as one store wrote them or one logged load read them: immutable. */\n");
    s.append(visibility()).append(generic() ? "" : "static ").append(extended ? "" : "final ");
    s.append("class ").append(version);
    s.append(" extends ").append(extension ? superVersion() : "Version").append(" {\n");
    s.append("private static final long serialVersionUID = 1L;\n");
    for (VersionField f : fields) {
      // Generated code reads them wherever the field can be named: a subclass's store helpers and
      // its variants, in another package too, read the versions they load (through this type).
      s.append("public final ");
      s.append(f.type()).append(' ').append(f.name()).append(";\n");
    }
    String parameters =
        String.join(", ", all.stream().map(f -> f.type() + " " + f.name()).toList());
    String names = String.join(", ", all.stream().map(VersionField::name).toList());
    String more = all.isEmpty() ? "" : ", ";
    List<String> taken = all.stream().map(VersionField::name).toList();
    String checksumParameter = unused("checksum", taken);
    String ownerParameter = unused("owner", taken); // a field may be named owner
    // Built by a store, with its checksum computed; by a snapshot, with the checksum in place.
    s.append(version).append("(").append(owner).append(' ').append(ownerParameter);
    s.append(more).append(parameters).append(") {\nthis(").append(ownerParameter).append(more);
    s.append(names).append(", checksumOf(").append(names).append("));\n}\n");
    s.append(extended ? "protected " : "").append(version).append("(").append(owner);
    s.append(' ').append(ownerParameter);
    s.append(more).append(parameters).append(", int ").append(checksumParameter);
    s.append(") {\nsuper(").append(ownerParameter);
    if (extension) {
      for (VersionField f : inherited) {
        s.append(", ").append(f.name());
      }
      s.append(", ").append(checksumParameter);
    }
    s.append(");\n");
    for (VersionField f : fields) {
      s.append("this.").append(f.name()).append(" = ").append(f.name()).append(";\n");
    }
    s.append("seal(").append(checksumParameter).append(");\n}\n");
    String staticParameters =
        String.join(", ", all.stream().map(f -> staticType(f) + " " + f.name()).toList());
    s.append("static int checksumOf(").append(staticParameters).append(") {\nreturn ");
    s.append(fold("Checksum.SEED", all, f -> bits(f.type(), f.name()))).append(";\n}\n");
    if (extension) {
      // A subclass's checksum goes on from its superclass's: of the fields in place, the
      // superclass's part is what its own method computes.
      String own =
          String.join(", ", fields.stream().map(f -> staticType(f) + " " + f.name()).toList());
      String h = unused("h", taken);
      s.append("static int extend(int ").append(h).append(", ").append(own).append(") {\nreturn ");
      s.append(fold(h, fields, f -> bits(f.type(), f.name()))).append(";\n}\n");
      if (fields.stream().anyMatch(UserDataClass::hashed)) {
        s.append("static int extendHashed(int ").append(h).append(", ");
        s.append(hashedParameters(fields)).append(") {\nreturn ");
        s.append(fold(h, fields, f -> hashed(f) ? hash(f.name()) : bits(f.type(), f.name())));
        s.append(";\n}\n");
      }
    }
    if (!extension && fields.stream().anyMatch(UserDataClass::hashed)) {
      // The same fold with an array's value hash computed when the array was stored: a store of
      // another field does not walk the array again (a subclass's: extendHashed).
      s.append("static int checksumOfHashed(").append(hashedParameters(all));
      s.append(") {\nreturn ");
      s.append(
          fold("Checksum.SEED", all, f -> hashed(f) ? hash(f.name()) : bits(f.type(), f.name())));
      s.append(";\n}\n");
    }
    // What a pending log that holds this version keeps alive (ClosureLog.estimatedBytes).
    List<String> sizes = new ArrayList<>();
    for (VersionField f : fields) {
      if (hashed(f) && !isString(f)) {
        String component = ((ArrayType) f.type()).getComponentType().asString();
        int size =
            switch (component) {
              case "boolean", "byte" -> 1;
              case "char", "short" -> 2;
              case "int", "float" -> 4;
              default -> 8;
            };
        sizes.add("(" + f.name() + " == null ? 0 : 16L + " + size + "L * " + f.name() + ".length)");
      }
    }
    if (!sizes.isEmpty()) {
      s.append("@Override public long arrayBytes() {\nreturn ");
      s.append(extension ? "super.arrayBytes() + " : "");
      s.append(String.join(" + ", sizes)).append(";\n}\n");
    }
    String sink = unused("sink", taken);
    s.append("@Override public void fields(FieldSink ").append(sink).append(") {\n");
    if (extension) {
      s.append("super.fields(").append(sink).append(");\n");
    }
    for (VersionField f : fields) {
      String bits = bits(f.type(), f.name());
      s.append(sink).append(bits == null ? ".ref(" + f.name() : ".bits(" + bits).append(");\n");
    }
    s.append("}\n}\n");
    return StaticJavaParser.parseBodyDeclaration(s.toString());
  }

  /** Parameters of a checksum with kept hashes: {@code long data$hash} for a hashed field. */
  private String hashedParameters(List<VersionField> of) {
    return String.join(
        ", ",
        of.stream()
            .map(f -> hashed(f) ? "long " + hash(f.name()) : staticType(f) + " " + f.name())
            .toList());
  }

  /**
   * What {@code InPlaceObject} asks of the handle (a snapshot of the fields, the fields of a
   * version written in place, the checksum of the fields in place) and the plain variant's read of
   * each field ({@code lv$value()}).
   */
  private void addInPlaceAccess() {
    List<String> names = fields.stream().map(VersionField::name).toList();
    // Parameters of the hooks, which take the inherited fields too.
    List<String> taken = allFields().stream().map(VersionField::name).toList();
    String checksum = unused("checksum", taken);
    String next = unused("next", taken);
    StringBuilder snapshot =
        new StringBuilder("@Override protected ")
            .append(version)
            .append(" snapshotFields(int ")
            .append(checksum)
            .append(") {\nreturn new ")
            .append(version)
            .append("(this");
    StringBuilder write =
        new StringBuilder("@Override protected void writeFields(")
            .append(version)
            .append(' ')
            .append(next)
            .append(") {\n");
    for (VersionField f : fields) {
      snapshot.append(", this.").append(f.name());
      writeField(write, next, f);
      if (hashed(f)) {
        type.getMembers()
            .add(
                StaticJavaParser.parseBodyDeclaration(
                    "/** The value hash of {@link #"
                        + f.name()
                        + "}, computed when it was stored. */\nprivate transient long "
                        + hash(f.name())
                        + ";"));
      }
    }
    snapshot.append(", ").append(checksum).append(");\n}");
    write.append("}");
    addRehash();
    String inPlace = String.join(", ", names.stream().map(n -> "this." + n).toList());
    if (extension) {
      addExtensionAccess(checksum, next, inPlace);
    } else {
      if (!extended) {
        type.getMembers().add(StaticJavaParser.parseBodyDeclaration(snapshot.toString()));
      }
      type.getMembers().add(StaticJavaParser.parseBodyDeclaration(write.toString()));
      type.getMembers()
          .add(
              StaticJavaParser.parseBodyDeclaration(
                  "@Override protected int checksumFields() {\nreturn "
                      + version
                      + ".checksumOf("
                      + inPlace
                      + ");\n}"));
    }
    if (extended && !extension) {
      addRootHooks(checksum);
    }
    for (VersionField f : fields) {
      type.getMembers()
          .add(
              StaticJavaParser.parseBodyDeclaration(
                  access(f.access())
                      + f.type()
                      + " "
                      + plainRead(f.name())
                      + "() {\nrefusePlainRead();\nreturn this."
                      + f.name()
                      + ";\n}"));
    }
  }

  /**
   * The hooks through which the root of a hierarchy whose subclasses' versions extend its own makes
   * versions and checksums (decision 0072): a snapshot of the fields in place ({@code
   * snapshot$Account}), a version rebuilt from one it loaded with its fields replaced ({@code
   * with$Account}), the checksum of the fields in place; each subclass overrides them to add its
   * own fields.
   */
  private void addRootHooks(String checksum) {
    String inPlace = join(fields, f -> "this." + f.name());
    add(
        String.format(
            "@Override protected %s snapshotFields(int %s) {\nreturn snapshot$%s(%s%s%s);\n}",
            version,
            checksum,
            simpleName(binaryName),
            checksum,
            fields.isEmpty() ? "" : ", ",
            inPlace));
    addOwnHooks(checksum, fields);
    add("protected int checksumInPlace$() {\nreturn " + staticInPlaceChecksum() + ";\n}");
  }

  /**
   * The snapshot and rebuild hooks that make this class's version from {@code of}, its fields and
   * those it inherits: {@code snapshot$Account(checksum, ...)} and {@code with$Account(from, ...)},
   * which its subclasses override.
   */
  private void addOwnHooks(String checksum, List<VersionField> of) {
    String self = simpleName(binaryName);
    String from = unused("from", of.stream().map(VersionField::name).toList());
    String params = join(of, f -> f.type() + " " + f.name());
    String args = join(of, VersionField::name);
    String sep = of.isEmpty() ? "" : ", ";
    add(
        String.format(
            "protected %s snapshot$%s(int %s%s%s) {\nreturn new %s(this%s%s, %s);\n}",
            version, self, checksum, sep, params, version, sep, args, checksum));
    add(
        String.format(
            "protected %s with$%s(%s %s%s%s) {\nreturn new %s(this%s%s);\n}",
            version, self, version, from, sep, params, version, sep, args));
  }

  private static String join(List<VersionField> of, Function<VersionField, String> each) {
    return String.join(", ", of.stream().map(each).toList());
  }

  /**
   * What a class whose version extends its superclass's overrides (decision 0072): the superclass's
   * snapshot and rebuild hooks make this class's version, with its own fields taken from the object
   * (a snapshot) or from the version the store rebuilds from; its fields are written after the
   * superclass's; its checksums go on from the superclass's.
   */
  /**
   * {@code rehashFields()}, run when the object is sealed at its first use (decision 0085): the
   * kept hash of each array or string field this class declares computed from the field, after its
   * superclass's; and {@code sealedChecksum()}, the checksum of the fields in place with those
   * hashes.
   */
  private void addRehash() {
    List<VersionField> own = fields.stream().filter(UserDataClass::hashed).toList();
    if (own.isEmpty()) {
      return;
    }
    StringBuilder body = new StringBuilder("@Override protected void rehashFields() {\n");
    body.append("super.rehashFields();\n");
    for (VersionField f : own) {
      body.append("this.")
          .append(hash(f.name()))
          .append(" = Checksum.valueHash(this.")
          .append(f.name())
          .append(");\n");
    }
    add(body.append("}").toString());
    // Sealing then folds the hashes just kept, as a store does, instead of hashing again.
    add("@Override protected int sealedChecksum() {\nreturn " + inPlaceChecksum() + ";\n}");
  }

  private void addExtensionAccess(String checksum, String next, String inPlace) {
    List<String> taken = allFields().stream().map(VersionField::name).toList();
    String from = unused("from", taken);
    String n = unused("n", taken);
    String self = simpleName(binaryName);
    String parent = simpleName(versionParent());
    String superV = superVersion();
    // The inherited fields after a comma, or nothing under a root whose version is empty.
    String inheritedParams =
        inherited.isEmpty() ? "" : ", " + join(inherited, f -> f.type() + " " + f.name());
    String inheritedArgs = inherited.isEmpty() ? "" : ", " + join(inherited, VersionField::name);
    String own = join(fields, f -> "this." + f.name());
    String ownOf = join(fields, f -> n + "." + f.name());
    String snapshot =
        extended
            ? String.format("snapshot$%s(%s%s, %s)", self, checksum, inheritedArgs, own)
            : String.format("new %s(this%s, %s, %s)", version, inheritedArgs, own, checksum);
    add(
        String.format(
            "@Override protected %s snapshot$%s(int %s%s) {\nreturn %s;\n}",
            superV, parent, checksum, inheritedParams, snapshot));
    String rebuilt =
        extended
            ? String.format("with$%s(%s%s, %s)", self, n, inheritedArgs, ownOf)
            : String.format("new %s(this%s, %s)", version, inheritedArgs, ownOf);
    add(
        String.format(
            "@Override protected %s with$%s(%s %s%s) {\n%s %s = (%s) %s;\nreturn %s;\n}",
            superV, parent, superV, from, inheritedParams, version, n, version, from, rebuilt));
    if (extended) {
      addOwnHooks(checksum, allFields());
    }
    StringBuilder write =
        new StringBuilder(
            String.format(
                "@Override protected void writeFields(%s %s) {\nsuper.writeFields(%s);\n"
                    + "%s %s = (%s) %s;\n",
                rootVersion(), next, next, version, n, version, next));
    fields.forEach(f -> writeField(write, n, f));
    add(write.append("}").toString());
    add(
        String.format(
            "@Override protected int checksumFields() {\nreturn %s.extend(super.checksumFields(), %s);\n}",
            version, inPlace));
    boolean anyHashed = fields.stream().anyMatch(UserDataClass::hashed);
    add(
        String.format(
            "@Override protected int checksumInPlace$() {\nreturn %s.%s(super.checksumInPlace$(), %s);\n}",
            version,
            anyHashed ? "extendHashed" : "extend",
            join(fields, f -> "this." + (hashed(f) ? hash(f.name()) : f.name()))));
  }

  /**
   * Writes field {@code f} of version {@code next} in place (generated code), and the kept hash of
   * an array or string under the sequence word, as every write of the field: the hash matches it.
   */
  private static void writeField(StringBuilder write, String next, VersionField f) {
    if (hashed(f)) {
      String h = "this." + hash(f.name());
      write.append(h).append(" = ").append(next).append('.').append(f.name());
      write.append(" == this.").append(f.name()).append(" ? ").append(h);
      write.append(" : Checksum.valueHash(").append(next).append('.').append(f.name());
      write.append(");\n");
    }
    write.append("this.").append(f.name()).append(" = ").append(next).append('.');
    write.append(f.name()).append(";\n");
  }

  private void add(String member) {
    type.getMembers().add(StaticJavaParser.parseBodyDeclaration(member));
  }

  /**
   * The checksum of the fields in declaration order, from {@code Checksum.SEED}: {@code
   * Checksum.bits} of what {@code bitsOf} gives a field, or {@code Checksum.ref} of the field where
   * it gives null (a reference).
   */
  private String fold(String start, List<VersionField> of, Function<VersionField, String> bitsOf) {
    String h = start;
    for (VersionField f : of) {
      String bits = bitsOf.apply(f);
      h =
          bits == null
              ? "Checksum.ref(" + h + ", " + f.name() + ")"
              : "Checksum.bits(" + h + ", " + bits + ")";
    }
    return h;
  }

  /**
   * A field whose value hash walks its contents (a primitive array, a string): the handle keeps the
   * hash it computed when the field was stored ({@code data$hash}), so that the checksum of a store
   * of another field costs what the other fields cost, not the array's or the string's length.
   */
  private static boolean hashed(VersionField f) {
    return f.type() instanceof ArrayType array && array.getComponentType().isPrimitiveType()
        || isString(f);
  }

  private static boolean isString(VersionField f) {
    String t = f.type().asString();
    return t.equals("String") || t.equals("java.lang.String");
  }

  private static String hash(String field) {
    return field + "$hash";
  }

  /**
   * The checksum of the fields in place as a store computes it: of every field the object holds,
   * through {@code checksumInPlace$()} where subclasses' versions extend this one or this one
   * extends another's (decision 0072).
   */
  private String inPlaceChecksum() {
    return extension || extended ? "checksumInPlace$()" : staticInPlaceChecksum();
  }

  /**
   * The checksum of this class's fields in place, with the kept hashes of arrays ({@link #hashed}).
   */
  private String staticInPlaceChecksum() {
    if (fields.stream().noneMatch(UserDataClass::hashed)) {
      return version
          + ".checksumOf("
          + String.join(", ", fields.stream().map(v -> "this." + v.name()).toList())
          + ")";
    }
    return version
        + ".checksumOfHashed("
        + String.join(
            ", ",
            fields.stream().map(v -> "this." + (hashed(v) ? hash(v.name()) : v.name())).toList())
        + ")";
  }

  /**
   * The long bits of a primitive field as its version's checksum and comparison take them (every
   * NaN as the canonical NaN, decision 0060), or null for a reference.
   */
  static String bits(Type type, String name) {
    return switch (type.asString()) {
      case "boolean" -> "(" + name + " ? 1 : 0)";
      case "byte", "short", "char", "int", "long" -> name;
      case "float" -> "Float.floatToIntBits(" + name + ")";
      case "double" -> "Double.doubleToLongBits(" + name + ")";
      default -> null;
    };
  }

  private String visibility() {
    return type.isPublic() ? "public " : "";
  }

  private static String access(Modifier.Keyword k) {
    return k == null ? "" : k.asString() + " ";
  }

  // ---- held references ----

  /** The constant that numbers a held field's slot: {@code SLOT_NEXT}. */
  static String slotName(String field) {
    return "SLOT_" + Plan.constantName(field);
  }

  /**
   * The acquire read of a held field, one method per field: {@code acquire$next()}. A plain read
   * and an acquire fence, as {@code getAcquire} reads, but without a {@code VarHandle}: its guards,
   * inlined by C1 and run by the interpreter, made each frame of a recursion through logged code
   * several times larger (docs/rewriter.md, "Stack depth").
   */
  private static String acquireRead(String field) {
    return "acquire$" + field;
  }

  /** A release store into a held field: a release fence, then the plain store. */
  private static String releaseStore(String field, String value) {
    return "VarHandle.releaseFence();\nthis." + field + " = " + value + ";\n";
  }

  /** The plain read of a held or in-place field, one method per field: {@code lv$next()}. */
  static String plainRead(String field) {
    return "lv$" + field;
  }

  /** The logged read of a held field, one method per field: {@code load$next(log)}. */
  static String loggedRead(String field) {
    return "load$" + field;
  }

  /**
   * The replayed read of a held field whose type names the class's type variables: {@code
   * val$next(replay)}.
   */
  static String replayedRead(String field) {
    return "val$" + field;
  }

  /**
   * The handle implements {@code ValueSlots} over its held fields, read with an acquire and written
   * with a release (decision 0020, amendment), through fences (decision 0062): slot {@code i} is
   * the {@code i}-th held field in declaration order.
   */
  private void addSlots(Map<String, String> types, int base) {
    if (base == 0) {
      type.addImplementedType("ValueSlots<Object>");
    }
    List<BodyDeclaration<?>> members = new ArrayList<>();
    for (int i = 0; i < held.size(); i++) {
      String f = held.get(i);
      members.add(
          StaticJavaParser.parseBodyDeclaration(
              "/** The slot of the held field {@code "
                  + f
                  + "}. */\n"
                  + access(heldAccess.get(f))
                  + "static final int "
                  + slotName(f)
                  + " = "
                  + (base + i)
                  + ";"));
    }
    members.add(
        StaticJavaParser.parseBodyDeclaration(
            "@Override public int slotCount() { return " + (base + held.size()) + "; }"));
    StringBuilder read = new StringBuilder("@Override public Object lvValue(int i) {\n");
    StringBuilder write =
        new StringBuilder("@Override public void soValue(int i, Object value) {\n");
    if (base > 0) {
      // The superclasses' slots come first; theirs test the slot and refuse a validator's thread.
      read.append("if (i < ").append(base).append(") { return super.lvValue(i); }\n");
      write.append("if (i < ").append(base).append(") {\nsuper.soValue(i, value);\nreturn;\n}\n");
    }
    read.append("refusePlainRead();\n");
    write.append("refusePlainStore();\n");
    for (int i = 0; i < held.size(); i++) {
      String f = held.get(i);
      read.append("if (i == ").append(base + i).append(") { return ").append(acquireRead(f));
      read.append("(); }\n");
      write.append("if (i == ").append(base + i).append(") {\n");
      write.append(releaseStore(f, "(" + types.get(f) + ") value")).append("return;\n}\n");
    }
    read.append("checkSlot(i);\nthrow new AssertionError(i);\n}");
    write.append("checkSlot(i);\n}");
    members.add(StaticJavaParser.parseBodyDeclaration(read.toString()));
    members.add(StaticJavaParser.parseBodyDeclaration(write.toString()));
    // Each held field's own reads: the variants call these, never the tests of lvValue.
    for (String f : held) {
      String t = plan.facts.heldFieldType(binaryName, f);
      members.add(
          StaticJavaParser.parseBodyDeclaration(
              "private "
                  + t
                  + " "
                  + acquireRead(f)
                  + "() {\n"
                  + t
                  + " value = this."
                  + f
                  + ";\nVarHandle.acquireFence();\nreturn value;\n}"));
      String access = access(heldAccess.get(f));
      members.add(
          StaticJavaParser.parseBodyDeclaration(
              access
                  + t
                  + " "
                  + plainRead(f)
                  + "() {\nrefusePlainRead();\nreturn "
                  + acquireRead(f)
                  + "();\n}"));
      members.add(
          StaticJavaParser.parseBodyDeclaration(
              access
                  + t
                  + " "
                  + loggedRead(f)
                  + "(ClosureLog log) {\nreturn ("
                  + t
                  + ") log.loadHeld(this, "
                  + slotName(f)
                  + ", "
                  + acquireRead(f)
                  + "());\n}"));
      if (plan.facts.heldFieldGeneric(binaryName, f)) {
        members.add(
            StaticJavaParser.parseBodyDeclaration(
                "@SuppressWarnings(\"unchecked\")\n"
                    + access
                    + t
                    + " "
                    + replayedRead(f)
                    + "(Replay replay) {\nreturn ("
                    + t
                    + ") replay.loadSlot(this, "
                    + slotName(f)
                    + ").value();\n}"));
      }
    }
    members.forEach(m -> type.getMembers().add(m));
  }

  // ---- store helpers ----

  private BodyDeclaration<?> storeHelper(StoreHelper h) {
    Map<String, VersionField> byName = new LinkedHashMap<>();
    fields.forEach(f -> byName.put(f.name(), f));
    List<String> taken = new ArrayList<>(byName.keySet());
    String context = unused(h.variant().contextName, taken);
    // The plain variant computes from the fields in place, the others from a version.
    String current = h.variant() == Variant.PLAIN ? "this" : unused("current", taken);
    String operand = unused("operand", taken);
    String old = unused("old", taken);
    if (h.fields().size() == 1 && held.contains(h.fields().get(0))) {
      return heldStore(h, context);
    }
    VersionField first = byName.get(h.fields().get(0));
    if (first == null) {
      problem(type, "a write to " + h.fields() + ", not a mutable field of this class", "");
      return StaticJavaParser.parseBodyDeclaration("void unusedHelper$() {}");
    }
    boolean set = h.operation().equals("set");
    String result = set && h.fields().size() > 1 ? "void" : first.type().asString();
    StringBuilder s = new StringBuilder();
    s.append(helperAccess(h)).append(result).append(' ').append(h.methodName()).append('(');
    List<String> params = new ArrayList<>();
    if (h.variant().contextType != null) {
      params.add(h.variant().contextType + " " + context);
    }
    if (set) {
      for (String name : h.fields()) {
        params.add(byName.get(name).type() + " " + name);
      }
    } else if (h.operator() != null) {
      if (h.oldGiven()) {
        params.add(first.type() + " " + old);
      }
      params.add(h.operandType() + " " + operand);
    }
    s.append(String.join(", ", params)).append(") {\n");
    // A subclass's version carries more fields than this class's: a store keeps them.
    boolean replacesAll = set && h.fields().containsAll(byName.keySet()) && !extended && !extension;
    String f = first.name();
    String t = first.type().asString();
    // A boxed Character, Short or Byte takes its new value through its primitive: (Character) of
    // an int does not compile, (char) of it boxes on assignment.
    String cast = unboxed(t);
    // What the store computes from the newest version: declared before the retry loop, assigned in
    // it (a compound assignment or ++/-- recomputes from the version it retries with).
    StringBuilder declare = new StringBuilder();
    StringBuilder compute = new StringBuilder();
    String value = null;
    if (!set) {
      switch (h.operation()) {
        case "preIncrement", "preDecrement" -> {
          String op = h.operation().equals("preIncrement") ? "+" : "-";
          declare.append(t).append(' ').append(f).append(";\n");
          compute.append(f).append(" = (").append(cast).append(") (");
          compute.append(current).append('.').append(f).append(' ').append(op).append(" 1);\n");
          value = f;
        }
        case "postIncrement", "postDecrement" -> {
          String op = h.operation().equals("postIncrement") ? "+" : "-";
          declare.append(t).append(' ').append(old).append(";\n");
          declare.append(t).append(' ').append(f).append(";\n");
          compute.append(old).append(" = ").append(current).append('.').append(f).append(";\n");
          compute.append(f).append(" = (").append(cast).append(") (").append(old);
          compute.append(' ').append(op).append(" 1);\n");
          value = old;
        }
        default -> {
          declare.append(t).append(' ').append(f).append(";\n");
          compute.append(f).append(" = (").append(cast).append(") (");
          compute.append(h.oldGiven() ? old : current + "." + f).append(' ').append(h.operator());
          compute.append(' ').append(operand).append(");\n");
          value = f;
        }
      }
    } else if (h.fields().size() == 1) {
      value = f;
    }
    if (!set
        && "+".equals(h.operator())
        && (t.equals("String") || t.equals("java.lang.String"))
        && !ClosureMethods.isPrimitive(h.operandType())) {
      // s += item calls item.toString(), the program's code, once, before the field is read: not
      // in the retry of a store that keeps other fields (a toString that stores to this object
      // would make every retry fail), nor while a plain store holds the sequence word (it would
      // wait for ever). The text is the concatenation's, String.valueOf of an Object.
      String text = unused("text", taken);
      s.append("String ").append(text).append(" = String.valueOf((Object) ").append(operand);
      s.append(");\n");
      String computed = compute.toString().replace(" + " + operand + ");", " + " + text + ");");
      compute.setLength(0);
      compute.append(computed);
    }
    List<String> values = new ArrayList<>();
    inherited.forEach(v -> values.add(current + "." + v.name()));
    for (VersionField v : fields) {
      boolean written = set ? h.fields().contains(v.name()) : v.name().equals(f);
      values.add(written ? v.name() : current + "." + v.name());
    }
    String next =
        extended
            ? "with$"
                + simpleName(binaryName)
                + "("
                + current
                + ", "
                + String.join(", ", values)
                + ")"
            : "new " + version + "(this, " + String.join(", ", values) + ")";
    if (h.variant() == Variant.PLAIN) {
      // In place: the fields are written between beginStore and endStore, as vanilla code writes
      // them; a compound assignment that throws (x /= 0) writes nothing and still ends the store.
      String token = unused("token", taken);
      s.append("refusePlainStore();\n").append(declare);
      s.append("int ").append(token).append(" = beginStore();\ntry {\n").append(compute);
      for (String w : set ? h.fields() : List.of(f)) {
        s.append("this.").append(w).append(" = ").append(w).append(";\n");
        if (fields.stream().anyMatch(v -> v.name().equals(w) && hashed(v))) {
          s.append("this.").append(hash(w)).append(" = Checksum.valueHash(").append(w);
          s.append(");\n");
        }
      }
      // An error in the calls that end the store (a StackOverflowError in a recursion the program
      // survives) gives the sequence word up rather than leave it odd for ever.
      String e = unused("e", taken);
      s.append("} finally {\ntry {\nendStore(").append(token).append(", ");
      s.append(inPlaceChecksum()).append(");\n} catch (Throwable ").append(e).append(") {\n");
      s.append("this.sequence$ = dev.orthrus.runtime.api.InPlaceObject.ABANDONED;\nthrow ");
      s.append(e).append(";\n}\n}\n");
    } else if (replacesAll) {
      s.append(store(context, next)).append(";\n");
    } else if (h.variant() == Variant.VAL) {
      // VAL rebuilds from the version APP read; an execution whose store had to retry is not
      // validated (ClosureLog.raced).
      s.append(version).append(' ').append(current).append(" = ");
      s.append(cast()).append(load(context)).append(";\n");
      s.append(declare).append(compute);
      s.append(store(context, next)).append(";\n");
    } else {
      // A store keeps the fields it does not write only if no other thread stored in between.
      s.append(version).append(' ').append(current).append(" = ");
      s.append(cast()).append(load(context)).append(";\n");
      s.append(declare).append("while (true) {\n").append(compute);
      s.append("if (").append(tryStore(context, current, next)).append(") {\n");
      s.append("break;\n}\n");
      s.append(current).append(" = ").append(cast()).append(reload(context)).append(";\n}\n");
    }
    if (value != null) {
      s.append("return ").append(value).append(";\n");
    }
    s.append("}\n");
    return StaticJavaParser.parseBodyDeclaration(s.toString());
  }

  /** The cast a loaded version takes in a subclass's helper: loads give the root's version. */
  private String cast() {
    return extension ? "(" + version + ") " : "";
  }

  /** {@code set$next}: a store to a held slot. */
  private BodyDeclaration<?> heldStore(StoreHelper h, String context) {
    String f = h.fields().get(0);
    String t = plan.facts.heldFieldType(binaryName, f);
    StringBuilder s = new StringBuilder(access(heldAccess.get(f)));
    s.append(t).append(' ').append(h.methodName()).append('(');
    if (h.variant().contextType != null) {
      s.append(h.variant().contextType).append(' ').append(context).append(", ");
    }
    s.append(t).append(' ').append(f).append(") {\n");
    // The field's own store, never through the tests of soValue (as for reads: addSlots).
    s.append(
        switch (h.variant()) {
          case PLAIN -> "refusePlainStore();\n" + releaseStore(f, f);
          case APP ->
              releaseStore(f, f) + context + ".storedHeld(this, " + slotName(f) + ", " + f + ");\n";
          case VAL -> context + ".storeSlot(this, " + slotName(f) + ", " + f + ");\n";
        });
    s.append("return ").append(f).append(";\n}\n");
    return StaticJavaParser.parseBodyDeclaration(s.toString());
  }

  private String helperAccess(StoreHelper h) {
    Modifier.Keyword widest = null;
    for (String name : h.fields()) {
      for (VersionField f : fields) {
        if (f.name().equals(name) && rank(f.access()) > rank(widest)) {
          widest = f.access();
        }
      }
    }
    return access(widest);
  }

  private static int rank(Modifier.Keyword k) {
    if (k == null) {
      return 1;
    }
    return switch (k) {
      case PRIVATE -> 0;
      case PROTECTED -> 2;
      case PUBLIC -> 3;
      default -> 1;
    };
  }

  private static String load(String context) {
    return context + ".load(this)";
  }

  private static String store(String context, String next) {
    return context + ".store(this, " + next + ")";
  }

  /** A store that publishes {@code next} only if {@code current} is still the newest version. */
  private static String tryStore(String context, String current, String next) {
    return context + ".store(this, " + current + ", " + next + ")";
  }

  /** The newest version, after a {@link #tryStore} that found another. */
  private static String reload(String context) {
    return context + ".newest(this)";
  }

  private static String unused(String name, List<String> taken) {
    if (name == null) {
      return null;
    }
    String n = name;
    while (taken.contains(n)) {
      n = n + "$";
    }
    return n;
  }

  private void problem(Node node, String construct, String advice) {
    plan.problem(file, node, construct, advice);
  }
}

package dev.orthrus.rewriter.transform;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithImplements;
import com.github.javaparser.ast.nodeTypes.NodeWithTypeParameters;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;
import com.github.javaparser.ast.type.TypeParameter;
import dev.orthrus.rewriter.Problem;
import dev.orthrus.rewriter.facts.MethodFact;
import dev.orthrus.rewriter.facts.Span;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Rewrites one compilation unit; user-data classes are finished later, by {@link #finish()}. */
final class FileRewriter {

  /** The runtime API names generated code uses; imported when the file uses them. */
  private static final List<String> API =
      List.of(
          "dev.orthrus.annotations.ClosureDescriptor",
          "dev.orthrus.annotations.Comparison",
          "dev.orthrus.runtime.api.CallSite",
          "dev.orthrus.runtime.api.Checksum",
          "dev.orthrus.runtime.api.ChecksumMismatchException",
          "dev.orthrus.runtime.api.ClosureBinding",
          "dev.orthrus.runtime.api.ClosureLog",
          "dev.orthrus.runtime.api.ClosureRuntime",
          "dev.orthrus.runtime.api.ControlPath",
          "dev.orthrus.runtime.api.FieldSink",
          "dev.orthrus.runtime.api.InPlaceObject",
          "dev.orthrus.runtime.api.Orthrus",
          "dev.orthrus.runtime.api.Overrides",
          "dev.orthrus.runtime.api.Replay",
          "dev.orthrus.runtime.api.ValueSlots",
          "dev.orthrus.runtime.api.Version",
          "dev.orthrus.runtime.api.VersionedArray",
          "java.lang.invoke.VarHandle");

  private final Plan plan;
  private final Path file;
  private final CompilationUnit unit;
  private final Positions positions;

  /** The simple names the file as the user wrote it uses as types or as names. */
  private final Set<String> namesUsed = new HashSet<>();

  private final CallSites sites;

  /** How many {@link #overridesField}s the file declares so far (their names are numbered). */
  private int overridesFields;

  /** The file's package ("" for the unnamed one). */
  private final String pkg;

  private final List<UserDataClass> userDataClasses = new ArrayList<>();
  private final List<String> closures = new ArrayList<>();
  private boolean changed;

  FileRewriter(Plan plan, Path file, CompilationUnit unit, String text) {
    this.plan = plan;
    this.file = file;
    this.unit = unit;
    // Before any rewriting: the names the user's code itself uses as types or qualifiers.
    unit.findAll(com.github.javaparser.ast.type.ClassOrInterfaceType.class)
        .forEach(type -> namesUsed.add(type.getNameAsString()));
    unit.findAll(com.github.javaparser.ast.expr.NameExpr.class)
        .forEach(name -> namesUsed.add(name.getNameAsString()));
    this.positions = new Positions(text);
    this.pkg = unit.getPackageDeclaration().map(d -> d.getNameAsString()).orElse("");
    this.sites = new CallSites(plan, pkg, unit);
  }

  List<String> closures() {
    return closures;
  }

  /** Remembers the user-data classes of the file, before any file is rewritten. */
  void declareUserData() {
    for (TypeDeclaration<?> type : types()) {
      String binary = binaryName(type);
      if (plan.facts.isUserData(binary) && type instanceof ClassOrInterfaceDeclaration c) {
        UserDataClass userDataClass = new UserDataClass(plan, file, positions, c, binary);
        userDataClass.planInheritedWrites();
        userDataClasses.add(userDataClass);
        changed = true;
      }
    }
  }

  /** The file's classes, but local and anonymous ones, outermost first. */
  private List<TypeDeclaration<?>> types() {
    List<TypeDeclaration<?>> types = new ArrayList<>();
    unit.findAll(TypeDeclaration.class).stream()
        .filter(t -> !isLocalOrAnonymous(t))
        .forEach(t -> types.add((TypeDeclaration<?>) t));
    return types;
  }

  /** Rewrites method bodies, closures and call sites. */
  void rewrite() {
    List<Runnable> nested = nestedVariants();
    for (TypeDeclaration<?> type : types()) {
      String binary = binaryName(type);
      boolean userData = plan.facts.isUserData(binary);
      if (!userData && plan.loggedTypes.contains(plan.facts.canonicalName(binary))) {
        changed |= serializable(type);
      }
      rewriteMembers(type, userData);
    }
    nested.forEach(Runnable::run);
    sites.declare();
    changed |= sites.any() || plan.facts.file(file).usesRewrittenFields();
  }

  /**
   * The variants of the methods of anonymous and local classes, and of enum constants' bodies, that
   * touch user data (they override or implement a method a closure calls: decision 0047). Their
   * bodies are rewritten as plain code with the method or enum that holds the class; the variants
   * are made from copies taken before that, and added once it is done.
   */
  private List<Runnable> nestedVariants() {
    List<Runnable> added = new ArrayList<>();
    List<NodeList<BodyDeclaration<?>>> bodies = new ArrayList<>();
    unit.findAll(ObjectCreationExpr.class)
        .forEach(o -> o.getAnonymousClassBody().ifPresent(bodies::add));
    unit.findAll(EnumConstantDeclaration.class).stream()
        .filter(c -> c.getClassBody().isNonEmpty())
        .forEach(c -> bodies.add(c.getClassBody()));
    unit.findAll(TypeDeclaration.class).stream()
        .filter(t -> isLocalOrAnonymous((TypeDeclaration<?>) t))
        .forEach(t -> bodies.add(((TypeDeclaration<?>) t).getMembers()));
    for (NodeList<BodyDeclaration<?>> body : bodies) {
      for (BodyDeclaration<?> member : body) {
        if (member instanceof MethodDeclaration m && m.getBody().isPresent()) {
          MethodFact fact = methodFact(m);
          if (fact != null && plan.touching.contains(fact.id())) {
            MethodDeclaration original = m.clone();
            added.add(
                () -> {
                  int at = body.indexOf(m);
                  body.add(at + 1, variant(original, fact.id(), Variant.APP));
                  body.add(at + 2, variant(original, fact.id(), Variant.VAL));
                });
            changed = true;
          }
        }
      }
    }
    return added;
  }

  private void rewriteMembers(TypeDeclaration<?> type, boolean userData) {
    String binary = binaryName(type);
    List<Runnable> after = new ArrayList<>();
    int[] bindingsAt = {0};
    for (BodyDeclaration<?> member : new ArrayList<>(type.getMembers())) {
      if (member instanceof MethodDeclaration m && m.getBody().isPresent()) {
        MethodFact fact = methodFact(m);
        String id = methodId(fact, binary, m);
        boolean touching = fact != null && plan.touching.contains(id);
        List<MethodDeclaration> variants = new ArrayList<>();
        if (touching) {
          variants.add(variant(m, id, Variant.APP));
          variants.add(variant(m, id, Variant.VAL));
          if (fact.overridable() && !plan.isClosure(id)) {
            String instrumented = instrumentedField(type, m, id, after);
            unlessOverridden(variants.get(0), m, fact, instrumented, Variant.APP);
            unlessOverridden(variants.get(1), m, fact, instrumented, Variant.VAL);
          }
          if (plan.bridged(id)) {
            variants.add(bridge(type, m, fact, Variant.APP));
            variants.add(bridge(type, m, fact, Variant.VAL));
          }
          changed = true;
        }
        m.getBody().get().accept(body(Variant.PLAIN, null, id), null);
        if (plan.isClosure(id)) {
          closure(type, m, id, variants, after, bindingsAt);
        } else {
          after.add(() -> addAfter(type, m, variants));
        }
      } else if (member instanceof MethodDeclaration m && !m.isStatic() && !m.isNative()) {
        // An abstract method (no body): a call of it runs one of its implementations.
        MethodFact fact = methodFact(m);
        boolean closure = fact != null && plan.isClosure(fact.id());
        if (fact != null && (closure || plan.touching.contains(fact.id()))) {
          List<MethodDeclaration> fallbacks = new ArrayList<>();
          fallbacks.add(dispatching(type, m, fact, Variant.APP));
          fallbacks.add(dispatching(type, m, fact, Variant.VAL));
          if (plan.bridged(fact.id())) {
            fallbacks.add(bridge(type, m, fact, Variant.APP));
            fallbacks.add(bridge(type, m, fact, Variant.VAL));
          }
          if (closure) {
            abstractClosure(type, m, fact.id(), fallbacks, after, bindingsAt);
          }
          after.add(() -> addAfter(type, m, fallbacks));
          changed = true;
        }
      } else if (member instanceof ConstructorDeclaration c) {
        // A user-data class's constructor that calls this(...) runs on an object the constructor
        // it calls made user data: plain code, as in any method.
        if (!userData || UserDataClass.delegates(c)) {
          MethodFact fact = methodFact(c);
          String id = fact == null ? binary + "#<init>" : fact.id();
          c.getBody().accept(body(Variant.PLAIN, null, id), null);
        }
      } else if (member instanceof FieldDeclaration f) {
        if (userData && !f.isStatic()) {
          continue;
        }
        String caller = binary + (f.isStatic() ? "#<clinit>" : "#<init>");
        for (VariableDeclarator v : f.getVariables()) {
          v.getInitializer()
              .ifPresent(
                  init ->
                      v.setInitializer(
                          (Expression) init.accept(body(Variant.PLAIN, null, caller), null)));
        }
      } else if (member instanceof InitializerDeclaration init) {
        if (userData && !init.isStatic()) {
          continue; // constructor code: the user-data class moves it into its constructors
        }
        String caller = binary + (init.isStatic() ? "#<clinit>" : "#<init>");
        init.getBody().accept(body(Variant.PLAIN, null, caller), null);
      }
    }
    if (type instanceof EnumDeclaration e) {
      constantBodies(e, binary);
    }
    after.forEach(Runnable::run);
  }

  /**
   * The methods of an enum's constant bodies, rewritten as plain code: each body is an anonymous
   * subclass of the enum, which no method body holds (their variants: {@link #nestedVariants}).
   */
  private void constantBodies(EnumDeclaration e, String binary) {
    for (EnumConstantDeclaration constant : e.getEntries()) {
      for (BodyDeclaration<?> member : constant.getClassBody()) {
        if (member instanceof MethodDeclaration m && m.getBody().isPresent()) {
          String id = methodId(methodFact(m), binary, m);
          m.getBody().get().accept(body(Variant.PLAIN, null, id), null);
        }
      }
    }
  }

  /**
   * Makes a class or record {@code Serializable} unless it is already declared so, and an interface
   * extend it, so that its implementations (a sealed interface's records) are; enums are always
   * serializable. Returns whether the declaration changed.
   */
  static boolean serializable(TypeDeclaration<?> type) {
    NodeWithImplements<?> declaration;
    if (type instanceof ClassOrInterfaceDeclaration c && c.isInterface()) {
      if (c.getExtendedTypes().stream()
          .anyMatch(t -> t.getNameAsString().endsWith("Serializable"))) {
        return false;
      }
      c.addExtendedType("java.io.Serializable");
      return true;
    } else if (type instanceof ClassOrInterfaceDeclaration c) {
      declaration = c;
    } else if (type instanceof RecordDeclaration r) {
      declaration = r;
    } else {
      return false;
    }
    if (declaration.getImplementedTypes().stream()
        .anyMatch(t -> t.getNameAsString().endsWith("Serializable"))) {
      return false;
    }
    declaration.addImplementedType("java.io.Serializable");
    return true;
  }

  /**
   * A {@code @Closure} on an abstract method (an interface's, an abstract class's): its binding,
   * for the sites of the calls through it, and a dispatcher that takes the site and calls the
   * method. An implementation that is a closure overrides the dispatcher with its own, logged one;
   * any other implementation runs as a virtual call runs it, unlogged.
   */
  private void abstractClosure(
      TypeDeclaration<?> type,
      MethodDeclaration m,
      String id,
      List<MethodDeclaration> added,
      List<Runnable> after,
      int[] bindingsAt) {
    ClosureMethods generated = closureMethods(type, m, id, parameterTypes(id));
    MethodDeclaration dispatcher = concrete(type, m, plainBody(m));
    dispatcher.removeJavaDocComment();
    dispatcher.getAnnotations().clear();
    ClosureMethods.addSiteParameter(dispatcher, "site$");
    // Run only for an implementation that is not a closure: the exit summary counts such calls.
    dispatcher
        .getBody()
        .orElseThrow()
        .addStatement(0, StaticJavaParser.parseStatement("Overrides.implementationNotAClosure();"));
    dispatcher.setLineComment(" dispatcher: an implementation that is a closure overrides it");
    added.add(dispatcher);
    plan.logged.put(id, new ArrayList<>(generated.logged()));
    plan.checkedParameters.put(id, List.of());
    after.add(() -> addBindings(type, generated, bindingsAt));
  }

  /** The generated members of closure {@code id} declared by {@code m}. */
  private ClosureMethods closureMethods(
      TypeDeclaration<?> type, MethodDeclaration m, String id, List<String> erased) {
    return new ClosureMethods(
        plan.closures.get(id),
        plan.bindingFields.get(id),
        plan.stem(m.getNameAsString()),
        plan.facts.expressionName(binaryName(type), pkg),
        m,
        erased,
        userData(erased));
  }

  /**
   * Declares the closure's binding in the class's holder of bindings, made at the top of the class
   * with the first, and its site for outside callers after the holder, in order.
   */
  private static void addBindings(
      TypeDeclaration<?> type, ClosureMethods generated, int[] bindingsAt) {
    ClassOrInterfaceDeclaration holder =
        type.getMembers().stream()
            .filter(ClosureMethods::isHolder)
            .map(ClassOrInterfaceDeclaration.class::cast)
            .findFirst()
            .orElseGet(
                () -> {
                  ClassOrInterfaceDeclaration made =
                      new ClassOrInterfaceDeclaration(
                          new NodeList<>(
                              Modifier.publicModifier(),
                              Modifier.staticModifier(),
                              Modifier.finalModifier()),
                          false,
                          ClosureMethods.HOLDER);
                  made.setJavadocComment(
                      "The closure bindings of this class, apart from it, so that the sites of"
                          + " its callers do not initialize it.");
                  type.getMembers().add(bindingsAt[0]++, made);
                  return made;
                });
    holder.addMember(generated.binding());
    type.getMembers().add(bindingsAt[0]++, generated.anySite());
  }

  /** {@code m}'s id: its fact's, or {@code binary#name} for a method the facts do not know. */
  private static String methodId(MethodFact fact, String binary, MethodDeclaration m) {
    return fact == null ? binary + "#" + m.getNameAsString() : fact.id();
  }

  /**
   * For each erased parameter type, whether it is a versioned user-data class, which the closure
   * checks on entry (a user-data class with final fields only has nothing in place to check).
   */
  private List<Boolean> userData(List<String> erasedTypes) {
    List<Boolean> userData = new ArrayList<>();
    erasedTypes.forEach(t -> userData.add(plan.facts.isVersioned(t)));
    return userData;
  }

  private void closure(
      TypeDeclaration<?> type,
      MethodDeclaration m,
      String id,
      List<MethodDeclaration> variants,
      List<Runnable> after,
      int[] bindingsAt) {
    List<String> erased = parameterTypes(id);
    List<Boolean> userDataParams = userData(erased);
    if (type instanceof ClassOrInterfaceDeclaration c && c.isInterface() && !m.isStatic()) {
      problem(
          m,
          "a closure that is an interface's default method",
          "declare the closure in the implementing classes, or make it a static method");
      return;
    }
    ClosureMethods generated = closureMethods(type, m, id, erased);
    MethodDeclaration plain = m.clone();
    plain.setName(plan.variantName(m.getNameAsString(), Variant.PLAIN));
    plain.removeJavaDocComment();
    plain.getAnnotations().clear();
    plain.getModifiers().removeIf(mod -> mod.getKeyword() != Modifier.Keyword.STATIC);
    // An instance closure's plain variant is what a subclass's super.m(...) calls.
    plain.addModifier(m.isStatic() ? Modifier.Keyword.PRIVATE : Modifier.Keyword.PROTECTED);
    plain.setLineComment(" plain variant: versioned memory, nothing logged");
    generated.checkParameters(plain, Variant.PLAIN, null);
    for (MethodDeclaration v : variants) {
      Variant kind = v.getNameAsString().endsWith("App") ? Variant.APP : Variant.VAL;
      generated.checkParameters(v, kind, v.getParameter(0).getNameAsString());
    }
    if (!m.isStatic()) {
      // A reproducer file carries the receiver (handles serialize without their versions).
      serializable(type);
    }
    List<String> logged = new ArrayList<>(generated.logged());
    logged.addAll(plan.recordedBy(id));
    plan.logged.put(id, logged);
    List<String> checked = new ArrayList<>();
    for (int i = 0; i < userDataParams.size(); i++) {
      if (userDataParams.get(i)) {
        checked.add(m.getParameter(i).getNameAsString());
      }
    }
    plan.checkedParameters.put(id, checked);
    MethodFact fact = methodFact(m);
    String routed =
        fact != null && fact.overridable()
            ? overridesField(
                type,
                m,
                id,
                after,
                "ROUTED$",
                "uninstrumentedOverride",
                " whether a class overrides " + m.getNameAsString() + " with a method of its own")
            : null;
    List<MethodDeclaration> dispatchers = generated.siteDispatcher(routed);
    generated.toDispatcher(routed);
    closures.add(id);
    after.add(
        () -> {
          addBindings(type, generated, bindingsAt);
          List<MethodDeclaration> added = new ArrayList<>();
          added.addAll(dispatchers);
          added.add(plain);
          added.addAll(variants);
          addAfter(type, m, added);
        });
    changed = true;
  }

  private static void addAfter(
      TypeDeclaration<?> type, MethodDeclaration m, List<MethodDeclaration> added) {
    int at = type.getMembers().indexOf(m);
    for (int i = 0; i < added.size(); i++) {
      type.getMembers().add(at + 1 + i, added.get(i));
    }
  }

  /** A copy of {@code m}, rewritten as {@code kind}, taking the variant's context first. */
  private MethodDeclaration variant(MethodDeclaration m, String id, Variant kind) {
    MethodDeclaration v = m.clone();
    String context = contextName(m, kind);
    v.getBody().get().accept(body(kind, context, id), null);
    if (kind == Variant.VAL) {
      // A validator never takes the application's locks: it re-executes from the log alone (its
      // synchronized blocks: BodyRewriter).
      v.removeModifier(Modifier.Keyword.SYNCHRONIZED);
    }
    return asVariant(
        v,
        m,
        kind,
        context,
        kind == Variant.APP
            ? " APP variant: loads, stores and allocations go through the log"
            : " VAL variant: re-executes from a log on a validator");
  }

  /**
   * Gives the copy {@code v} of {@code m} the variant's name and context parameter, without the
   * original's Javadoc and annotations.
   */
  private MethodDeclaration asVariant(
      MethodDeclaration v, MethodDeclaration m, Variant kind, String context, String comment) {
    v.setName(plan.variantName(m.getNameAsString(), kind));
    v.removeJavaDocComment();
    v.getAnnotations().clear();
    v.getParameters().add(0, new Parameter(StaticJavaParser.parseType(kind.contextType), context));
    v.setLineComment(comment);
    return v;
  }

  /**
   * The variant of an abstract method that an implementation's variant overrides. For an
   * implementation the rewriter did not see (a lambda, a class outside the sources) it runs the
   * plain method, as a call the rewriter cannot see would: a validator that reaches user data there
   * does not validate the execution (decision 0045).
   */
  private MethodDeclaration dispatching(
      TypeDeclaration<?> type, MethodDeclaration m, MethodFact fact, Variant kind) {
    String context = contextName(m, kind);
    return asVariant(
        concrete(type, m, unseenBody(m, fact, kind, context, new ThisExpr())),
        m,
        kind,
        context,
        " "
            + kind.name()
            + " variant: an implementation's "
            + kind.suffix
            + " variant overrides it; any other runs its plain method");
  }

  /**
   * Declares the static {@code ClassValue} that says whether a class runs {@code m} as written here
   * or an override with variants; returns its name.
   */
  private String instrumentedField(
      TypeDeclaration<?> type, MethodDeclaration m, String id, List<Runnable> after) {
    return overridesField(
        type,
        m,
        id,
        after,
        "INSTRUMENTED$",
        "instrumented",
        " whether a class runs " + m.getNameAsString() + " as written here or instrumented");
  }

  /**
   * A {@code ClassValue<Boolean>} constant from {@code Overrides.<helper>(Declaring.class, "m",
   * parameter classes)}, declared right after the class's closure bindings; returns its name.
   */
  private String overridesField(
      TypeDeclaration<?> type,
      MethodDeclaration m,
      String id,
      List<Runnable> after,
      String prefix,
      String helper,
      String comment) {
    String name = prefix + m.getNameAsString() + "$" + overridesFields++;
    StringBuilder types = new StringBuilder();
    for (String t : parameterTypes(id)) {
      String element = t.replace("[]", "");
      String named =
          plan.facts.isSourceType(element)
              ? plan.facts.expressionName(element, pkg)
              : element.replace('$', '.');
      types.append(", ").append(named).append(t.substring(element.length())).append(".class");
    }
    FieldDeclaration field =
        constant(
            type,
            "ClassValue<Boolean>",
            name,
            "Overrides."
                + helper
                + "("
                + plan.facts.expressionName(binaryName(type), pkg)
                + ".class, \""
                + m.getNameAsString()
                + "\""
                + types
                + ")");
    field.setLineComment(comment);
    // Before the other members: a static initializer of the class may already call the method.
    after.add(() -> type.getMembers().add(CallSites.afterBindings(type), field));
    return name;
  }

  /**
   * A concrete copy of the abstract method {@code m} (a default method in an interface) with {@code
   * body}, which names the copy's parameters as {@code m} does.
   */
  private static MethodDeclaration concrete(
      TypeDeclaration<?> type, MethodDeclaration m, BlockStmt body) {
    MethodDeclaration v = m.clone();
    v.removeModifier(Modifier.Keyword.ABSTRACT);
    if (type instanceof ClassOrInterfaceDeclaration c && c.isInterface()) {
      v.addModifier(Modifier.Keyword.DEFAULT);
    }
    v.setBody(body);
    return v;
  }

  /**
   * {@code receiver.m(params)} ({@code m(params)} on {@code this}): a call of the plain method with
   * the variant's own arguments.
   */
  private static MethodCallExpr plainCall(MethodDeclaration m, Expression receiver) {
    MethodCallExpr plain = new MethodCallExpr(m.getNameAsString());
    if (!receiver.isThisExpr()) {
      plain.setScope(receiver.clone());
    }
    m.getParameters().forEach(p -> plain.addArgument(new NameExpr(p.getNameAsString())));
    return plain;
  }

  /** {@code { return m(params); }}, or {@code { m(params); return; }} for a void method. */
  private static BlockStmt plainBody(MethodDeclaration m) {
    return returning(plainCall(m, new ThisExpr()), m.getType().isVoidType());
  }

  /** {@code { return call; }}, or {@code { call; return; }} when it gives nothing. */
  private static BlockStmt returning(MethodCallExpr call, boolean isVoid) {
    return isVoid
        ? new BlockStmt(new NodeList<>(new ExpressionStmt(call), new ReturnStmt()))
        : new BlockStmt(new NodeList<>(new ReturnStmt(call)));
  }

  /**
   * A {@code static final} field of {@code holder}, private unless {@code holder} is an interface
   * (whose fields cannot be).
   */
  static FieldDeclaration constant(
      TypeDeclaration<?> holder, String type, String name, String initializer) {
    boolean inInterface = holder instanceof ClassOrInterfaceDeclaration c && c.isInterface();
    return StaticJavaParser.parseBodyDeclaration(
            (inInterface ? "" : "private ")
                + "static final "
                + type
                + " "
                + name
                + " = "
                + initializer
                + ";")
        .asFieldDeclaration();
  }

  /**
   * Makes the variant {@code v} of the overridable {@code m} call the plain method instead when the
   * object's class overrides {@code m} where the rewriter did not see it (decision 0047): that
   * override has no variant of its own, and this body is not what it runs.
   */
  private static void unlessOverridden(
      MethodDeclaration v,
      MethodDeclaration m,
      MethodFact fact,
      String instrumented,
      Variant kind) {
    Expression runsInstrumented =
        new MethodCallExpr(
            new NameExpr(instrumented), "get", new NodeList<>(new MethodCallExpr("getClass")));
    v.getBody()
        .get()
        .getStatements()
        .add(
            0,
            new IfStmt(
                new UnaryExpr(runsInstrumented, UnaryExpr.Operator.LOGICAL_COMPLEMENT),
                unseenBody(m, fact, kind, v.getParameter(0).getNameAsString(), new ThisExpr()),
                null));
  }

  /**
   * What a variant of {@code m} runs for an implementation the rewriter did not see (a class of
   * another module or of the tests, a lambda): its plain method, called by APP alone. Such an
   * implementation may read a setting of its own that changes between APP's run and VAL's (a fee
   * the application sets), so VAL does not call it again (decisions 0097 and 0100):
   *
   * <ul>
   *   <li>when {@code m} takes and returns only values ({@link MethodFact#takesValues}), APP
   *       records the answer, VAL takes it from the log, and a void one runs in APP only;
   *   <li>otherwise APP hands the answer and the arguments of a reference type to {@code
   *       answerOutOfSight} (or {@code effectOutOfSight}), which records an answer that turns out
   *       to be a value given values, and else makes the execution one that is not validated: what
   *       the implementation did to an array or a builder it was given is not in the log.
   * </ul>
   *
   * <p>APP marks the log before the call, so that an implementation that throws, or that runs the
   * closure's code back, leaves the execution not validated or drops what that code logged, as a
   * recorded call of library code does. A lambda or anonymous object the execution made itself
   * ({@code ownImplementation}) is not out of sight: each variant runs the one it made.
   */
  private static BlockStmt unseenBody(
      MethodDeclaration m, MethodFact fact, Variant kind, String context, Expression receiver) {
    // A lambda or an anonymous object this execution made: each variant runs its own.
    BlockStmt body =
        new BlockStmt(
            new NodeList<>(
                new IfStmt(
                    new MethodCallExpr(
                        new NameExpr(context),
                        "ownImplementation",
                        new NodeList<>(receiver.clone())),
                    returning(plainCall(m, receiver), m.getType().isVoidType()),
                    null)));
    body.getStatements().addAll(answeredOnce(m, fact, kind, context, receiver).getStatements());
    return body;
  }

  /**
   * The part of {@link #unseenBody} that calls the plain method in APP alone, and what VAL does
   * instead: take the answer from the log, or nothing.
   */
  private static BlockStmt answeredOnce(
      MethodDeclaration m, MethodFact fact, Variant kind, String context, Expression receiver) {
    NameExpr ctx = new NameExpr(context);
    boolean isVoid = m.getType().isVoidType();
    if (kind == Variant.VAL) {
      return new BlockStmt(
          new NodeList<>(
              isVoid ? new ReturnStmt() : new ReturnStmt(new MethodCallExpr(ctx, "nondetRef"))));
    }
    NodeList<Statement> statements = new NodeList<>();
    statements.add(
        new ExpressionStmt(
            new MethodCallExpr(ctx, "beforeRecorded", new NodeList<>(receiver.clone()))));
    MethodCallExpr plain = plainCall(m, receiver);
    NodeList<Expression> checked = new NodeList<>();
    if (!fact.takesValues()) {
      checked.add(new StringLiteralExpr(fact.id()));
      m.getParameters().stream()
          .filter(p -> !p.getType().isPrimitiveType())
          .forEach(
              p -> {
                Expression name = new NameExpr(p.getNameAsString());
                // An array alone would be taken for the varargs array itself.
                checked.add(
                    p.getType().isArrayType() || p.isVarArgs()
                        ? new CastExpr(StaticJavaParser.parseClassOrInterfaceType("Object"), name)
                        : name);
              });
    }
    if (isVoid) {
      statements.add(new ExpressionStmt(plain));
      statements.add(
          new ExpressionStmt(
              fact.takesValues()
                  ? new MethodCallExpr(ctx, "afterRecorded")
                  : new MethodCallExpr(ctx, "effectOutOfSight", checked)));
      statements.add(new ReturnStmt());
    } else {
      checked.add(0, plain);
      statements.add(
          new ReturnStmt(
              fact.takesValues()
                  ? new MethodCallExpr(ctx, "recordedRef", new NodeList<>(plain))
                  : new MethodCallExpr(ctx, "answerOutOfSight", checked)));
    }
    return new BlockStmt(statements);
  }

  /**
   * The static bridge through which a closure calls {@code m}'s variant on another object ({@code
   * static long feeApp$(ClosureLog log, Pricing self, long amount)}): a mock or a proxy intercepts
   * every method, the variants included, and answers them with 0, null or false, or throws, where
   * the test stubbed the plain method. The bridge asks first ({@code Overrides.intercepted}) and
   * then calls the plain method as it would an implementation out of sight ({@link #answeredOnce});
   * any other object runs its variant (decision 0100). A static method cannot be intercepted so.
   */
  private MethodDeclaration bridge(
      TypeDeclaration<?> type, MethodDeclaration m, MethodFact fact, Variant kind) {
    String context = contextName(m, kind);
    String self = "self";
    Set<String> used = new HashSet<>();
    m.getParameters().forEach(p -> used.add(p.getNameAsString()));
    while (used.contains(self) || self.equals(context)) {
      self = self + "$";
    }
    MethodDeclaration b = new MethodDeclaration();
    b.setName(plan.variantName(m.getNameAsString(), kind) + "$");
    boolean inInterface = type instanceof ClassOrInterfaceDeclaration c && c.isInterface();
    if (inInterface || m.isPublic()) {
      b.addModifier(Modifier.Keyword.PUBLIC);
    } else if (m.isProtected()) {
      b.addModifier(Modifier.Keyword.PROTECTED);
    }
    b.addModifier(Modifier.Keyword.STATIC);
    NodeList<TypeParameter> typeParameters = new NodeList<>();
    NodeList<Type> typeArguments = new NodeList<>();
    if (type instanceof NodeWithTypeParameters<?> generic) {
      for (TypeParameter t : generic.getTypeParameters()) {
        typeParameters.add(t.clone());
        typeArguments.add(new ClassOrInterfaceType(null, t.getNameAsString()));
      }
    }
    m.getTypeParameters().forEach(t -> typeParameters.add(t.clone()));
    b.setTypeParameters(typeParameters);
    b.setType(m.getType().clone());
    b.setThrownExceptions(
        new NodeList<>(m.getThrownExceptions().stream().map(t -> t.clone()).toList()));
    b.addParameter(new Parameter(StaticJavaParser.parseType(kind.contextType), context));
    ClassOrInterfaceType selfType = new ClassOrInterfaceType(null, type.getNameAsString());
    if (!typeArguments.isEmpty()) {
      selfType.setTypeArguments(typeArguments);
    }
    b.addParameter(new Parameter(selfType, self));
    m.getParameters().forEach(p -> b.addParameter(p.clone()));
    MethodCallExpr variant =
        new MethodCallExpr(new NameExpr(self), plan.variantName(m.getNameAsString(), kind));
    variant.addArgument(new NameExpr(context));
    m.getParameters().forEach(p -> variant.addArgument(new NameExpr(p.getNameAsString())));
    BlockStmt body = new BlockStmt();
    body.addStatement(
        new IfStmt(
            new MethodCallExpr(
                new NameExpr("Overrides"), "intercepted", new NodeList<>(new NameExpr(self))),
            // A mock or a proxy is never a lambda or anonymous object the execution made.
            answeredOnce(m, fact, kind, context, new NameExpr(self)),
            null));
    body.addStatement(
        m.getType().isVoidType() ? new ExpressionStmt(variant) : new ReturnStmt(variant));
    b.setBody(body);
    b.setLineComment(
        " "
            + kind.name()
            + " call of "
            + m.getNameAsString()
            + " on an object whose methods a mock or a proxy may intercept");
    return b;
  }

  private static String contextName(MethodDeclaration m, Variant kind) {
    Set<String> used = new HashSet<>();
    m.findAll(SimpleName.class).forEach(n -> used.add(n.getIdentifier()));
    String name = kind.contextName;
    while (used.contains(name)) {
      name = name + "$";
    }
    return name;
  }

  private BodyRewriter body(Variant kind, String context, String caller) {
    return new BodyRewriter(plan, file, pkg, positions, kind, context, caller, sites);
  }

  /** Finishes the user-data classes (their store helpers are known once every file is done). */
  void finish() {
    userDataClasses.forEach(UserDataClass::rewrite);
    if (changed) {
      addImports();
    }
  }

  boolean changed() {
    return changed;
  }

  Path path() {
    return file;
  }

  CompilationUnit unit() {
    return unit;
  }

  private void addImports() {
    String text = unit.toString();
    Set<String> declared = new HashSet<>();
    unit.findAll(TypeDeclaration.class).forEach(t -> declared.add(t.getNameAsString()));
    for (ImportDeclaration i : unit.getImports()) {
      if (!i.isAsterisk()) {
        declared.add(i.getName().getIdentifier());
      }
    }
    for (String name : API) {
      String simple = name.substring(name.lastIndexOf('.') + 1);
      if (!text.matches("(?s).*\\b" + simple + "\\b.*")) {
        continue;
      }
      boolean imported = unit.getImports().stream().anyMatch(i -> i.getNameAsString().equals(name));
      if (imported) {
        continue;
      }
      if (declared.contains(simple)) {
        plan.problems.add(
            new Problem(
                file,
                1,
                1,
                "the file declares or imports a type named " + simple,
                "rename it: the generated code imports " + name));
        continue;
      }
      // The import would shadow a type of the same package that the file uses.
      if (plan.facts.topLevelTypesIn(packageName()).contains(simple)
          && namesUsed.contains(simple)) {
        plan.problems.add(
            new Problem(
                file,
                1,
                1,
                "the file uses " + simple + ", a type of its package named like " + name,
                "rename it: the generated code imports " + name));
        continue;
      }
      unit.addImport(name);
    }
  }

  private String packageName() {
    return unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse("");
  }

  private MethodFact methodFact(BodyDeclaration<?> declaration) {
    SimpleName name =
        declaration instanceof MethodDeclaration m
            ? m.getName()
            : ((ConstructorDeclaration) declaration).getName();
    Span at = positions.span(name);
    if (at == null) {
      return null;
    }
    return plan.facts.methodsIn(file).stream()
        .filter(f -> f.span().start() <= at.start() && at.end() <= f.span().end())
        .min(Comparator.comparingInt(f -> f.span().end() - f.span().start()))
        .orElse(null);
  }

  private String binaryName(TypeDeclaration<?> type) {
    return binaryName(type, pkg);
  }

  /** The binary name of the named class {@code type} of a file of package {@code pkg}. */
  static String binaryName(TypeDeclaration<?> type, String pkg) {
    StringBuilder name = new StringBuilder(type.getNameAsString());
    Node n = type.getParentNode().orElse(null);
    while (n instanceof TypeDeclaration<?> outer) {
      name.insert(0, outer.getNameAsString() + "$");
      n = outer.getParentNode().orElse(null);
    }
    return pkg.isEmpty() ? name.toString() : pkg + "." + name;
  }

  private static boolean isLocalOrAnonymous(TypeDeclaration<?> type) {
    Node parent = type.getParentNode().orElse(null);
    return !(parent instanceof CompilationUnit) && !(parent instanceof TypeDeclaration<?>);
  }

  /** The erased parameter types of method {@code id}, by binary name. */
  static List<String> parameterTypes(String id) {
    String params = id.substring(id.indexOf('(') + 1, id.length() - 1);
    return params.isEmpty() ? List.of() : List.of(params.split(","));
  }

  private void problem(Node node, String construct, String advice) {
    plan.problem(file, node, construct, advice);
  }
}

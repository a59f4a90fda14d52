package dev.orthrus.analysis.program;

import dev.orthrus.analysis.AnalysisException;
import dev.orthrus.analysis.AnalysisInput;
import dev.orthrus.analysis.AnalysisProgress;
import dev.orthrus.model.SourcePosition;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import soot.ArrayType;
import soot.Body;
import soot.FastHierarchy;
import soot.G;
import soot.Local;
import soot.RefType;
import soot.Scene;
import soot.SootClass;
import soot.SootMethod;
import soot.SootMethodRef;
import soot.Type;
import soot.Unit;
import soot.Value;
import soot.jimple.DynamicInvokeExpr;
import soot.jimple.InstanceInvokeExpr;
import soot.jimple.InvokeExpr;
import soot.jimple.SpecialInvokeExpr;
import soot.jimple.StaticInvokeExpr;
import soot.options.Options;
import soot.tagkit.AnnotationTag;
import soot.tagkit.SourceFileTag;
import soot.tagkit.VisibilityAnnotationTag;

/**
 * The loaded program: Soot's scene set up for one analysis, the method bodies of the application
 * classes, and the class-hierarchy call resolution. Soot's state is global, so at most one {@code
 * SootProgram} may exist at a time; {@link dev.orthrus.analysis.EscapeAnalyzer} guarantees that and
 * calls {@link #close()}, which resets Soot.
 */
public final class SootProgram implements AutoCloseable {

  public static final String CLOSURE_ANNOTATION = "Ldev/orthrus/annotations/Closure;";
  public static final String USER_DATA_ANNOTATION = "Ldev/orthrus/annotations/UserData;";

  private final Map<SootMethod, Body> bodies = new LinkedHashMap<>();
  private final Map<String, String> brokenMethods = new TreeMap<>();
  private final Set<String> userDataTypes = new TreeSet<>();
  private final Map<String, CallTargets> dispatchCache = new HashMap<>();
  private final Map<Body, Map<Local, Set<SootClass>>> exactClasses =
      new java.util.IdentityHashMap<>();
  private FastHierarchy hierarchy;
  private List<SootClass> concreteClasses;

  /** Folders holding a multi-release jar's classes as this JDK loads them; deleted at close. */
  private final List<Path> extracted;

  private SootProgram(List<Path> extracted) {
    this.extracted = extracted;
  }

  /** Loads the program; every application method body is built before this returns. */
  public static SootProgram load(AnalysisInput input, AnalysisProgress progress) {
    List<String> processDirs = new ArrayList<>();
    List<Path> extracted = new ArrayList<>();
    for (Path p : input.classes()) {
      Path classes = existing(p, "class folder or jar");
      if (MultiReleaseJar.is(classes)) {
        classes = MultiReleaseJar.extract(classes, Runtime.version().feature());
        extracted.add(classes);
      }
      processDirs.add(classes.toString());
    }
    List<String> classpath = new ArrayList<>(processDirs);
    for (Path p : input.classpath()) {
      classpath.add(existing(p, "classpath entry").toString());
    }
    if (processDirs.isEmpty()) {
      throw AnalysisException.badInput("nothing to analyze: no class folder or jar given");
    }
    G.reset();
    // Soot prints warnings (phantom classes, resolution) to G.v().out; stdout belongs to the CLI.
    G.v().out = new PrintStream(OutputStream.nullOutputStream());
    Options o = Options.v();
    o.set_process_dir(processDirs);
    o.set_soot_classpath(String.join(File.pathSeparator, classpath));
    o.set_prepend_classpath(true);
    o.set_allow_phantom_refs(true);
    o.set_ignore_resolution_errors(true);
    o.set_src_prec(Options.src_prec_only_class);
    o.set_keep_line_number(true);
    o.set_output_format(Options.output_format_none);
    o.setPhaseOption("jb", "use-original-names:true");
    progress.step("load", 0, 0);
    SootProgram program = new SootProgram(extracted);
    try {
      Scene.v().loadNecessaryClasses();
    } catch (RuntimeException e) {
      G.reset();
      extracted.forEach(MultiReleaseJar::delete);
      throw AnalysisException.badInput(
          "could not load classes from " + processDirs + ": " + e.getMessage());
    }
    program.buildBodies(progress);
    return program;
  }

  private static Path existing(Path p, String what) {
    if (!Files.exists(p)) {
      throw AnalysisException.badInput(what + " does not exist: " + p);
    }
    if (!Files.isDirectory(p) && !Files.isReadable(p)) {
      throw AnalysisException.badInput(what + " is not readable: " + p);
    }
    return p.toAbsolutePath().normalize();
  }

  private void buildBodies(AnalysisProgress progress) {
    // Building bodies turns invokedynamic lambdas into new synthetic application classes, so the
    // list grows while we iterate; the hierarchy is built once, afterwards.
    List<SootClass> pending = new ArrayList<>(Scene.v().getApplicationClasses());
    Set<SootClass> seen = new java.util.HashSet<>(pending);
    int done = 0;
    for (int i = 0; i < pending.size(); i++) {
      SootClass c = pending.get(i);
      if (isAnnotated(c.getTags(), USER_DATA_ANNOTATION)) {
        userDataTypes.add(c.getName());
      }
      for (SootMethod m : new ArrayList<>(c.getMethods())) {
        if (!m.isConcrete()) {
          continue;
        }
        try {
          bodies.put(m, m.retrieveActiveBody());
        } catch (RuntimeException | LinkageError e) {
          brokenMethods.put(MethodIds.of(m), String.valueOf(e.getMessage()));
        }
      }
      if (++done % 100 == 0) {
        progress.step("bodies", done, pending.size());
      }
      if (i == pending.size() - 1) {
        for (SootClass added : Scene.v().getApplicationClasses()) {
          if (seen.add(added)) {
            pending.add(added);
          }
        }
      }
    }
    progress.step("bodies", done, pending.size());
    hierarchy = Scene.v().getOrMakeFastHierarchy();
  }

  /** Application method bodies, in class-loading order. */
  public Map<SootMethod, Body> bodies() {
    return bodies;
  }

  public Body body(SootMethod m) {
    return bodies.get(m);
  }

  /** Methods whose bytecode Soot could not turn into a body, with the reason. */
  public Map<String, String> brokenMethods() {
    return brokenMethods;
  }

  public Set<String> userDataTypes() {
    return userDataTypes;
  }

  public int applicationClassCount() {
    return Scene.v().getApplicationClasses().size();
  }

  /** Referenced classes that were found in no input, classpath entry or the JDK. */
  public List<String> phantomClasses() {
    return Scene.v().getClasses().stream()
        .filter(SootClass::isPhantom)
        .map(SootClass::getName)
        .filter(n -> !n.startsWith("soot.dummy."))
        .sorted()
        .collect(Collectors.toList());
  }

  /** Referenced classes found nowhere that are not the JDK's: dependencies the user can add. */
  public List<String> missingDependencies() {
    return phantomClasses().stream().filter(n -> !JdkClasses.isJdkClass(n)).toList();
  }

  /** Referenced JDK classes that the running JDK does not have: the code needs a newer JDK. */
  public List<String> missingJdkClasses() {
    return phantomClasses().stream().filter(JdkClasses::isJdkClass).toList();
  }

  public boolean isUserData(Type t) {
    if (t instanceof ArrayType a) {
      return isUserData(a.baseType);
    }
    return t instanceof RefType r && userDataTypes.contains(r.getClassName());
  }

  public boolean isUserDataClass(String className) {
    return userDataTypes.contains(className);
  }

  public static boolean isAnnotated(Collection<soot.tagkit.Tag> tags, String annotation) {
    return annotation(tags, annotation) != null;
  }

  public static AnnotationTag annotation(Collection<soot.tagkit.Tag> tags, String annotation) {
    for (soot.tagkit.Tag t : tags) {
      if (t instanceof VisibilityAnnotationTag v && v.getAnnotations() != null) {
        for (AnnotationTag a : v.getAnnotations()) {
          if (annotation.equals(a.getType())) {
            return a;
          }
        }
      }
    }
    return null;
  }

  /** The source file as {@code package/path/File.java}, or "" when the class has no SourceFile. */
  public static String sourceFile(SootClass c) {
    SourceFileTag tag = (SourceFileTag) c.getTag(SourceFileTag.NAME);
    if (tag == null) {
      return "";
    }
    String pkg = c.getPackageName();
    return pkg.isEmpty() ? tag.getSourceFile() : pkg.replace('.', '/') + "/" + tag.getSourceFile();
  }

  public static SourcePosition position(SootMethod m, Unit u) {
    int line = u == null ? 0 : Math.max(0, u.getJavaSourceStartLineNumber());
    return new SourcePosition(sourceFile(m.getDeclaringClass()), line, 0);
  }

  /** The method's first line: the smallest line number in its body. */
  public SourcePosition position(SootMethod m) {
    Body b = bodies.get(m);
    int line = Integer.MAX_VALUE;
    if (b != null) {
      for (Unit u : b.getUnits()) {
        int l = u.getJavaSourceStartLineNumber();
        if (l > 0 && l < line) {
          line = l;
        }
      }
    }
    return new SourcePosition(
        sourceFile(m.getDeclaringClass()), line == Integer.MAX_VALUE ? 0 : line, 0);
  }

  /**
   * The methods a call may run (class-hierarchy analysis from the receiver's static type) and
   * whether library or unknown code may run instead.
   */
  public CallTargets targets(InvokeExpr call) {
    SootMethodRef ref = call.getMethodRef();
    SootClass declaring = ref.getDeclaringClass();
    if (call instanceof DynamicInvokeExpr) {
      // Lambdas were already turned into classes; what is left is string concatenation, record
      // methods or switch bootstraps, which the library model handles.
      return CallTargets.library(ref);
    }
    if (call instanceof InstanceInvokeExpr ie && ie.getBase().getType() instanceof ArrayType) {
      return CallTargets.library(ref);
    }
    if (declaring.isPhantom()) {
      return CallTargets.unknown(ref);
    }
    if (call instanceof StaticInvokeExpr || call instanceof SpecialInvokeExpr) {
      SootMethod m = safeResolve(ref);
      if (m == null || m.isPhantom()) {
        return CallTargets.unknown(ref);
      }
      return m.getDeclaringClass().isApplicationClass() && bodies.containsKey(m)
          ? CallTargets.application(ref, List.of(m), false)
          : CallTargets.library(ref);
    }
    SootClass receiverClass = declaring;
    if (call instanceof InstanceInvokeExpr ie) {
      Value base = ie.getBase();
      if (base instanceof Local l && l.getType() instanceof RefType rt) {
        SootClass c = rt.getSootClass();
        if (!c.isPhantom() && c != declaring && hierarchy.canStoreClass(c, declaring)) {
          receiverClass = c;
        }
      }
    }
    String key = receiverClass.getName() + "." + ref.getSubSignature();
    CallTargets cached = dispatchCache.get(key);
    if (cached != null) {
      return cached;
    }
    CallTargets result;
    try {
      result = dispatch(receiverClass, ref);
    } catch (RuntimeException e) {
      result = CallTargets.unknown(ref);
    }
    dispatchCache.put(key, result);
    return result;
  }

  /**
   * Like {@link #targets(InvokeExpr)}, but a receiver that the body itself only ever assigns from
   * allocations ({@code new C}, a lambda's factory) dispatches to exactly those classes: a {@code
   * Function} created two lines above runs that lambda, not every {@code Function} of the program.
   */
  public CallTargets targets(InvokeExpr call, Body body) {
    if (body != null
        && call instanceof InstanceInvokeExpr ie
        && !(call instanceof SpecialInvokeExpr)
        && ie.getBase() instanceof Local l) {
      Set<SootClass> exact = exactClasses.computeIfAbsent(body, SootProgram::exactClasses).get(l);
      if (exact != null) {
        return dispatchExact(exact, call.getMethodRef());
      }
      if (madeByTheLibrary(l, body)) {
        return CallTargets.library(call.getMethodRef());
      }
    }
    return targets(call);
  }

  /** Methods by which a JDK collection hands out an object of its own making. */
  private static final Set<String> OWN_VIEWS = Set.of("iterator", "listIterator", "spliterator");

  /**
   * Whether every definition of {@code l} is an iterator a library collection made: {@code
   * xs.iterator()} where only library code may run (no application class implements the receiver's
   * type). A for-each over a {@code List} then calls the JDK's iterator, not every {@code Iterator}
   * the application declares; class-hierarchy dispatch from {@code Iterator} alone reached an
   * application's anonymous iterator, whose field writes were reported as unversioned writes of the
   * closure.
   */
  private boolean madeByTheLibrary(Local l, Body body) {
    boolean any = false;
    for (Unit u : body.getUnits()) {
      if (u instanceof soot.jimple.IdentityStmt id && id.getLeftOp() == l) {
        return false;
      }
      if (u instanceof soot.jimple.AssignStmt a && a.getLeftOp() == l) {
        if (!(a.getRightOp() instanceof InstanceInvokeExpr made)
            || !OWN_VIEWS.contains(made.getMethodRef().getName())) {
          return false;
        }
        CallTargets maker = targets(made);
        if (maker.unknown() || !maker.application().isEmpty()) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /**
   * True when {@code sub} is {@code sup} or a subclass or implementation of it; false for phantoms.
   */
  public boolean isSubclass(SootClass sub, SootClass sup) {
    if (sub.isPhantom() || sup.isPhantom()) {
      return false;
    }
    try {
      return hierarchy.canStoreClass(sub, sup);
    } catch (RuntimeException e) {
      return false;
    }
  }

  private CallTargets dispatchExact(Set<SootClass> classes, SootMethodRef ref) {
    String subSignature = ref.getSubSignature().getString();
    Set<SootMethod> app =
        new java.util.TreeSet<>((a, b) -> MethodIds.of(a).compareTo(MethodIds.of(b)));
    boolean library = false;
    for (SootClass c : classes) {
      SootMethod m = c.isPhantom() ? null : implementation(c, subSignature);
      if (m == null) {
        library = true;
      } else {
        app.add(m);
      }
    }
    return app.isEmpty()
        ? CallTargets.library(ref)
        : CallTargets.application(ref, new ArrayList<>(app), library);
  }

  /**
   * Locals whose every definition is an allocation of a known class (or a copy of such a local):
   * the classes they may hold. Locals with any other definition (a parameter, a load, a call
   * result) are absent.
   */
  private static Map<Local, Set<SootClass>> exactClasses(Body body) {
    Map<Local, List<Object>> defs =
        new HashMap<>(); // SootClass, or Local for a copy, or null: unknown
    for (Unit u : body.getUnits()) {
      if (u instanceof soot.jimple.IdentityStmt id && id.getLeftOp() instanceof Local l) {
        defs.computeIfAbsent(l, k -> new ArrayList<>()).add(null);
      } else if (u instanceof soot.jimple.AssignStmt a && a.getLeftOp() instanceof Local l) {
        Value r = a.getRightOp();
        Object def = null;
        if (r instanceof soot.jimple.NewExpr n) {
          def = n.getBaseType().getSootClass();
        } else if (r instanceof StaticInvokeExpr s
            && s.getMethodRef().getName().equals("bootstrap$")
            && s.getMethodRef().getDeclaringClass().isApplicationClass()) {
          def = s.getMethodRef().getDeclaringClass();
        } else if (r instanceof Local from) {
          def = from;
        } else if (r instanceof soot.jimple.CastExpr c && c.getOp() instanceof Local from) {
          def = from;
        }
        defs.computeIfAbsent(l, k -> new ArrayList<>()).add(def);
      }
    }
    Map<Local, Set<SootClass>> exact = new HashMap<>();
    Set<Local> unknown = new java.util.HashSet<>();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (Map.Entry<Local, List<Object>> e : defs.entrySet()) {
        Local l = e.getKey();
        if (unknown.contains(l)) {
          continue;
        }
        Set<SootClass> classes = exact.computeIfAbsent(l, k -> new java.util.HashSet<>());
        for (Object def : e.getValue()) {
          if (def == null
              || def instanceof Local from && (unknown.contains(from) || !defs.containsKey(from))) {
            unknown.add(l);
            exact.remove(l);
            changed = true;
            break;
          }
          changed |=
              def instanceof SootClass c
                  ? classes.add(c)
                  : classes.addAll(exact.getOrDefault(def, Set.of()));
        }
      }
    }
    exact.values().removeIf(Set::isEmpty);
    return exact;
  }

  /**
   * Class-hierarchy dispatch restricted to application classes: every concrete application class
   * that can be stored in the receiver's type contributes the method it runs. Library classes are
   * not enumerated (their bodies are not analyzed); when one may run, the call is also a library
   * call and the library model applies.
   */
  private CallTargets dispatch(SootClass receiver, SootMethodRef ref) {
    String subSignature = ref.getSubSignature().getString();
    Set<SootMethod> app = new java.util.LinkedHashSet<>();
    boolean library = !receiver.isApplicationClass();
    for (SootClass c : concreteApplicationClasses()) {
      if (c != receiver && !hierarchy.canStoreClass(c, receiver)) {
        continue;
      }
      SootMethod m = implementation(c, subSignature);
      if (m == null) {
        library = true;
      } else {
        app.add(m);
      }
    }
    List<SootMethod> sorted = new ArrayList<>(app);
    sorted.sort((a, b) -> MethodIds.of(a).compareTo(MethodIds.of(b)));
    return sorted.isEmpty()
        ? CallTargets.library(ref)
        : CallTargets.application(ref, sorted, library);
  }

  /**
   * The application method class {@code c} runs for the sub-signature, or null if inherited from
   * the library.
   */
  private SootMethod implementation(SootClass c, String subSignature) {
    for (SootClass at = c; at != null; at = at.hasSuperclass() ? at.getSuperclass() : null) {
      SootMethod m = at.getMethodUnsafe(subSignature);
      if (m != null && m.isConcrete()) {
        return at.isApplicationClass() && bodies.containsKey(m) ? m : null;
      }
      if (!at.isApplicationClass()) {
        break;
      }
    }
    // A default method of an application interface.
    java.util.Deque<SootClass> interfaces = new java.util.ArrayDeque<>(c.getInterfaces());
    while (!interfaces.isEmpty()) {
      SootClass i = interfaces.poll();
      SootMethod m = i.getMethodUnsafe(subSignature);
      if (m != null && m.isConcrete() && bodies.containsKey(m)) {
        return m;
      }
      interfaces.addAll(i.getInterfaces());
    }
    return null;
  }

  private List<SootClass> concreteApplicationClasses() {
    if (concreteClasses == null) {
      concreteClasses = new ArrayList<>();
      for (SootClass c : Scene.v().getApplicationClasses()) {
        if (c.isConcrete() && !c.isPhantom()) {
          concreteClasses.add(c);
        }
      }
    }
    return concreteClasses;
  }

  private static SootMethod safeResolve(SootMethodRef ref) {
    try {
      return ref.tryResolve();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Resets Soot, releasing the scene. */
  @Override
  public void close() {
    bodies.clear();
    dispatchCache.clear();
    exactClasses.clear();
    G.reset();
    extracted.forEach(MultiReleaseJar::delete);
  }
}

package dev.orthrus.rewriter.transform;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.NameExpr;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.NondeterministicCall;
import dev.orthrus.model.jdk.JdkCategory;
import dev.orthrus.rewriter.InstrumentReport;
import dev.orthrus.rewriter.Problem;
import dev.orthrus.rewriter.facts.CallFact;
import dev.orthrus.rewriter.facts.FieldFact;
import dev.orthrus.rewriter.facts.MethodFact;
import dev.orthrus.rewriter.facts.SourceFacts;
import dev.orthrus.rewriter.facts.Span;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the rewriter decided for the whole program before it touches a file: the closures and their
 * binding fields, the methods that need APP and VAL variants, the non-deterministic calls to
 * record; and what it collects while rewriting: the store helpers each handle needs, and problems.
 */
final class Plan {

  /**
   * The category of {@code Math} calls whose last bit may differ from {@code StrictMath}'s: HotSpot
   * computes them with the same code interpreted and compiled, so the variants call them as the
   * program does and the validator checks them (decision 0074).
   */
  private static final String MATH_INTRINSIC = JdkCategory.MATH_INTRINSIC.jsonName();

  /**
   * The category of calls that read a float's or a double's raw bits: APP records the bits of a
   * NaN, VAL takes them where its own value is a NaN too (decision 0061).
   */
  private static final String NAN_BITS = JdkCategory.NAN_BITS.jsonName();

  private static final String ENVIRONMENT = JdkCategory.ENVIRONMENT.jsonName();

  /** The JDK table's categories of locks and monitors. */
  private static final Set<String> LOCKING =
      Set.of(JdkCategory.LOCK.jsonName(), JdkCategory.MONITOR.jsonName());

  final SourceFacts facts;
  final Map<String, ClosureModel> closures = new LinkedHashMap<>();
  final Map<String, String> bindingFields = new HashMap<>();

  /** The methods that get APP and VAL variants: what closures and {@link #exports} reach. */
  final Set<String> touching;

  /**
   * The methods that touch user data or make recorded calls, or call such methods: {@link
   * #touching} without those that have variants only for the check of the object's class (decision
   * 0100).
   */
  private final Set<String> reachingUserData;

  /** The methods that get variants because a closure of the sources reaches them. */
  final Set<String> reachedByClosures;

  /**
   * The methods and constructors of the sources that reach user data, with variants or not ({@link
   * SourceFacts#accessingUserData}): what a validator refuses to run as written.
   */
  private final Set<String> accessingUserData;

  /**
   * The public methods that get variants for another build's closures to call (decision 0075),
   * besides those closures reach.
   */
  private final Set<String> exports;

  private final boolean export;

  /**
   * Exported methods whose variants met a problem where no closure reaches them: the rewrite is
   * made again without them ({@link Rewriter}), as if they were not exported.
   */
  final Set<String> withdrawn = new LinkedHashSet<>();

  /**
   * The user-data classes that a closure, or a method with variants, makes and whose constructor or
   * initializers make a call or a read that a closure's log records (an id from the program's
   * sequence, a clock, a setting the control path changes): in a closure, APP records the object it
   * made and VAL takes it from the log instead of running the constructor again.
   */
  final Set<String> recordedConstructions;

  /**
   * Classes of the sources that are not user data, that a closure or a method with variants makes,
   * and whose constructor or initializers make a non-deterministic call the log records, by the
   * first such call: a validator runs a plain class's constructor as written, so it would read its
   * own clock or thread where the application read its own, and report the difference. The rewriter
   * refuses such an allocation in those methods.
   */
  final Map<String, String> plainRecordingConstructions;

  /**
   * Methods of the sources that reach user data and override a method of another module's user-data
   * class ({@code Doubler#scale} of {@code Meter#scale}): that module's closures run them as
   * written, so those executions are not validated. One warning each, for the build.
   */
  final List<String> foreignOverrides;

  final Set<String> recordedCalls = new LinkedHashSet<>();

  /** Recorded calls that read raw bits ({@link #NAN_BITS}): only a NaN's bits are recorded. */
  final Set<String> nanBitsCalls = new LinkedHashSet<>();

  /**
   * Recorded calls of library code, with what that code does (decision 0068): APP makes them, VAL
   * takes the result from the log, or, for a call without one, evaluates its arguments only.
   */
  final Map<String, String> libraryCalls;

  /** Recorded calls on locks and monitors: APP makes them, VAL never does. */
  final Set<String> lockCalls = new LinkedHashSet<>();

  /**
   * Recorded calls of the JDK table's environment category; one without a result (a thread's {@code
   * interrupt()}) APP makes alone.
   */
  final Set<String> environmentCalls = new LinkedHashSet<>();

  /**
   * Names of methods whose variants' names a method of the sources already takes ({@code render}
   * beside a {@code renderPlain}): their variants put a {@code $} before the suffix ({@code
   * render$Plain}), in every class, so that overrides and callers agree ({@link #stem}).
   */
  private final Set<String> clashingStems = new HashSet<>();

  /** The binding constants generated into each class, and their sites for any caller. */
  private final Map<String, Set<String>> bindingConstants = new HashMap<>();

  /**
   * Whether {@code calls} lists {@code call}, by the member javac resolved or by the name the
   * processor reports it under.
   */
  static boolean lists(Set<String> calls, CallFact call) {
    return calls.contains(call.target()) || calls.contains(call.reported());
  }

  final Map<String, Set<StoreHelper>> storeHelpers = new HashMap<>();
  final List<Problem> problems = new ArrayList<>();

  /**
   * The classes a log carries as a closure's argument or result (canonical names, element types of
   * arrays): those declared in the sources become {@code Serializable}, so that a reproducer file
   * can hold them.
   */
  final Set<String> loggedTypes = new HashSet<>();

  /** For the report: what each closure logs and compares, its checked parameters, its sites. */
  final Map<String, List<String>> logged = new LinkedHashMap<>();

  final Map<String, List<String>> checkedParameters = new HashMap<>();
  final Map<String, List<String>> callSites = new HashMap<>();
  final List<InstrumentReport.VersionedClass> versionedClasses = new ArrayList<>();

  /** The simple name of each user-data class's version class ({@code V}, or {@code V$}...). */
  final Map<String, String> versionClassNames = new HashMap<>();

  /**
   * The closures of protected dependencies (their builds' {@link InstrumentReport}) by id: a
   * closure's variants call theirs as they call one of the sources (decision 0067).
   */
  private final Map<String, InstrumentReport.Closure> dependencyClosures = new HashMap<>();

  /**
   * The methods with variants of protected dependencies, by id, with their stems: a closure's
   * variants call theirs (decision 0075).
   */
  private final Map<String, String> dependencyMethods = new HashMap<>();

  /**
   * @param dependencies what the protected builds on the class path export
   * @param export whether methods get variants for other builds' closures (decision 0075)
   * @param withheld exported methods not to give them for others (an earlier rewrite's {@link
   *     #withdrawn})
   */
  Plan(
      SourceFacts facts,
      ClosureReport report,
      InstrumentReport dependencies,
      boolean export,
      Set<String> withheld) {
    this.facts = facts;
    Set<String> direct = new LinkedHashSet<>();
    if (report != null) {
      for (ClosureModel closure : report.closures()) {
        closures.put(closure.id(), closure);
        loggedTypes.addAll(classesIn(closure.result().type()));
        closure.parameters().forEach(p -> loggedTypes.addAll(classesIn(p.type())));
        for (NondeterministicCall call : closure.nondeterministic()) {
          if (call.category().equals(MATH_INTRINSIC)) {
            continue;
          }
          if (call.handling() == NondeterministicCall.Handling.RECORDED) {
            recordedCalls.add(call.target());
            if (call.category().equals(NAN_BITS)) {
              nanBitsCalls.add(call.target());
            }
            if (LOCKING.contains(call.category())) {
              lockCalls.add(call.target());
            }
            if (call.category().equals(ENVIRONMENT)) {
              environmentCalls.add(call.target());
            }
          }
        }
      }
    }
    for (InstrumentReport.Closure c : dependencies.closures()) {
      if (!closures.containsKey(c.id()) && !facts.methods().containsKey(c.id())) {
        dependencyClosures.put(c.id(), c);
        bindingFields.put(c.id(), c.binding());
        if (c.stem().endsWith("$")) {
          // The dependency's names are fixed: this build's variants of that name follow them.
          clashingStems.add(c.stem().substring(0, c.stem().length() - 1));
        }
        // A method that calls one needs variants, as one calling a closure of the sources does.
        direct.add(c.id());
      }
    }
    for (InstrumentReport.Method m : dependencies.methods()) {
      if (!facts.methods().containsKey(m.id())) {
        dependencyMethods.put(m.id(), m.stem());
        if (m.stem().endsWith("$")) {
          clashingStems.add(m.stem().substring(0, m.stem().length() - 1));
        }
        direct.add(m.id());
      }
    }
    // Library code a validator must not run again: APP makes the call, VAL takes its result. A
    // dependency's method with variants is called through them instead.
    libraryCalls = new LinkedHashMap<>(facts.libraryEffects());
    libraryCalls.keySet().removeAll(dependencyMethods.keySet());
    recordedCalls.addAll(libraryCalls.keySet());
    // The methods that make a recorded call need variants that record or replay it.
    facts.methods().keySet().stream()
        .filter(id -> facts.callees(id).stream().anyMatch(recordedCalls::contains))
        .forEach(direct::add);
    // Exported for other builds' closures: the methods that touch user data or make recorded calls.
    Set<String> exportable = facts.touchingMethods(direct);
    this.reachingUserData = exportable;
    // A closure's calls of a method a class out of sight may override get its variants, whose
    // check of the object's class records such an override's answer, or leaves the execution not
    // validated (decisions 0098, 0100).
    direct.addAll(facts.overridableMethods());
    Set<String> anywhere = facts.touchingMethods(direct, true);
    this.foreignOverrides = foreignOverrides(anywhere);
    this.accessingUserData = facts.accessingUserData();
    Set<String> closureIds = facts.closures();
    this.reachedByClosures = facts.reached(closureIds, anywhere);
    this.export = export;
    this.exports = new LinkedHashSet<>(export ? facts.exports(exportable) : Set.of());
    exports.removeAll(withheld);
    Set<String> roots = new LinkedHashSet<>(closureIds);
    roots.addAll(exports);
    this.touching = facts.reached(roots, anywhere);
    this.recordedConstructions = recordedConstructions(facts.userDataMadeBy(touching));
    this.plainRecordingConstructions = plainRecordingConstructions(facts.plainMadeBy(touching));
    nameBindings();
    for (String id : facts.methods().keySet()) {
      String name = methodName(id);
      for (String suffix : VARIANT_SUFFIXES) {
        if (name.length() > suffix.length() && name.endsWith(suffix)) {
          clashingStems.add(name.substring(0, name.length() - suffix.length()));
        }
      }
    }
  }

  private List<String> foreignOverrides(Set<String> anywhere) {
    List<String> warnings = new ArrayList<>();
    facts
        .userDataOverridesOutside()
        .forEach(
            (override, overridden) -> {
              if (anywhere.contains(override)) {
                String owner = overridden.substring(0, overridden.indexOf('#'));
                warnings.add(
                    override
                        + " overrides "
                        + overridden
                        + " of another module and reaches user data: that module's closures"
                        + " run it as written, and their executions that call it are not"
                        + " validated (declare the class in the module of "
                        + owner
                        + ")");
              }
            });
    return List.copyOf(warnings);
  }

  private Set<String> recordedConstructions(Set<String> madeOnDataPath) {
    Set<String> classes = new HashSet<>();
    for (String owner : madeOnDataPath) {
      if (records(SourceFacts.initializersId(owner))) {
        classes.add(owner);
      }
    }
    for (String id : facts.methods().keySet()) {
      int hash = id.indexOf('#');
      String owner = id.substring(0, hash);
      if (id.startsWith("<init>(", hash + 1) && madeOnDataPath.contains(owner) && records(id)) {
        classes.add(owner);
      }
    }
    return classes;
  }

  private Map<String, String> plainRecordingConstructions(Set<String> made) {
    Map<String, String> classes = new HashMap<>();
    for (String owner : made) {
      String recorded = firstRecorded(SourceFacts.initializersId(owner));
      for (String id : facts.methods().keySet()) {
        int hash = id.indexOf('#');
        if (recorded == null
            && id.substring(0, hash).equals(owner)
            && id.startsWith("<init>(", hash + 1)) {
          recorded = firstRecorded(id);
        }
      }
      if (recorded != null) {
        classes.put(owner, recorded);
      }
    }
    return classes;
  }

  /**
   * The first non-deterministic call of {@code method}'s own code whose result a closure's log
   * records ({@code java.lang.Thread#getName()}, a clock, a generator), or null. Library code with
   * effects and locks are left out: run again as written, they give the same values.
   */
  private String firstRecorded(String method) {
    return facts.callees(method).stream()
        .filter(
            c ->
                recordedCalls.contains(c) && !libraryCalls.containsKey(c) && !lockCalls.contains(c))
        .sorted()
        .findFirst()
        .orElse(null);
  }

  /** {@code method}'s own code makes a call or a read that a closure's log records. */
  private boolean records(String method) {
    return facts.callees(method).stream().anyMatch(recordedCalls::contains)
        || !facts.sharedCalls(method).isEmpty()
        || !facts.sharedFieldsRead(method).isEmpty();
  }

  /** The suffixes of generated methods' names: the variants' and the logged dispatcher's. */
  private static final List<String> VARIANT_SUFFIXES =
      List.of(Variant.PLAIN.suffix, Variant.APP.suffix, Variant.VAL.suffix, "Logged");

  /** What the names of {@code method}'s generated methods start with ({@link #clashingStems}). */
  String stem(String method) {
    return clashingStems.contains(method) ? method + "$" : method;
  }

  /** The name of {@code method}'s variant {@code variant}: {@code getApp}. */
  String variantName(String method, Variant variant) {
    return stem(method) + variant.suffix;
  }

  /**
   * What the closure {@code id} records beyond its arguments, in it and the methods it reaches:
   * non-deterministic calls, reads of fields other threads may change, calls on or with shared JDK
   * objects and the snapshots of them it iterates, for the report; and where it hands a shared
   * object to code the log does not follow, or makes the JVM run code that touches user data as
   * written, which leaves the execution not validated.
   */
  List<String> recordedBy(String id) {
    Set<String> recorded = new TreeSet<>();
    for (String method : facts.reached(List.of(id), touching)) {
      facts.sharedFieldsRead(method).forEach(f -> recorded.add("recorded: field " + f));
      facts.sharedCalls(method).forEach(c -> recorded.add("recorded: call " + c));
      facts.snapshots(method).forEach(c -> recorded.add("recorded: snapshot " + c));
      facts.unrecordedShared(method).forEach(u -> recorded.add(InstrumentReport.NOT_VALIDATED + u));
      facts.calledBack(method).forEach(u -> recorded.add(InstrumentReport.NOT_VALIDATED + u));
      facts
          .runsAsWritten(method, accessingUserData)
          .forEach(u -> recorded.add(InstrumentReport.NOT_VALIDATED + u));
      facts.callees(method).stream()
          .filter(recordedCalls::contains)
          .forEach(
              c ->
                  recorded.add(
                      "recorded: call "
                          + c
                          + (libraryCalls.containsKey(c)
                              ? " (library code that " + libraryCalls.get(c) + ")"
                              : "")));
    }
    return List.copyOf(recorded);
  }

  /**
   * Names each closure's binding constant after the closure ({@code GET}), numbered when its class
   * has another closure of that name, or a field or another closure's constant that the constant or
   * its site would take ({@code GET_2} beside a constant {@code GET} of the program; {@code
   * FIND_ANY_2} for {@code findAny} beside the site {@code FIND_ANY} of {@code find}).
   */
  private void nameBindings() {
    Map<String, Integer> taken = new HashMap<>();
    for (String id : closures.keySet()) {
      String owner = id.substring(0, id.indexOf('#'));
      String name = constantName(id.substring(id.indexOf('#') + 1, id.indexOf('(')));
      String binding;
      do {
        int n = taken.merge(owner + "." + name, 1, Integer::sum);
        binding = n == 1 ? name : name + "_" + n;
      } while (!freeConstant(owner, binding) || !freeConstant(owner, binding + "_ANY"));
      bindingFields.put(id, binding);
      Set<String> generated = bindingConstants.computeIfAbsent(owner, o -> new HashSet<>());
      generated.add(binding);
      generated.add(binding + "_ANY");
    }
  }

  /**
   * Whether a constant generated into the class {@code binaryName} may take {@code name}: no field
   * of the class has it, nor a binding or site generated there for its closures, and no class or
   * field the class's code may name by it (a class of its package, its version class {@code V}, a
   * class or field its file names: of an enclosing class, a static import), which the constant
   * would obscure or shadow (JLS 6.4.1, 6.4.2).
   */
  boolean freeConstant(String binaryName, String name) {
    String pkg = binaryName.substring(0, Math.max(0, binaryName.lastIndexOf('.')));
    return !facts.visibleFields(binaryName).contains(name)
        && !bindingConstants.getOrDefault(binaryName, Set.of()).contains(name)
        && !name.equals("V")
        && !facts.isSourceType(pkg.isEmpty() ? name : pkg + "." + name)
        && !facts.simpleNamesSeenBy(binaryName).contains(name);
  }

  /**
   * The classes a type names ({@code java.util.List<p.Shape>}: the list's and its elements', which
   * a reproducer file serializes too), as canonical names without array brackets.
   */
  private static List<String> classesIn(String type) {
    List<String> classes = new ArrayList<>();
    for (String name : type.split("[^\\w.$]+")) {
      if (!name.isEmpty() && !name.equals("extends") && !name.equals("super")) {
        classes.add(name);
      }
    }
    return classes;
  }

  boolean isClosure(String id) {
    return closures.containsKey(id) || dependencyClosures.containsKey(id);
  }

  /**
   * Whether a call of {@code id} in an APP or VAL variant calls its variant: a method of the
   * sources that has them, or a dependency's method that has them.
   */
  boolean hasVariants(String id) {
    return touching.contains(id) || dependencyMethods.containsKey(id);
  }

  /**
   * Whether {@code id} reaches user data or makes recorded calls, itself or through what it calls:
   * a closure, a method of the sources that does, or a dependency's method with variants. A method
   * that has variants only for the check of the object's class does not (decision 0100): code that
   * may run after the closure's log is gone (a kept lambda, an anonymous or local class) may call
   * it, as written.
   */
  boolean reachesUserData(String id) {
    // The closures and the dependency's methods are among the set's roots.
    return reachingUserData.contains(id);
  }

  /**
   * Whether a call of {@code id} on another object goes through its static bridge ({@code
   * feeApp$(log, pricing, amount)}), which asks whether a mock or a proxy intercepts the object's
   * methods before calling its variant (decision 0100): a method of the sources with variants that
   * a subclass may override, in a type a static method can name.
   */
  boolean bridged(String id) {
    return touching.contains(id) && !isClosure(id) && facts.bridgeable(id)
        || dependencyMethods.containsKey(id) && facts.bridgedElsewhere(id);
  }

  /**
   * Whether the rewriter may change {@code file}, judged from javac's facts alone (for a file its
   * parser cannot read): it declares a user-data class, a class a closure logs, or a method with
   * variants; it calls or references a closure; or it reads or writes a user-data field that the
   * rewritten classes no longer have as a field. When in doubt, true.
   */
  boolean mayChange(Path file) {
    SourceFacts.FileFacts f = facts.file(file);
    if (f == null || f.usesRewrittenFields() || f.callsOrReferences(this::isClosure)) {
      return true;
    }
    for (String type : f.declaredTypes()) {
      if (facts.isUserData(type) || loggedTypes.contains(facts.canonicalName(type))) {
        return true;
      }
    }
    return facts.methods().values().stream()
        .anyMatch(m -> m.file().equals(file) && (m.closure() || touching.contains(m.id())));
  }

  /** A method that has variants only because it is exported, which no closure reaches. */
  boolean exportedOnly(String id) {
    return touching.contains(id) && !reachedByClosures.contains(id);
  }

  /**
   * A variant of {@code method}, which only exports reach, cannot be rewritten: withdraws the
   * exports that reach it.
   */
  void withdraw(String method) {
    for (String root : exports) {
      if (facts.reached(List.of(root), touching).contains(method)) {
        withdrawn.add(root);
      }
    }
  }

  /**
   * The rewrite of {@code file} met a problem that no variant owns (an import the file cannot
   * take): withdraws the exports that reach a method of the file which only exports reach.
   */
  void withdrawFrom(Path file) {
    for (String method : touching) {
      MethodFact fact = facts.methods().get(method);
      if (exportedOnly(method) && fact != null && file.equals(fact.file())) {
        withdraw(method);
      }
    }
  }

  /** {@code casUnique} to {@code CAS_UNIQUE}. */
  static String constantName(String camel) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < camel.length(); i++) {
      char c = camel.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(camel.charAt(i - 1))) {
        out.append('_');
      }
      out.append(c);
    }
    return out.toString().toUpperCase(Locale.ROOT);
  }

  /** The report, once every file is rewritten. */
  InstrumentReport report() {
    List<InstrumentReport.Closure> entries = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : logged.entrySet()) {
      String id = e.getKey();
      ClosureModel model = closures.get(id);
      entries.add(
          new InstrumentReport.Closure(
              id,
              model.name(),
              e.getValue(),
              model.comparison() + (model.strict() ? ", strict" : ""),
              checkedParameters.getOrDefault(id, List.of()),
              variantsOf(id),
              callSites.getOrDefault(id, List.of()),
              bindingFields.get(id),
              stem(model.method())));
    }
    List<InstrumentReport.Method> methods = new ArrayList<>();
    for (String id : export ? facts.exports(touching) : Set.<String>of()) {
      methods.add(new InstrumentReport.Method(id, stem(methodName(id))));
    }
    return new InstrumentReport(entries, versionedClasses, methods);
  }

  private static String methodName(String id) {
    return id.substring(id.indexOf('#') + 1, id.indexOf('('));
  }

  /** The methods that run as APP and VAL variants in a logged execution of {@code closure}. */
  private List<String> variantsOf(String closure) {
    return new ArrayList<>(facts.reached(List.of(closure), touching));
  }

  /** What a name or field access denotes, if it is a field of a user-data class. */
  FieldFact field(Path file, Positions positions, Expression e) {
    if (!(e instanceof FieldAccessExpr) && !(e instanceof NameExpr)) {
      return null;
    }
    Span span = positions.span(e);
    return span == null ? null : facts.file(file).field(span);
  }

  /** Records what cannot be rewritten at {@code node}. */
  void problem(Path file, Node node, String construct, String advice) {
    int line = node.getBegin().map(p -> p.line).orElse(0);
    int column = node.getBegin().map(p -> p.column).orElse(0);
    problems.add(new Problem(file, line, column, construct, advice));
  }

  void need(StoreHelper helper) {
    storeHelpers.computeIfAbsent(helper.owner(), k -> new LinkedHashSet<>()).add(helper);
  }

  /**
   * The canonical name of the version class of the user-data class {@code binaryName} ({@code
   * acct.Savings.V}), or null for a class this rewrite does not generate.
   */
  String versionClassOf(String binaryName) {
    String name = versionClassNames.get(binaryName);
    return name == null ? null : facts.canonicalName(binaryName) + "." + name;
  }
}

package dev.orthrus.processor.datapath;

import dev.orthrus.processor.summary.Call;
import dev.orthrus.processor.summary.JavaNames;
import dev.orthrus.processor.summary.MethodSummary;
import dev.orthrus.processor.summary.OrthrusAnnotations;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * The call graph of one compilation, restricted to what closures reach. A method is on the data
 * path when some closure reaches it; everything else is control path. Calls are followed to their
 * statically resolved target and to every method of the compilation that overrides it, in the
 * receiver's class or below it (or in an interface). A call whose receiver has a JDK type reaches
 * an override only in a class whose objects the closure's execution may hold ({@link HeldClasses},
 * decision 0080): an {@code it.next()} on the JDK's iterator does not run the {@code next()} of
 * every iterator class of the program.
 */
public final class DataPath {

  private final Map<String, MethodSummary> methods;
  private final List<ClosureScope> closures = new ArrayList<>();
  private final Set<String> dataPathMethods = new HashSet<>();
  private final Map<String, List<MethodSummary>> byName = new HashMap<>();
  private final Set<TypeElement> sourceClasses = new LinkedHashSet<>();
  private final Map<TypeElement, List<TypeElement>> classesBelow = new HashMap<>();
  private final Elements elements;

  /**
   * @param summaries every method summary of the compilation
   * @param elements used to find overriding methods
   */
  public DataPath(Collection<MethodSummary> summaries, Elements elements) {
    this(summaries, elements, s -> OrthrusAnnotations.isClosure(s.element()));
  }

  /**
   * The call graph that methods other than closures reach, each explored as a closure's is: the
   * rules then say what they reach that a closure could not do.
   *
   * @param roots the methods to explore from, in place of the closures
   */
  public DataPath(
      Collection<MethodSummary> summaries, Elements elements, Predicate<MethodSummary> roots) {
    this.elements = elements;
    this.methods = new LinkedHashMap<>();
    for (MethodSummary s : summaries) {
      methods.put(s.id(), s);
      sourceClasses.add(s.owner());
      if (s.element() != null) {
        byName
            .computeIfAbsent(s.element().getSimpleName().toString(), k -> new ArrayList<>())
            .add(s);
      }
    }
    List<MethodSummary> closureMethods = new ArrayList<>();
    for (MethodSummary s : summaries) {
      if (s.element() != null && roots.test(s)) {
        closureMethods.add(s);
      }
    }
    closureMethods.sort(Comparator.comparing(MethodSummary::id));
    for (MethodSummary closure : closureMethods) {
      ClosureScope scope = explore(closure);
      closures.add(scope);
      scope.methods().forEach(m -> dataPathMethods.add(m.id()));
    }
  }

  private ClosureScope explore(MethodSummary closure) {
    ClosureScope scope = new ClosureScope(closure);
    HeldClasses held = new HeldClasses(this::classesBelow);
    List<MethodSummary> entries = new ArrayList<>(List.of(closure));
    Map<String, List<String>> chains = new HashMap<>();
    Deque<MethodSummary> work = new ArrayDeque<>();
    chains.put(closure.id(), List.of(closure.id()));
    scope.add(closure, chains.get(closure.id()));
    held.enter(closure);
    held.add(closure);
    work.add(closure);
    // Calls to a closure may dispatch to an override, which then runs as the closure's body.
    for (MethodSummary override :
        targets(new Call(closure.id(), closure.element(), closure.declaration()))) {
      if (!chains.containsKey(override.id())) {
        List<String> chain = List.of(closure.id(), override.id());
        chains.put(override.id(), chain);
        scope.add(override, chain);
        held.enter(override);
        held.add(override);
        work.add(override);
        entries.add(override);
      }
    }
    // Overrides a call through a JDK type may not run yet: a method reached later may hold an
    // object of their class.
    List<Deferred> deferred = new ArrayList<>();
    while (!work.isEmpty()) {
      while (!work.isEmpty()) {
        MethodSummary current = work.remove();
        for (Call call : current.calls()) {
          for (MethodSummary callee : targets(call)) {
            if (chains.containsKey(callee.id())) {
              continue;
            }
            if (throughJdkType(call) && !held.mayRunOn(callee.owner())) {
              deferred.add(new Deferred(current, callee));
              continue;
            }
            reach(scope, held, chains, work, current, callee);
          }
        }
      }
      for (Deferred d : deferred) {
        if (!chains.containsKey(d.callee().id()) && held.mayRunOn(d.callee().owner())) {
          reach(scope, held, chains, work, d.caller(), d.callee());
        }
      }
      deferred.removeIf(d -> chains.containsKey(d.callee().id()));
    }
    markSharedParameters(scope, entries);
    return scope;
  }

  /**
   * An override that a call of {@code caller} through a JDK type reaches once its class is held.
   */
  private record Deferred(MethodSummary caller, MethodSummary callee) {}

  private static void reach(
      ClosureScope scope,
      HeldClasses held,
      Map<String, List<String>> chains,
      Deque<MethodSummary> work,
      MethodSummary caller,
      MethodSummary callee) {
    List<String> chain = new ArrayList<>(chains.get(caller.id()));
    chain.add(callee.id());
    chains.put(callee.id(), chain);
    scope.add(callee, chain);
    held.add(callee);
    work.add(callee);
  }

  /** The classes of the sources that are {@code owner} or below it. */
  private List<TypeElement> classesBelow(TypeElement owner) {
    return classesBelow.computeIfAbsent(
        owner, o -> sourceClasses.stream().filter(c -> inherits(c, o)).toList());
  }

  /**
   * The call's receiver has a JDK type ({@code Iterator}, {@code Supplier}, {@code
   * ArithmeticException}): what it may run in the sources depends on the objects the closure may
   * hold.
   */
  private static boolean throughJdkType(Call call) {
    return call.receiverClass() != null && JavaNames.isJdk(call.receiverClass());
  }

  /**
   * Marks the parameters that may receive an object the closure did not allocate, as a fixpoint
   * over the calls inside the scope: the entry methods' parameters come from the closure's caller;
   * any other parameter is shared as soon as one call passes a shared object into it.
   */
  private void markSharedParameters(ClosureScope scope, List<MethodSummary> entries) {
    for (MethodSummary entry : entries) {
      scope.markShared(entry.id(), ClosureScope.RECEIVER);
      for (int i = 0; i < entry.element().getParameters().size(); i++) {
        scope.markShared(entry.id(), i);
      }
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (MethodSummary caller : scope.methods()) {
        for (Call call : caller.calls()) {
          List<MethodSummary> callees = targets(call);
          for (int i = 0; i < call.arguments().size(); i++) {
            changed |= markIfShared(scope, caller, call.arguments().get(i), callees, i);
          }
          // Constructors' own writes are to a new object whatever this says.
          int receiver = returnReceivers(call.chain()) ? call.receiver() : Call.OTHER_ARGUMENT;
          changed |= markIfShared(scope, caller, receiver, callees, ClosureScope.RECEIVER);
        }
      }
    }
  }

  /**
   * Whether every call of {@code chain} returns its receiver: each may run methods with bodies in
   * the sources only (an abstract method's implementations, a generated builder's setters), and
   * each of those returns {@code this}.
   */
  private boolean returnReceivers(List<Call> chain) {
    for (Call call : chain) {
      List<MethodSummary> bodies =
          targets(call).stream()
              .filter(m -> !m.element().getModifiers().contains(Modifier.ABSTRACT))
              .toList();
      if (bodies.isEmpty() || !bodies.stream().allMatch(MethodSummary::returnsThis)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Marks parameter {@code index} of the callees shared when the object the caller passes may be;
   * true if any changed.
   */
  private static boolean markIfShared(
      ClosureScope scope,
      MethodSummary caller,
      int origin,
      List<MethodSummary> callees,
      int index) {
    boolean fresh =
        origin == Call.FRESH_ARGUMENT
            || origin >= 0 && !scope.isShared(caller.id(), origin)
            || origin == Call.CALLER_RECEIVER
                && !scope.isShared(caller.id(), ClosureScope.RECEIVER);
    boolean changed = false;
    for (MethodSummary callee : fresh ? List.<MethodSummary>of() : callees) {
      if (!scope.isShared(callee.id(), index)) {
        scope.markShared(callee.id(), index);
        changed = true;
      }
    }
    return changed;
  }

  /**
   * The summarized methods a call may run: its resolved target and, unless it names its target
   * exactly ({@code super.m()}), the target's overriders in this compilation.
   */
  public List<MethodSummary> targets(Call call) {
    List<MethodSummary> result = new ArrayList<>(1);
    MethodSummary direct = methods.get(call.target());
    if (direct != null) {
      result.add(direct);
    }
    ExecutableElement callee = call.callee();
    if (callee != null && isVirtual(callee) && !call.exact()) {
      for (MethodSummary candidate :
          byName.getOrDefault(callee.getSimpleName().toString(), List.of())) {
        if (candidate != direct
            && mayReceive(call.receiverClass(), candidate.owner())
            && elements.overrides(candidate.element(), callee, candidate.owner())) {
          result.add(candidate);
        }
      }
    }
    return result;
  }

  /**
   * Whether a call on a receiver of class {@code receiverClass} (null: unknown) may run a method
   * {@code owner} declares: {@code owner} is that class or below it, or an interface (whose default
   * method a subclass of the receiver's class may inherit).
   */
  private static boolean mayReceive(TypeElement receiverClass, TypeElement owner) {
    return receiverClass == null || owner.getKind().isInterface() || inherits(owner, receiverClass);
  }

  static boolean inherits(TypeElement type, TypeElement ancestor) {
    return inheritsAny(type, ancestor::equals);
  }

  /** Whether {@code type} or one of its superclasses or interfaces is one of {@code ancestors}. */
  static boolean inheritsAny(TypeElement type, Predicate<TypeElement> ancestors) {
    if (ancestors.test(type)) {
      return true;
    }
    List<TypeMirror> supertypes = new ArrayList<>(type.getInterfaces());
    supertypes.add(type.getSuperclass());
    for (TypeMirror s : supertypes) {
      if (s instanceof DeclaredType d
          && d.asElement() instanceof TypeElement parent
          && inheritsAny(parent, ancestors)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isVirtual(ExecutableElement method) {
    Set<Modifier> m = method.getModifiers();
    return !m.contains(Modifier.STATIC)
        && !m.contains(Modifier.PRIVATE)
        && !m.contains(Modifier.FINAL)
        && method.getKind() == javax.lang.model.element.ElementKind.METHOD;
  }

  /** Closures sorted by id. */
  public List<ClosureScope> closures() {
    return closures;
  }

  public Collection<MethodSummary> methods() {
    return methods.values();
  }

  public MethodSummary method(String id) {
    return methods.get(id);
  }

  /** True when some closure reaches the method (the closures themselves included). */
  public boolean isDataPath(String methodId) {
    return dataPathMethods.contains(methodId);
  }

  /** The closures that reach {@code methodId}, sorted by id. */
  public List<ClosureScope> closuresReaching(String methodId) {
    List<ClosureScope> result = new ArrayList<>();
    for (ClosureScope scope : closures) {
      if (scope.reaches(methodId)) {
        result.add(scope);
      }
    }
    return result;
  }
}

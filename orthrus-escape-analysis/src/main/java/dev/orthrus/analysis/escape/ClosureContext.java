package dev.orthrus.analysis.escape;

import dev.orthrus.analysis.escape.MethodEscapeGraph.CallSiteNodes;
import dev.orthrus.analysis.escape.MethodEscapeGraph.Creation;
import dev.orthrus.analysis.escape.MethodEscapeGraph.FunctionalUse;
import dev.orthrus.analysis.escape.MethodEscapeGraph.Run;
import dev.orthrus.analysis.program.Reachability;
import dev.orthrus.analysis.program.SootProgram;
import dev.orthrus.model.EscapeState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import soot.SootClass;
import soot.SootMethod;
import soot.Type;

/**
 * Turns a method-local escape or origin set into an {@link EscapeState} in the context of one
 * closure. For escapes: "returned" from a helper means "escapes as the call's result does in the
 * caller", "thrown" means "goes where the call's exceptions go in the caller", "stored into
 * parameter k" means "lives where argument k lives in the caller", up to the closure itself, whose
 * receiver and parameters live in user data when their type is {@code @UserData} and in unversioned
 * state otherwise, and whose result and exceptions are {@code RETURNED}. For origins (where an
 * object comes from), the same through the arguments: {@code NO_ESCAPE} stands for "made during
 * this execution of the closure", {@code USER_DATA} and {@code GLOBAL} for objects that existed
 * before, reached through user data or not.
 *
 * <p>A method that JDK code runs on a lambda or functional object created in reached code (a
 * callback) takes its context from where that object goes: the {@link Run}s the creator's graph
 * records (what the JDK hands it, where its results and exceptions go), through application methods
 * it is passed to; an object that goes anywhere else may be run on anything, and its callbacks'
 * parameters and results are {@code GLOBAL}. Resolution is a least fixpoint over the reached call
 * sites, so recursion is fine.
 */
public final class ClosureContext {

  private enum What {
    /** Where the method's result escapes. */
    RETURN,
    /** Where the method's exceptions go. */
    THROWN,
    /** Where parameter k lives. */
    LIVES,
    /** Where the objects inside parameter k live. */
    LIVES_INSIDE,
    /** Where parameter k comes from. */
    ORIGIN,
    /** Where the objects inside parameter k come from. */
    INSIDE
  }

  private record Key(SootMethod method, What what, int index) {}

  private record Made(SootMethod creator, Creation creation) {}

  /**
   * Where a functional object is run, or {@code unsafe} when it may be run anywhere on anything.
   */
  private record Runs(boolean unsafe, List<SootMethod> methods, List<Run> runs) {

    static Runs empty() {
      return new Runs(false, new ArrayList<>(), new ArrayList<>());
    }
  }

  private final SootProgram program;
  private final EscapeSummaries summaries;
  private final Reachability reach;
  private final SootMethod closure;
  private final Map<SootMethod, List<CallSiteNodes>> callSitesOf = new HashMap<>();
  private final Map<CallSiteNodes, SootMethod> callerOf = new HashMap<>();
  private final Map<SootClass, List<Made>> creationsOf = new HashMap<>();
  private final Map<List<Object>, Runs> runsMemo = new HashMap<>();
  private final Map<Key, EscapeState> known = new HashMap<>();
  private Map<Key, EscapeState> memo = new HashMap<>();

  public ClosureContext(SootProgram program, EscapeSummaries summaries, Reachability reach) {
    this.program = program;
    this.summaries = summaries;
    this.reach = reach;
    this.closure = reach.root();
    for (SootMethod m : reach.methods()) {
      MethodEscapeGraph g = summaries.graph(m);
      if (g == null) {
        continue;
      }
      for (CallSiteNodes c : g.calls()) {
        for (SootMethod t : c.targets().application()) {
          callSitesOf.computeIfAbsent(t, k -> new ArrayList<>()).add(c);
          callerOf.put(c, m);
        }
      }
      for (Creation c : g.creations()) {
        creationsOf.computeIfAbsent(c.type(), k -> new ArrayList<>()).add(new Made(m, c));
      }
    }
  }

  /** Starts a resolution round; rounds repeat until {@link #endRound()} reports no change. */
  public void beginRound() {
    memo = new HashMap<>();
  }

  /**
   * Ends a round. A recursive call chain reads context states that are still being computed as
   * their previous value (NO_ESCAPE at first), so callers repeat until nothing changes.
   *
   * @return true when the round changed no context state
   */
  public boolean endRound() {
    Map<Key, EscapeState> before = new HashMap<>(known);
    known.putAll(memo);
    return known.equals(before);
  }

  /** Where objects with these escapes in method {@code m} are reachable from after the closure. */
  public EscapeState resolve(SootMethod m, Escapes e) {
    if (e.has(Escapes.GLOBAL)) {
      return EscapeState.GLOBAL;
    }
    EscapeState state = e.has(Escapes.USER_DATA) ? EscapeState.USER_DATA : EscapeState.NO_ESCAPE;
    if (e.has(Escapes.RETURNED)) {
      state = max(state, context(new Key(m, What.RETURN, 0)));
    }
    if (e.has(Escapes.THROWN)) {
      state = max(state, context(new Key(m, What.THROWN, 0)));
    }
    for (int k : e.paramIndexes()) {
      if (state == EscapeState.GLOBAL) {
        break;
      }
      state = max(state, context(new Key(m, What.LIVES, k)));
    }
    for (int k : e.innerIndexes()) {
      if (state == EscapeState.GLOBAL) {
        break;
      }
      state = max(state, context(new Key(m, What.LIVES_INSIDE, k)));
    }
    return state;
  }

  /**
   * Where objects with these origins in method {@code m} come from, for this closure: {@code
   * NO_ESCAPE} when they were all made during its execution, {@code USER_DATA} when some existed
   * before and were reached through user data, {@code GLOBAL} when some may be any other object
   * that existed before.
   */
  public EscapeState origin(SootMethod m, Origins o) {
    if (o.has(Origins.GLOBAL)) {
      return EscapeState.GLOBAL;
    }
    EscapeState state = o.has(Origins.USER_DATA) ? EscapeState.USER_DATA : EscapeState.NO_ESCAPE;
    for (int k : o.selfParams()) {
      state = max(state, context(new Key(m, What.ORIGIN, k)));
    }
    for (int k : o.innerParams()) {
      state = max(state, context(new Key(m, What.INSIDE, k)));
    }
    return state;
  }

  private EscapeState context(Key key) {
    EscapeState done = memo.get(key);
    if (done != null) {
      return done;
    }
    // In progress (recursion): use the previous round's value, NO_ESCAPE on the first round.
    memo.put(key, known.getOrDefault(key, EscapeState.NO_ESCAPE));
    EscapeState state = compute(key);
    state = max(state, known.getOrDefault(key, EscapeState.NO_ESCAPE));
    memo.put(key, state);
    return state;
  }

  private EscapeState compute(Key key) {
    SootMethod m = key.method();
    MethodSummary.ParamField field = paramField(key);
    if (m.equals(closure)) {
      return key.what() == What.RETURN || key.what() == What.THROWN
          ? EscapeState.RETURNED
          : closureParameter(field != null ? field.param() : key.index());
    }
    EscapeState state = reach.callbacks().contains(m) ? fromCreations(key) : EscapeState.NO_ESCAPE;
    boolean lambdaCaptures =
        (key.what() == What.INSIDE || key.what() == What.LIVES_INSIDE)
            && key.index() == -1
            && MethodEscapeGraph.isLambdaClass(m.getDeclaringClass());
    for (CallSiteNodes c : callSitesOf.getOrDefault(m, List.of())) {
      if (state == EscapeState.GLOBAL) {
        break;
      }
      SootMethod caller = callerOf.get(c);
      MethodEscapeGraph g = summaries.graph(caller);
      if (field != null) {
        // That field of the caller's argument.
        int owner = field.param() + 1 < c.args().length ? c.args()[field.param() + 1] : -1;
        if (owner >= 0) {
          Origins o = g.fieldOrigins(owner, field.field());
          state =
              max(
                  state,
                  switch (key.what()) {
                    case LIVES -> resolve(caller, g.fieldLoc(owner, field.field()));
                    case LIVES_INSIDE ->
                        max(
                            resolve(caller, g.fieldLoc(owner, field.field())),
                            resolve(caller, g.insideLoc(owner)));
                    case ORIGIN -> origin(caller, o);
                    case INSIDE -> origin(caller, g.inside(o));
                    default -> EscapeState.NO_ESCAPE;
                  });
        }
        continue;
      }
      int arg = key.index() + 1 < c.args().length ? c.args()[key.index() + 1] : -1;
      EscapeState here =
          switch (key.what()) {
            case RETURN ->
                c.result() >= 0 ? resolve(caller, g.esc(c.result())) : EscapeState.NO_ESCAPE;
            case THROWN ->
                c.thrown() >= 0 ? resolve(caller, g.esc(c.thrown())) : EscapeState.NO_ESCAPE;
            case LIVES -> arg >= 0 ? resolve(caller, g.loc(arg)) : EscapeState.NO_ESCAPE;
            case LIVES_INSIDE ->
                arg >= 0 && !lambdaCaptures
                    ? resolve(caller, g.insideLoc(arg))
                    : EscapeState.NO_ESCAPE;
            case ORIGIN -> arg >= 0 ? origin(caller, g.src(arg)) : EscapeState.NO_ESCAPE;
            // A lambda's receiver holds exactly what its creations captured.
            case INSIDE ->
                arg >= 0 && !lambdaCaptures ? origin(caller, g.inside(arg)) : EscapeState.NO_ESCAPE;
          };
      state = max(state, here);
    }
    return state;
  }

  /**
   * The context of a callback from the objects created in reached code that it is a method of: the
   * receiver is such an object; the rest comes from where the JDK runs them.
   */
  private EscapeState fromCreations(Key key) {
    EscapeState state = EscapeState.NO_ESCAPE;
    for (Made made : creationsOf.getOrDefault(key.method().getDeclaringClass(), List.of())) {
      MethodEscapeGraph g = summaries.graph(made.creator());
      Creation c = made.creation();
      MethodSummary.ParamField field = paramField(key);
      if (field != null && field.param() == -1) {
        // A field of the object itself: what its creator stored there (a lambda's captures).
        int n = g.storedIn(field.field());
        state = max(state, n >= 0 ? about(key.what(), made.creator(), n) : EscapeState.NO_ESCAPE);
        continue;
      }
      if (key.index() == -1 && key.what() != What.RETURN && key.what() != What.THROWN) {
        state =
            max(
                state,
                switch (key.what()) {
                  case LIVES -> resolve(made.creator(), g.loc(c.node()));
                  case LIVES_INSIDE ->
                      c.isLambda()
                          ? capturesLive(made.creator(), c)
                          : resolve(made.creator(), g.insideLoc(c.node()));
                  case INSIDE ->
                      origin(
                          made.creator(), c.isLambda() ? g.src(c.captures()) : g.inside(c.node()));
                  default -> EscapeState.NO_ESCAPE; // the receiver itself was made here
                });
        continue;
      }
      Runs runs = runsOf(made.creator(), c.node(), new HashSet<>());
      if (runs.unsafe()) {
        return EscapeState.GLOBAL;
      }
      for (int i = 0; i < runs.runs().size(); i++) {
        SootMethod at = runs.methods().get(i);
        Run run = runs.runs().get(i);
        MethodEscapeGraph ga = summaries.graph(at);
        // A field of what the JDK hands it: inside what it hands it.
        What what =
            field == null
                ? key.what()
                : key.what() == What.LIVES
                    ? What.LIVES_INSIDE
                    : key.what() == What.ORIGIN ? What.INSIDE : key.what();
        state =
            max(
                state,
                switch (what) {
                  case RETURN -> resolve(at, ga.esc(run.sink()));
                  case THROWN -> resolve(at, ga.esc(run.thrown()));
                  default -> about(what, at, run.feed());
                });
      }
    }
    return state;
  }

  /** Where what a lambda captured, and what is inside it, lives. */
  private EscapeState capturesLive(SootMethod creator, Creation c) {
    MethodEscapeGraph g = summaries.graph(creator);
    EscapeState state = EscapeState.NO_ESCAPE;
    for (int captured : c.captured()) {
      if (captured >= 0) {
        state =
            max(
                state,
                max(resolve(creator, g.loc(captured)), resolve(creator, g.insideLoc(captured))));
      }
    }
    return state;
  }

  /**
   * Where the functional object held by {@code node} in {@code m} is run, following calls it is
   * passed to.
   */
  private Runs runsOf(SootMethod m, int node, Set<List<Object>> inProgress) {
    List<Object> key = List.of(m, node);
    Runs done = runsMemo.get(key);
    if (done != null) {
      return done;
    }
    Runs out = Runs.empty();
    if (!inProgress.add(key)) {
      return out; // passed around recursively: the other uses are collected where the cycle started
    }
    MethodEscapeGraph g = summaries.graph(m);
    if (g == null) {
      return new Runs(true, List.of(), List.of());
    }
    boolean unsafe = false;
    for (FunctionalUse u : g.functionalUses(node)) {
      if (u.unsafe() || u.returned() && m.equals(closure)) {
        unsafe = true;
      } else if (u.run() != null) {
        out.methods().add(m);
        out.runs().add(u.run());
      } else {
        List<Runs> more = new ArrayList<>();
        if (u.returned()) {
          // Returned: it runs wherever the call's result runs in each caller.
          for (CallSiteNodes c : callSitesOf.getOrDefault(m, List.of())) {
            if (c.result() >= 0) {
              more.add(runsOf(callerOf.get(c), c.result(), inProgress));
            }
          }
        } else if (u.composite() >= 0) {
          more.add(runsOf(m, u.composite(), inProgress));
        } else {
          for (SootMethod t : u.passedTo().targets().application()) {
            MethodEscapeGraph gt = summaries.graph(t);
            more.add(
                gt == null
                    ? new Runs(true, List.of(), List.of())
                    : runsOf(t, gt.paramNode(u.position()), inProgress));
          }
        }
        for (Runs r : more) {
          unsafe |= r.unsafe();
          out.methods().addAll(r.methods());
          out.runs().addAll(r.runs());
        }
      }
    }
    inProgress.remove(key);
    Runs result = new Runs(unsafe, out.methods(), out.runs());
    runsMemo.put(key, result);
    return result;
  }

  /** The pseudo-parameter a key is about (a field loaded from a parameter), or null. */
  private MethodSummary.ParamField paramField(Key key) {
    int real = key.method().getParameterCount();
    if (key.what() == What.RETURN || key.what() == What.THROWN || key.index() < real) {
      return null;
    }
    List<MethodSummary.ParamField> fields = summaries.summaryOf(key.method()).paramFields();
    return key.index() - real < fields.size() ? fields.get(key.index() - real) : null;
  }

  /**
   * Where the objects of node {@code n} of method {@code m} live or come from, or what is inside
   * them.
   */
  private EscapeState about(What what, SootMethod m, int n) {
    MethodEscapeGraph g = summaries.graph(m);
    return switch (what) {
      case LIVES -> resolve(m, g.loc(n));
      case LIVES_INSIDE -> resolve(m, g.insideLoc(n));
      case ORIGIN -> origin(m, g.src(n));
      case INSIDE -> origin(m, g.inside(n));
      default -> EscapeState.NO_ESCAPE;
    };
  }

  private EscapeState closureParameter(int index) {
    Type t = index < 0 ? closure.getDeclaringClass().getType() : closure.getParameterType(index);
    if (program.isUserData(t)) {
      return EscapeState.USER_DATA;
    }
    // The caller's objects (and a receiver that is not user data) are unversioned shared state.
    return EscapeState.GLOBAL;
  }

  static EscapeState max(EscapeState a, EscapeState b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }
}

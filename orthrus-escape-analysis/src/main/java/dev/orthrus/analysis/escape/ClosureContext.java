package dev.orthrus.analysis.escape;

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
 * Turns a method-local escape set into an {@link EscapeState} in the context of one closure:
 * "returned" from a helper means "escapes as the call's result does in the caller", "stored into
 * parameter k" means "lives where argument k lives in the caller", up to the closure itself, whose
 * receiver and parameters live in user data when their type is {@code @UserData} and in unversioned
 * state otherwise. Resolution is a least fixpoint over the reached call sites, so recursion is fine.
 */
public final class ClosureContext {

  private record Key(SootMethod method, int what) {}

  private static final int RETURN = Integer.MIN_VALUE;

  private final SootProgram program;
  private final EscapeSummaries summaries;
  private final Reachability reach;
  private final SootMethod closure;
  private final Map<SootMethod, List<MethodEscapeGraph.CallSiteNodes>> callSitesOf = new HashMap<>();
  private final Map<MethodEscapeGraph.CallSiteNodes, SootMethod> callerOf = new HashMap<>();
  /** Lambda class -> the calls in reached code that create its instances. */
  private final Map<SootClass, List<MethodEscapeGraph.CallSiteNodes>> lambdaCreations = new HashMap<>();
  /** Reference types of arguments handed to library or unknown code from reached methods. */
  private final Set<String> passedToLibrary = new HashSet<>();
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
      for (MethodEscapeGraph.CallSiteNodes c : g.calls()) {
        for (SootMethod t : c.targets().application()) {
          callSitesOf.computeIfAbsent(t, k -> new ArrayList<>()).add(c);
          callerOf.put(c, m);
          if (MethodEscapeGraph.isLambdaFactory(t)) {
            lambdaCreations.computeIfAbsent(t.getDeclaringClass(), k -> new ArrayList<>()).add(c);
          }
        }
        if (c.targets().library() || c.targets().unknown()) {
          for (soot.Value arg : c.call().getArgs()) {
            if (arg.getType() instanceof soot.RefType rt) {
              passedToLibrary.add(rt.getClassName());
            }
          }
        }
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

  public EscapeState resolve(SootMethod m, Escapes e) {
    if (e.has(Escapes.GLOBAL)) {
      return EscapeState.GLOBAL;
    }
    EscapeState state = e.has(Escapes.USER_DATA) ? EscapeState.USER_DATA : EscapeState.NO_ESCAPE;
    if (e.has(Escapes.RETURNED)) {
      state = max(state, context(new Key(m, RETURN)));
    }
    for (int k : e.paramIndexes()) {
      if (state == EscapeState.GLOBAL) {
        break;
      }
      state = max(state, context(new Key(m, k)));
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
    if (m.equals(closure)) {
      return key.what() == RETURN ? EscapeState.RETURNED : closureParameter(key.what());
    }
    EscapeState state = EscapeState.NO_ESCAPE;
    if (reach.callbacks().contains(m)) {
      SootClass lambda = m.getDeclaringClass();
      if (key.what() == -1) {
        // The receiver is the lambda object: it lives where its creation escapes to.
        for (MethodEscapeGraph.CallSiteNodes c : lambdaCreations.getOrDefault(lambda, List.of())) {
          SootMethod creator = callerOf.get(c);
          if (c.result() >= 0) {
            state = max(state, resolve(creator, summaries.graph(creator).loc(c.result())));
          }
        }
      } else if (lambda.getInterfaces().stream().anyMatch(i -> passedToLibrary.contains(i.getName()))) {
        // Library code we did not analyze calls it: its arguments and result are unknown.
        return EscapeState.GLOBAL;
      }
    }
    for (MethodEscapeGraph.CallSiteNodes c : callSitesOf.getOrDefault(m, List.of())) {
      SootMethod caller = callerOf.get(c);
      MethodEscapeGraph g = summaries.graph(caller);
      if (key.what() == RETURN) {
        if (c.result() >= 0) {
          state = max(state, resolve(caller, g.esc(c.result())));
        }
      } else {
        int arg = c.args().length > key.what() + 1 ? c.args()[key.what() + 1] : -1;
        if (arg >= 0) {
          state = max(state, resolve(caller, g.loc(arg)));
        }
      }
      if (state == EscapeState.GLOBAL) {
        break;
      }
    }
    return state;
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

package dev.orthrus.analysis.escape;

import dev.orthrus.analysis.AnalysisProgress;
import dev.orthrus.analysis.program.Reachability;
import dev.orthrus.analysis.program.SootProgram;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import soot.Body;
import soot.SootMethod;

/**
 * Method summaries for a set of application methods closed under calls, computed bottom-up to a
 * fixpoint (summaries only grow, so recursion terminates), and the final escape graph of each.
 */
public final class EscapeSummaries {

  private final SootProgram program;
  private final Map<SootMethod, MethodSummary> summaries = new HashMap<>();
  private final Map<SootMethod, MethodEscapeGraph> graphs = new HashMap<>();

  /** Each method's pseudo-parameters, in the order found; rebuilding a graph only appends. */
  private final Map<SootMethod, List<MethodSummary.ParamField>> paramFields = new HashMap<>();

  private EscapeSummaries(SootProgram program) {
    this.program = program;
  }

  public static EscapeSummaries compute(
      SootProgram program, Collection<SootMethod> methods, AnalysisProgress progress) {
    EscapeSummaries s = new EscapeSummaries(program);
    s.run(new LinkedHashSet<>(methods), progress);
    return s;
  }

  private void run(Set<SootMethod> methods, AnalysisProgress progress) {
    Map<SootMethod, Set<SootMethod>> callers = new HashMap<>();
    Deque<SootMethod> work = new ArrayDeque<>(bottomUp(methods));
    Set<SootMethod> queued = new HashSet<>(methods);
    int processed = 0;
    long limit = 50L * Math.max(1, methods.size()) + 1000;
    while (!work.isEmpty()) {
      SootMethod m = work.poll();
      queued.remove(m);
      Body body = program.body(m);
      if (body == null) {
        continue;
      }
      MethodEscapeGraph g =
          MethodEscapeGraph.build(
              m, body, program, this, paramFields.computeIfAbsent(m, k -> new ArrayList<>()));
      graphs.put(m, g);
      for (MethodEscapeGraph.CallSiteNodes c : g.calls()) {
        for (SootMethod t : c.targets().application()) {
          callers.computeIfAbsent(t, k -> new HashSet<>()).add(m);
          // What the JDK does with a lambda created here depends on the lambda's own summary.
          for (SootMethod callback : Reachability.callbacksCreatedBy(t, program)) {
            callers.computeIfAbsent(callback, k -> new HashSet<>()).add(m);
          }
        }
      }
      MethodSummary latest = g.summary();
      MethodSummary current = summaries.get(m);
      boolean changed;
      if (current == null) {
        // The first summary also tells callers which pseudo-parameters there are.
        summaries.put(m, latest);
        changed = true;
      } else {
        changed = current.absorb(latest);
      }
      if (changed) {
        for (SootMethod caller : callers.getOrDefault(m, Set.of())) {
          if (methods.contains(caller) && queued.add(caller)) {
            work.add(caller);
          }
        }
      }
      if (++processed % 500 == 0) {
        // Methods are revisited until the fixpoint; count each once so done never passes total.
        progress.step("summaries", graphs.size(), methods.size());
      }
      if (processed > limit) {
        throw new IllegalStateException(
            "escape summaries did not converge after " + processed + " steps");
      }
    }
    progress.step("summaries", methods.size(), methods.size());
  }

  /**
   * The methods with callees before callers (a depth-first post-order over the call graph), so that
   * most methods are first analyzed with their callees' summaries already there.
   */
  private List<SootMethod> bottomUp(Set<SootMethod> methods) {
    List<SootMethod> order = new ArrayList<>();
    Set<SootMethod> seen = new HashSet<>();
    for (SootMethod root : methods) {
      if (!seen.add(root)) {
        continue;
      }
      // Iterative DFS: each frame is a method and the callees still to visit.
      Deque<SootMethod> stack = new ArrayDeque<>(List.of(root));
      Deque<java.util.Iterator<SootMethod>> pending =
          new ArrayDeque<>(List.of(callees(root, methods).iterator()));
      while (!stack.isEmpty()) {
        java.util.Iterator<SootMethod> next = pending.peek();
        if (next.hasNext()) {
          SootMethod callee = next.next();
          if (seen.add(callee)) {
            stack.push(callee);
            pending.push(callees(callee, methods).iterator());
          }
        } else {
          order.add(stack.pop());
          pending.pop();
        }
      }
    }
    return order;
  }

  private List<SootMethod> callees(SootMethod m, Set<SootMethod> methods) {
    Body body = program.body(m);
    if (body == null) {
      return List.of();
    }
    List<SootMethod> out = new ArrayList<>();
    for (soot.Unit u : body.getUnits()) {
      soot.jimple.Stmt s = (soot.jimple.Stmt) u;
      if (s.containsInvokeExpr()) {
        for (SootMethod t : program.targets(s.getInvokeExpr(), body).application()) {
          if (methods.contains(t)) {
            out.add(t);
          }
        }
      }
    }
    return out;
  }

  /** A union of summaries and the versions of the summaries it was made from. */
  private record Union(MethodSummary summary, List<MethodSummary> from, int[] versions) {

    boolean current(List<MethodSummary> now) {
      for (int i = 0; i < now.size(); i++) {
        if (now.get(i) != from.get(i) || now.get(i).version() != versions[i]) {
          return false;
        }
      }
      return true;
    }
  }

  private final Map<List<SootMethod>, Union> unions = new HashMap<>();

  /**
   * One summary for a call that may run any of these methods; cached until one of theirs changes.
   */
  MethodSummary unionOf(List<SootMethod> targets) {
    List<MethodSummary> all = new ArrayList<>();
    for (SootMethod t : targets) {
      all.add(summaryOf(t));
    }
    Union cached = unions.get(targets);
    if (cached != null && cached.current(all)) {
      return cached.summary();
    }
    MethodSummary union = MethodSummary.union(all);
    unions.put(
        targets, new Union(union, all, all.stream().mapToInt(MethodSummary::version).toArray()));
    return union;
  }

  /** The summary of an application method; an empty one until it has been analyzed. */
  public MethodSummary summaryOf(SootMethod m) {
    return summaries.computeIfAbsent(m, k -> new MethodSummary(k.getParameterCount()));
  }

  /** The escape graph of the method as of the final summaries, or null if it has no body. */
  public MethodEscapeGraph graph(SootMethod m) {
    return graphs.get(m);
  }
}

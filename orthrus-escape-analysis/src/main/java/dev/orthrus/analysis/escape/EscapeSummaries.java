package dev.orthrus.analysis.escape;

import dev.orthrus.analysis.AnalysisProgress;
import dev.orthrus.analysis.program.SootProgram;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
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
    Deque<SootMethod> work = new ArrayDeque<>(methods);
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
      MethodEscapeGraph g = MethodEscapeGraph.build(m, body, program, this::summaryOf);
      graphs.put(m, g);
      for (MethodEscapeGraph.CallSiteNodes c : g.calls()) {
        for (SootMethod t : c.targets().application()) {
          callers.computeIfAbsent(t, k -> new HashSet<>()).add(m);
        }
      }
      MethodSummary current = summaries.computeIfAbsent(m, k -> new MethodSummary(k.getParameterCount()));
      if (current.absorb(g.summary())) {
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
        throw new IllegalStateException("escape summaries did not converge after " + processed + " steps");
      }
    }
    progress.step("summaries", methods.size(), methods.size());
  }

  /** The summary of an application method; an empty one until it has been analyzed. */
  public MethodSummary summaryOf(SootMethod m) {
    MethodSummary s = summaries.get(m);
    return s != null ? s : new MethodSummary(m.getParameterCount());
  }

  /** The escape graph of the method as of the final summaries, or null if it has no body. */
  public MethodEscapeGraph graph(SootMethod m) {
    return graphs.get(m);
  }
}

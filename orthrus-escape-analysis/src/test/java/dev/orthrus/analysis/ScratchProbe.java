package dev.orthrus.analysis;

import dev.orthrus.analysis.escape.EscapeSummaries;
import dev.orthrus.analysis.escape.MethodEscapeGraph;
import dev.orthrus.analysis.program.MethodIds;
import dev.orthrus.analysis.program.Reachability;
import dev.orthrus.analysis.program.SootProgram;
import org.junit.jupiter.api.Test;
import soot.SootMethod;

class ScratchProbe {
  @Test
  void probe() {
    String suite = System.getProperty("probe.suite", "corpus");
    String closure = System.getProperty("probe.closure", "adopt");
    SootProgram p = SootProgram.load(AnalysisInput.of(Fixtures.compile(suite)), AnalysisProgress.NONE);
    try {
      SootMethod c = p.bodies().keySet().stream().filter(m -> m.getName().equals(closure)).findFirst().orElseThrow();
      Reachability r = Reachability.from(c, p);
      EscapeSummaries s = EscapeSummaries.compute(p, r.methods(), AnalysisProgress.NONE);
      for (SootMethod m : r.methods()) {
        MethodEscapeGraph g = s.graph(m);
        System.out.println("== " + MethodIds.of(m) + (r.callbacks().contains(m) ? " (callback)" : "") + " summary " + s.summaryOf(m));
        if (g == null) continue;
        g.localNodes().forEach((l, n) -> System.out.println("  " + l + " #" + n + " esc=" + g.esc(n) + " loc=" + g.loc(n) + " src=" + g.src(n) + " uses=" + g.functionalUses(n).size() + (g.functionalUses(n).stream().anyMatch(u -> u.unsafe()) ? " UNSAFE" : "")));
        g.allocations().forEach(a -> System.out.println("  alloc " + a.type() + " " + a.kind() + " esc=" + g.esc(a.node())));
        g.calls().forEach(cs -> System.out.println("  call " + cs.call().getMethodRef().getName() + " app=" + cs.targets().application().size() + " lib=" + cs.targets().library() + " r#" + cs.result() + " esc(r)=" + g.esc(cs.result())));
      }
    } finally {
      p.close();
    }
  }
}

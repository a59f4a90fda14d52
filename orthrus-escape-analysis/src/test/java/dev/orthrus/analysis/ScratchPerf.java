package dev.orthrus.analysis;

import dev.orthrus.analysis.escape.EscapeSummaries;
import dev.orthrus.analysis.program.SootProgram;
import java.nio.file.Path;

final class ScratchPerf {
  public static void main(String[] args) {
    SootProgram p = SootProgram.load(AnalysisInput.of(Path.of(args[0])), AnalysisProgress.NONE);
    System.out.printf("loaded %d methods%n", p.bodies().size());
    try {
      for (int i = 0; i < Integer.parseInt(args[1]); i++) {
        long t0 = System.nanoTime();
        EscapeSummaries.compute(p, p.bodies().keySet(), AnalysisProgress.NONE);
        System.out.printf("summaries %.2fs%n", (System.nanoTime() - t0) / 1e9);
      }
    } finally {
      p.close();
    }
  }
}

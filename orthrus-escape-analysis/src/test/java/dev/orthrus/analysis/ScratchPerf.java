package dev.orthrus.analysis;

import dev.orthrus.analysis.escape.EscapeSummaries;
import dev.orthrus.analysis.program.SootProgram;
import java.nio.file.Path;

final class ScratchPerf {
  public static void main(String[] args) {
    SootProgram p = SootProgram.load(AnalysisInput.of(Path.of(args[0])), AnalysisProgress.NONE);
    long t0 = System.nanoTime();
    System.out.printf("loaded %d methods%n", p.bodies().size());
    try {
      EscapeSummaries.compute(p, p.bodies().keySet(), (phase, done, total) -> {
        Runtime rt = Runtime.getRuntime();
        System.out.printf("%s %d/%d %.1fs heap %d MiB%n", phase, done, total, (System.nanoTime() - t0) / 1e9,
            (rt.totalMemory() - rt.freeMemory()) >> 20);
      });
    } finally {
      p.close();
    }
    System.out.printf("done %.1fs%n", (System.nanoTime() - t0) / 1e9);
  }
}

package dev.orthrus.analysis;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * Measures the suggest-mode analysis on third-party jars (not a unit test: a 60-second budget does
 * not belong in the test suite). One jar per JVM gives an honest peak-heap figure:
 *
 * <pre>
 * mvn -B -o -q -pl orthrus-escape-analysis dependency:build-classpath -Dmdep.outputFile=/tmp/ea-cp.txt
 * java -cp orthrus-escape-analysis/target/test-classes:orthrus-escape-analysis/target/classes:$(cat /tmp/ea-cp.txt) \
 *     dev.orthrus.analysis.MeasureLibraries JAR [CLASSPATH-JAR...]
 * </pre>
 */
public final class MeasureLibraries {

  private MeasureLibraries() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      System.err.println("usage: MeasureLibraries JAR [CLASSPATH-JAR...]");
      System.exit(2);
    }
    Path jar = Path.of(args[0]);
    List<Path> classpath = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      classpath.add(Path.of(args[i]));
    }
    long classes;
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      classes =
          zip.stream()
              .filter(e -> e.getName().endsWith(".class") && !e.getName().contains("module-info"))
              .count();
    }
    List<MemoryPoolMXBean> heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP)
            .toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long start = System.nanoTime();
    AnalysisReport report =
        EscapeAnalyzer.analyze(
            AnalysisInput.of(jar).withClasspath(classpath).withSuggest(true),
            AnalysisProgress.NONE);
    double seconds = (System.nanoTime() - start) / 1e9;
    long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    System.out.printf(
        "%s: %d classes in jar, %d application classes (with lambdas), %d methods, %.1f s"
            + " (load %.1f s, analysis %.1f s), peak heap %d MiB of max %d MiB, %d missing classes,"
            + " %d suggestions%n",
        jar.getFileName(),
        classes,
        report.stats().applicationClasses(),
        report.stats().methodsAnalyzed(),
        seconds,
        report.stats().loadMillis() / 1e3,
        report.stats().analysisMillis() / 1e3,
        peak >> 20,
        Runtime.getRuntime().maxMemory() >> 20,
        report.missingClasses().size(),
        report.suggestions().size());
    report.suggestions().stream()
        .limit(3)
        .forEach(s -> System.out.println("  " + s.score() + " " + s.method()));
  }
}

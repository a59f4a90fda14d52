package dev.orthrus.analysis;

import dev.orthrus.model.ClosureReport;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to analyze.
 *
 * @param classes class folders and jars whose code is analyzed (the application)
 * @param classpath folders and jars that only resolve references (dependencies); their bodies are
 *     not analyzed, calls into them use the library model or are treated as may-escape
 * @param processorReport the processor's {@code closures.json}, or null; its closures are merged
 *     with the ones found from {@code @Closure} annotations in the bytecode
 * @param suggest also rank candidate closures (for code that has no {@code @Closure} yet)
 */
public record AnalysisInput(
    List<Path> classes, List<Path> classpath, ClosureReport processorReport, boolean suggest) {

  public AnalysisInput {
    classes = List.copyOf(Objects.requireNonNull(classes, "classes"));
    classpath = List.copyOf(Objects.requireNonNull(classpath, "classpath"));
  }

  /** Analyze these folders or jars with an empty classpath, no processor report, no suggestions. */
  public static AnalysisInput of(Path... classes) {
    return new AnalysisInput(List.of(classes), List.of(), null, false);
  }

  public AnalysisInput withClasspath(List<Path> entries) {
    return new AnalysisInput(classes, entries, processorReport, suggest);
  }

  public AnalysisInput withProcessorReport(ClosureReport report) {
    return new AnalysisInput(classes, classpath, report, suggest);
  }

  public AnalysisInput withSuggest(boolean enabled) {
    return new AnalysisInput(classes, classpath, processorReport, enabled);
  }
}

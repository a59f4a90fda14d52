package dev.orthrus.cli.analyze;

import dev.orthrus.analysis.AnalysisReport;
import dev.orthrus.cli.compile.CompilerMessage;
import dev.orthrus.cli.compile.SourceCompilation;
import dev.orthrus.model.ClosureModel;
import dev.orthrus.model.ClosureReport;
import dev.orthrus.model.report.FindingTotals;
import dev.orthrus.rewriter.InstrumentCheck;
import java.util.List;

/**
 * What one analysis produced.
 *
 * @param report the processor's closure report: from the source stage, or read from the analyzed
 *     classes' {@code META-INF/orthrus/closures.json}; null when there is none (javac stopped
 *     early, or the classes were compiled without the processor)
 * @param markdown the Markdown closure report beside it, or null
 * @param compilation what javac said, or null when nothing was compiled (classes were given)
 * @param bytecode the bytecode analysis, or null when it did not run
 * @param rewriter what the protected build's rewriter makes of the sources, or null when it did not
 *     run (no sources, or the processor reported errors)
 */
public record AnalysisResult(
    ClosureReport report,
    String markdown,
    SourceCompilation.Result compilation,
    AnalysisReport bytecode,
    InstrumentCheck rewriter) {

  /** The key under which the processor reports its own crashes, so javac never crashes. */
  public static final String INTERNAL_KEY = "orthrus.internal";

  /**
   * The report to print: the bytecode analysis merged with the processor's report when it ran, and
   * the rewriter's findings when it ran.
   */
  public ClosureReport merged() {
    ClosureReport merged = bytecode != null ? bytecode.toClosureReport() : report;
    return rewriter == null || merged == null ? merged : RewriterStage.merge(merged, rewriter);
  }

  /** Errors from javac itself: the sources are broken, independently of any Orthrus rule. */
  public List<CompilerMessage> compileErrors() {
    if (compilation == null) {
      return List.of();
    }
    return compilation.errors().stream()
        .filter(m -> !m.isOrthrus() && !m.isFromProcessor())
        .toList();
  }

  /**
   * Errors the processor reported about itself rather than about the user's code: messages that are
   * not rule findings, and its {@value #INTERNAL_KEY} reports of an unexpected exception.
   */
  public List<CompilerMessage> processorErrors() {
    if (compilation == null) {
      return List.of();
    }
    return compilation.errors().stream()
        .filter(m -> (!m.isOrthrus() && m.isFromProcessor()) || INTERNAL_KEY.equals(m.ruleKey()))
        .toList();
  }

  /** Orthrus diagnostics reported through javac, of every severity. */
  public List<CompilerMessage> ruleMessages() {
    if (compilation == null) {
      return List.of();
    }
    return compilation.messages().stream().filter(CompilerMessage::isOrthrus).toList();
  }

  /** An Orthrus rule reported an error, through javac, in the report or in the rewriter's check. */
  public boolean hasRuleErrors() {
    return ruleMessages().stream().anyMatch(CompilerMessage::isError)
        || (report != null && report.hasErrors())
        || (rewriter != null && !rewriter.problems().isEmpty());
  }

  /**
   * How many violations the bytecode analysis found (unversioned writes, thread starts) in
   * closures, counted as the report header counts them.
   */
  public int violationCount() {
    ClosureReport merged = merged();
    return merged == null ? 0 : FindingTotals.of(merged).bytecode().errors();
  }

  /** Closures in the printed report. */
  public List<ClosureModel> closures() {
    ClosureReport merged = merged();
    return merged == null ? List.of() : merged.closures();
  }
}

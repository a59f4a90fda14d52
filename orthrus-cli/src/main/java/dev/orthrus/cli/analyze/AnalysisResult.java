package dev.orthrus.cli.analyze;

import dev.orthrus.cli.compile.CompilerMessage;
import dev.orthrus.cli.compile.SourceCompilation;
import dev.orthrus.model.ClosureReport;
import java.util.List;

/**
 * What one analysis produced.
 *
 * @param report the closure report, or null when the processor wrote none (javac stopped early)
 * @param markdown the Markdown closure report beside it, or null
 * @param compilation what javac said
 */
public record AnalysisResult(ClosureReport report, String markdown, SourceCompilation.Result compilation) {

  /** The key under which the processor reports its own crashes, so javac never crashes. */
  public static final String INTERNAL_KEY = "orthrus.internal";

  /** Errors from javac itself: the sources are broken, independently of any Orthrus rule. */
  public List<CompilerMessage> compileErrors() {
    return compilation.errors().stream().filter(m -> !m.isOrthrus() && !m.isFromProcessor()).toList();
  }

  /**
   * Errors the processor reported about itself rather than about the user's code: messages that
   * are not rule findings, and its {@value #INTERNAL_KEY} reports of an unexpected exception.
   */
  public List<CompilerMessage> processorErrors() {
    return compilation.errors().stream()
        .filter(m -> (!m.isOrthrus() && m.isFromProcessor()) || INTERNAL_KEY.equals(m.ruleKey()))
        .toList();
  }

  /** Orthrus diagnostics reported through javac, of every severity. */
  public List<CompilerMessage> ruleMessages() {
    return compilation.messages().stream().filter(CompilerMessage::isOrthrus).toList();
  }

  /** An Orthrus rule reported an error, through javac or in the report. */
  public boolean hasRuleErrors() {
    return ruleMessages().stream().anyMatch(CompilerMessage::isError)
        || (report != null && report.hasErrors());
  }
}

package dev.orthrus.cli.analyze;

import dev.orthrus.analysis.AnalysisException;
import dev.orthrus.analysis.AnalysisInput;
import dev.orthrus.analysis.AnalysisProgress;
import dev.orthrus.analysis.AnalysisReport;
import dev.orthrus.analysis.EscapeAnalyzer;
import dev.orthrus.cli.BadInputException;
import dev.orthrus.cli.compile.BundledClasses;
import dev.orthrus.cli.compile.TemporaryFolders;
import dev.orthrus.model.ClosureReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The bytecode stage of {@code orthrus analyze}: the Soot analysis of compiled classes (call graph,
 * escape states, tags, violations, suggestions), merged with the processor's report when there is
 * one. Progress goes to the log (stderr); the analysis's own failures become the CLI's kinds of
 * failure: unusable input is a {@link BadInputException}, anything else an internal error.
 */
public final class BytecodeStage {

  private final PrintWriter log;
  private final boolean suggest;

  /**
   * @param log where progress lines go (stderr)
   * @param suggest also rank candidate closures
   */
  public BytecodeStage(PrintWriter log, boolean suggest) {
    this.log = log;
    this.suggest = suggest;
  }

  /**
   * @param what names the classes in the progress line ("the compiled classes", a jar's path)
   * @param classes folders and jars to analyze
   * @param classpath folders and jars that only resolve references
   * @param processorReport the source stage's report, or null
   */
  public AnalysisReport run(
      String what, List<Path> classes, List<Path> classpath, ClosureReport processorReport) {
    List<Path> everything = new ArrayList<>(classes);
    everything.addAll(classpath);
    // Classes compiled elsewhere refer to @Closure and @UserData, and a protected build's to the
    // runtime; without them on the classpath the analysis would name Orthrus's own classes as
    // missing dependencies.
    Path bundled = TemporaryFolders.create("orthrus-bundled-");
    try {
      if (!BundledClasses.supplyMissing(everything, bundled)) {
        return analyze(what, classes, classpath, processorReport);
      }
      List<Path> withBundled = new ArrayList<>(classpath);
      withBundled.add(bundled);
      return analyze(what, classes, withBundled, processorReport);
    } finally {
      TemporaryFolders.delete(bundled, log);
    }
  }

  private AnalysisReport analyze(
      String what, List<Path> classes, List<Path> classpath, ClosureReport processorReport) {
    AnalysisInput input = new AnalysisInput(classes, classpath, processorReport, suggest);
    log.printf(
        "orthrus analyze: bytecode analysis of %s%s%n",
        what,
        classpath.isEmpty()
            ? ""
            : " ("
                + classpath.size()
                + " classpath entr"
                + (classpath.size() == 1 ? "y)" : "ies)"));
    log.flush();
    try {
      AnalysisReport report = EscapeAnalyzer.analyze(input, new ProgressLog(log, System::nanoTime));
      log.printf(
          Locale.ROOT,
          "orthrus analyze: analyzed %d classes (%d methods) in %.1f s%n",
          report.stats().applicationClasses(),
          report.stats().methodsAnalyzed(),
          (report.stats().loadMillis() + report.stats().analysisMillis()) / 1000.0);
      log.flush();
      return report;
    } catch (AnalysisException e) {
      if (e.badInput()) {
        throw new BadInputException(e.getMessage(), e);
      }
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * Prints a phase when it starts and when it ends, and in between at most once a second, so a long
   * run shows it is moving without flooding the terminal.
   */
  static final class ProgressLog implements AnalysisProgress {

    private static final long INTERVAL_NANOS = 1_000_000_000L;

    private final PrintWriter log;
    private final LongSupplier clock;
    private String phase;
    private long lastPrinted;
    private boolean phaseEndPrinted;

    ProgressLog(PrintWriter log, LongSupplier clock) {
      this.log = log;
      this.clock = clock;
    }

    @Override
    public void step(String phase, int done, int total) {
      long now = clock.getAsLong();
      boolean newPhase = !phase.equals(this.phase);
      if (newPhase) {
        phaseEndPrinted = false;
      } else if (phaseEndPrinted) {
        return;
      }
      // A phase may go on at or past its total (a fixpoint revisits units): its end shows once.
      boolean end = total > 0 && done >= total && !phaseEndPrinted;
      if (!newPhase && !end && now - lastPrinted < INTERVAL_NANOS) {
        return;
      }
      this.phase = phase;
      lastPrinted = now;
      phaseEndPrinted |= end;
      log.println(
          "orthrus analyze: "
              + phase
              + (total > 0 ? " " + done + "/" + total : done > 0 ? " " + done : ""));
      log.flush();
    }
  }
}

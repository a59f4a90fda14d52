package dev.orthrus.runtime;

import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.RuntimeStarter;
import dev.orthrus.runtime.validate.ValidationBudget;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Starts the process-wide runtime from system properties at the first closure call ({@link
 * Orthrus#runtime()} finds this class with {@code ServiceLoader}; decision 0026). Validators are
 * daemon threads, so the program ends when its own threads do; a shutdown hook then lets them
 * finish what was published (at most {@link #DRAIN_MILLIS}), stops them and prints a one-line
 * summary when something was detected or {@code -Dorthrus.summary=true}.
 */
public final class AutoStart implements RuntimeStarter {

  /** How long the shutdown hook waits for published executions to be validated. */
  static final long DRAIN_MILLIS = 2_000;

  /** For {@code ServiceLoader}. */
  public AutoStart() {}

  @Override
  public ClosureRuntime start() {
    RuntimeProperties.Settings settings = RuntimeProperties.parse(System::getProperty);
    if (settings.mode() == RuntimeProperties.Mode.OFF) {
      return Orthrus.validationOff();
    }
    OrthrusRuntime rt = OrthrusRuntime.start(settings.config());
    // 100% sampling means every execution: a thread waits for a free log rather than skip one.
    rt.blockWhenFull(settings.everyExecution());
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> atExit(rt, settings.summary(), System.err), "orthrus-shutdown"));
    return rt;
  }

  /** Drains and stops {@code rt}; prints the summary when asked or when something was detected. */
  static void atExit(OrthrusRuntime rt, boolean summary, PrintStream err) {
    boolean drained = rt.awaitDrained(DRAIN_MILLIS);
    rt.close();
    // Read after close, with the counts: validators stopping may still have validated some.
    long queued = drained ? 0 : rt.queuedLogs();
    long detections = rt.detections().count();
    if (summary || detections > 0) {
      err.println(summaryLine(rt, detections, queued));
      err.flush();
    }
  }

  static String summaryLine(OrthrusRuntime rt, long detections, long leftQueued) {
    Path reproducers = rt.config().reproducerDir;
    ValidationBudget budget = rt.validators().budget();
    if (budget != null) {
      budget.refresh();
    }
    return "orthrus: "
        + rt.validatedCount()
        + " executions validated, "
        + rt.notValidatedCount()
        + " not validated, "
        + detections
        + (detections == 1 ? " detection" : " detections")
        + (detections > 0 && reproducers != null ? " (reproducers in " + reproducers + ")" : "")
        + (leftQueued > 0
            ? "; " + leftQueued + " published executions left unvalidated at exit"
            : "")
        + (budget != null ? "; " + budget : "");
  }
}

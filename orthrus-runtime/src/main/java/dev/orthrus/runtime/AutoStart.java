package dev.orthrus.runtime;

import dev.orthrus.runtime.api.ClosureLog;
import dev.orthrus.runtime.api.ClosureRuntime;
import dev.orthrus.runtime.api.Detection;
import dev.orthrus.runtime.api.Orthrus;
import dev.orthrus.runtime.api.Overrides;
import dev.orthrus.runtime.api.RuntimeStarter;
import dev.orthrus.runtime.validate.ValidationBudget;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Starts the process-wide runtime from system properties at the first closure call ({@link
 * Orthrus#runtime()} finds this class with {@code ServiceLoader}; decision 0026). Validators are
 * daemon threads, so the program ends when its own threads do; a shutdown hook then lets them
 * finish what was published ({@link #DRAIN_MILLIS}, longer while they make progress), stops them
 * and prints a one-line summary when something was detected or {@code -Dorthrus.summary=true}.
 */
public final class AutoStart implements RuntimeStarter {

  /**
   * How long the shutdown hook waits for published executions to be validated, and goes on waiting,
   * a period at a time, while validators still make progress.
   */
  static final long DRAIN_MILLIS = 2_000;

  /** The longest the shutdown hook waits for validators that keep making progress. */
  static final long DRAIN_MAX_MILLIS = 20_000;

  /** For {@code ServiceLoader}. */
  public AutoStart() {}

  @Override
  public ClosureRuntime start() {
    return start(Runtime.getRuntime()::addShutdownHook);
  }

  /**
   * {@link #start()} with {@code addShutdownHook} standing for {@link Runtime#addShutdownHook}. A
   * program whose first closure call runs in its own shutdown hook (a flush at exit) starts the
   * runtime while the JVM is shutting down, which refuses new hooks: the runtime then runs without
   * its hook, validating what it can until the JVM halts, and prints no summary.
   */
  static ClosureRuntime start(Consumer<Thread> addShutdownHook) {
    RuntimeProperties.Settings settings = RuntimeProperties.parse(System::getProperty);
    if (settings.mode() == RuntimeProperties.Mode.OFF) {
      return Orthrus.validationOff();
    }
    OrthrusRuntime rt = OrthrusRuntime.start(settings.config());
    // 100% sampling means every execution: a thread waits for a free log rather than skip one.
    rt.blockWhenFull(settings.everyExecution());
    try {
      addShutdownHook.accept(
          new Thread(
              () ->
                  atExit(
                      rt,
                      settings.summary(),
                      settings.summaryFolder(),
                      settings.everyExecution(),
                      System.err),
              "orthrus-shutdown"));
    } catch (IllegalStateException shuttingDown) {
      PrintStream err = rt.config().err;
      if (err != null) {
        err.println(
            "orthrus: the first closure call came after the JVM began to shut down; executions"
                + " are validated while it lets validators run, and no summary is printed");
      }
    }
    return rt;
  }

  /**
   * Drains and stops {@code rt}; prints the summary when asked or when something was detected, and
   * writes it into {@code summaryFolder} when that is not null, saying whether every execution was
   * logged ({@code everyExecution}) or a sample.
   */
  static void atExit(
      OrthrusRuntime rt,
      boolean summary,
      Path summaryFolder,
      boolean everyExecution,
      PrintStream err) {
    boolean drained = drain(rt, DRAIN_MILLIS, DRAIN_MAX_MILLIS);
    rt.close();
    // Read after close, with the counts: validators stopping may still have validated some.
    long queued = drained ? 0 : rt.queuedLogs();
    long detections = rt.detections().count();
    boolean printed = summary || detections > 0;
    if (!printed && summaryFolder == null) {
      return;
    }
    String line = summaryLine(rt, detections, queued);
    String notValidated = notValidatedLine(rt);
    if (printed) {
      err.println(line);
      if (notValidated != null) {
        err.println(notValidated);
      }
      err.flush();
    }
    if (summaryFolder != null) {
      writeSummary(rt, detections, everyExecution, line, notValidated, summaryFolder, err);
    }
  }

  /** How many detections' lines the summary file holds ({@link #writeSummary}). */
  static final int DETECTIONS_WRITTEN = 3;

  /**
   * Writes the exit summary as {@code summary-PID.properties} in {@code folder}, for a tool that
   * cannot see this process's output after its last test (the Maven plugin reads it after
   * surefire's forks end): the counts ({@code validated}, {@code notValidated}, {@code detections},
   * {@code reproducersWritten}), {@code everyExecution}, the {@code reproducerFolder}, the printed
   * lines ({@code summary}, {@code notValidatedSummary}) and the lines of the first detections
   * ({@code detection.1} ...), which a test JVM may print after its last test, where no one reads
   * them. Written to a temporary file and moved into place, so that a reader never sees half of it;
   * a failure is printed, never thrown.
   */
  static void writeSummary(
      OrthrusRuntime rt,
      long detections,
      boolean everyExecution,
      String line,
      String notValidated,
      Path folder,
      PrintStream err) {
    Properties p = new Properties();
    p.setProperty("validated", Long.toString(rt.validatedCount()));
    p.setProperty("notValidated", Long.toString(rt.notValidatedCount()));
    p.setProperty("detections", Long.toString(detections));
    p.setProperty("reproducersWritten", Long.toString(rt.detections().reproducersWritten()));
    p.setProperty("everyExecution", Boolean.toString(everyExecution));
    Path reproducers = rt.config().reproducerDir;
    if (reproducers != null) {
      p.setProperty("reproducerFolder", reproducers.toString());
    }
    List<Detection> recent = rt.detections().recent();
    for (int i = 0; i < Math.min(DETECTIONS_WRITTEN, recent.size()); i++) {
      p.setProperty("detection." + (i + 1), "orthrus: " + recent.get(i).summary());
    }
    p.setProperty("summary", line);
    if (notValidated != null) {
      p.setProperty("notValidatedSummary", notValidated);
    }
    Path file = folder.resolve("summary-" + ProcessHandle.current().pid() + ".properties");
    Path partial = null;
    try {
      Files.createDirectories(folder);
      partial = Files.createTempFile(folder, "summary-", ".partial");
      try (Writer out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
        p.store(out, "Orthrus exit summary");
      }
      Files.move(
          partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | UnsupportedOperationException e) {
      err.println("orthrus: could not write the exit summary to " + file + ": " + e);
      err.flush();
      try {
        if (partial != null) {
          Files.deleteIfExists(partial);
        }
      } catch (IOException ignored) {
        // Already said the summary is missing; a leftover .partial file is never read.
      }
    }
  }

  /**
   * Waits for the published executions to be validated: {@code periodMillis}, then another period
   * each time the queue shrank in the last one (validators behind but working: a program at 100%
   * sampling whose executions take long to validate), at most {@code maxMillis} in all. Returns
   * whether everything was validated.
   */
  static boolean drain(OrthrusRuntime rt, long periodMillis, long maxMillis) {
    long queued = rt.queuedLogs();
    for (long waited = 0; waited < maxMillis; waited += periodMillis) {
      if (rt.awaitDrained(Math.min(periodMillis, maxMillis - waited))) {
        return true;
      }
      long now = rt.queuedLogs();
      if (now >= queued) {
        return false;
      }
      queued = now;
    }
    return false;
  }

  /** How many closures the summary names with their executions not validated. */
  static final int NOT_VALIDATED_NAMED = 3;

  /**
   * Which closures the executions not validated were of, most first, each with the first reason
   * met; null when every execution was validated.
   */
  static String notValidatedLine(OrthrusRuntime rt) {
    List<OrthrusRuntime.NotValidated> all = rt.notValidatedByClosure();
    if (all.isEmpty()) {
      return null;
    }
    StringBuilder line = new StringBuilder("orthrus: not validated: ");
    for (int i = 0; i < Math.min(NOT_VALIDATED_NAMED, all.size()); i++) {
      OrthrusRuntime.NotValidated n = all.get(i);
      line.append(i == 0 ? "" : "; ").append(n.closure()).append(' ').append(n.count().sum());
      line.append(" (").append(n.firstReason()).append(')');
    }
    if (all.size() > NOT_VALIDATED_NAMED) {
      line.append("; ").append(all.size() - NOT_VALIDATED_NAMED).append(" more closures");
    }
    return line.toString();
  }

  static String summaryLine(OrthrusRuntime rt, long detections, long leftQueued) {
    Path reproducers = rt.config().reproducerDir;
    ValidationBudget budget = rt.validators().budget();
    if (budget != null) {
      budget.refresh();
    }
    long forMemory = rt.skippedForMemory();
    long behind = rt.skippedCount() - rt.tooLargeCount() - forMemory;
    long routed = Overrides.routedCount();
    return "orthrus: "
        + rt.validatedCount()
        + (rt.validatedCount() == 1 ? " execution validated, " : " executions validated, ")
        + rt.notValidatedCount()
        + " not validated, "
        + detections
        + (detections == 1 ? " detection" : " detections")
        + (reproducers != null && rt.detections().reproducersWritten() > 0
            ? " (reproducers in " + reproducers + ")"
            : detections > 0 ? " (no reproducer written)" : "")
        + (leftQueued > 0
            ? "; " + leftQueued + " published executions left unvalidated at exit"
            : "")
        + (behind > 0 ? "; " + behind + " sampled executions not logged (validators behind)" : "")
        + (forMemory > 0
            ? "; "
                + forMemory
                + " sampled executions not logged (pending logs over the memory budget,"
                + " orthrus.memoryBudget)"
            : "")
        + (rt.tooLargeCount() > 0
            ? "; "
                + rt.tooLargeCount()
                + " sampled executions too large to log (more than "
                + ClosureLog.MAX_ENTRIES
                + " loads and stores), never validated"
            : "")
        + (routed > 0
            ? "; "
                + routed
                + " calls of closures ran an override that is not a closure, never validated"
                + " (annotate it @Closure in a protected build: orthrus.closure.unannotated-override)"
            : "")
        + (budget != null ? "; " + budget : "");
  }
}

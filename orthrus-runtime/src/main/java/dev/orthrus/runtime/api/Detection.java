package dev.orthrus.runtime.api;

import java.nio.file.Path;

/**
 * One detected silent data corruption: which closure, called from where, ran on which thread and
 * CPU, which validator CPU disagreed, and how. {@code expected} is the validator's output, {@code
 * actual} the application's. {@code caller} names the calling method ({@code Main.main}) when the
 * protected build's report lists it, else it is empty. {@code reproducer} is the saved log, or null
 * when none was written.
 */
public record Detection(
    String closureId,
    String closureName,
    int closureKey,
    int callerId,
    String caller,
    String appThread,
    int appCpu,
    int validatorCpu,
    MismatchKind kind,
    String detail,
    String expected,
    String actual,
    long timestampMillis,
    Path reproducer) {

  /**
   * One line naming the closure (name and id), the caller, the application thread and CPU, the
   * validator CPU, what differed and the reproducer file. A CPU the runtime could not read is -1.
   */
  public String summary() {
    String line =
        "SDC detected in closure "
            + closureName
            + " ("
            + closureId
            + "), caller "
            + callerId
            + (caller.isEmpty() ? "" : " (" + caller + ")")
            + ", thread "
            + appThread
            + ", CPU "
            + appCpu
            + (validatorCpu >= 0 ? ", validator CPU " + validatorCpu : ", by a control-path check")
            + ": "
            + kind
            + " "
            + detail
            + ": expected "
            + expected
            + ", actual "
            + actual
            + (reproducer == null ? "" : "; reproducer " + reproducer.toAbsolutePath());
    // Values and exception messages may hold line breaks; a detection stays one line of a log.
    return line.replaceAll("\\R", " ");
  }
}

package dev.orthrus.cli.demo;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One detection as the runtime prints it on the server's stderr ({@code Detection.summary()}, after
 * {@code orthrus: }): the closure, the caller's id, the application thread and CPU, the validator's
 * CPU (-1 for a control-path check), what differed, expected against actual, and the reproducer
 * file (null when none was written; {@code reproducerProblem} then says why, when writing failed).
 */
record DetectionLine(
    String closureName,
    String closureId,
    int callerId,
    String thread,
    int cpu,
    int validatorCpu,
    String kind,
    String detail,
    String expected,
    String actual,
    String reproducer,
    String reproducerProblem) {

  static final String PREFIX = "orthrus: SDC detected in closure ";

  private static final Pattern LINE =
      Pattern.compile(
          Pattern.quote(PREFIX)
              + "(\\S+) \\((.+?)\\), caller (-?\\d+)(?: \\([^)]*\\))?, thread (.+?), CPU (-?\\d+)"
              + "(?:, validator CPU (-?\\d+)|, by a control-path check): (\\S+) (.*?): expected (.*?),"
              + " actual (.*?)(?:; reproducer (.+?))?(?:; no reproducer written: (.+?))?"
              + "(?:; fail-stop policy: halting)?");

  /** The detection {@code line} reports, or empty when it is another line. */
  static Optional<DetectionLine> parse(String line) {
    Matcher m = LINE.matcher(line);
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(
        new DetectionLine(
            m.group(1),
            m.group(2),
            Integer.parseInt(m.group(3)),
            m.group(4),
            Integer.parseInt(m.group(5)),
            m.group(6) == null ? -1 : Integer.parseInt(m.group(6)),
            m.group(7),
            m.group(8),
            m.group(9),
            m.group(10),
            m.group(11),
            m.group(12)));
  }
}

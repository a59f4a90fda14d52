package dev.orthrus.cli.demo;

import dev.orthrus.benchmarks.kvcache.KvcacheBenchmark.Placement;
import java.util.List;

/**
 * What one demo showed. {@code instruction} is the one that was faulty last, after the {@code
 * failStops} (instructions whose corruption stopped the server before anything was detected);
 * {@code failStop} says how the last run's server stopped, or is null when it served to the end.
 * {@code timeToFirstDetectionMillis} counts from the first request of that run (-1: nothing
 * detected); {@code validated} and {@code fired} are -1 when not reported; {@code wrongReplies} are
 * replies the load generator found wrong; {@code replay} is null when no detection left a
 * reproducer ({@code reproducerProblem}: why the first write failed, or null).
 */
record DemoResult(
    long seed,
    int seconds,
    SiteChoice.Instruction instruction,
    int candidates,
    long every,
    List<String> failStops,
    String failStop,
    long timeToFirstDetectionMillis,
    int detections,
    long validated,
    long fired,
    long wrongReplies,
    double orthrusOpsPerSec,
    double vanillaOpsPerSec,
    Replay.Verdict replay,
    String reproducerProblem,
    Placement placement) {

  boolean detected() {
    return detections > 0;
  }
}

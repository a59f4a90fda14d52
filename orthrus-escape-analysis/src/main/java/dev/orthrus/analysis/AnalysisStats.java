package dev.orthrus.analysis;

/**
 * How big the analyzed program was and where the time went.
 *
 * @param applicationClasses classes analyzed (including synthetic lambda classes)
 * @param methodsAnalyzed method bodies analyzed
 * @param phantomClasses referenced classes that were found nowhere
 * @param loadMillis time to load classes and build bodies
 * @param analysisMillis time for summaries, closures and suggestions
 */
public record AnalysisStats(
    int applicationClasses,
    int methodsAnalyzed,
    int phantomClasses,
    long loadMillis,
    long analysisMillis) {}

package dev.orthrus.rewriter;

import java.nio.file.Path;
import java.util.List;

/**
 * What instrumentation produced.
 *
 * @param generatedSources the rewritten sources, one per input file, below the request's folder
 * @param closures ids of the closures now logged and validated
 * @param versionedClasses binary names of the {@code @UserData} classes that became versioned
 *     handles
 * @param exportedMethods ids of the methods that are not closures but have variants that other
 *     builds' closures call (decision 0075)
 * @param report the instrumentation report ({@link InstrumentReport}), written in the class output
 */
public record InstrumentResult(
    List<Path> generatedSources,
    List<String> closures,
    List<String> versionedClasses,
    List<String> exportedMethods,
    Path report) {

  public InstrumentResult {
    generatedSources = List.copyOf(generatedSources);
    closures = List.copyOf(closures);
    versionedClasses = List.copyOf(versionedClasses);
    exportedMethods = List.copyOf(exportedMethods);
  }
}

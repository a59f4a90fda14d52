package dev.orthrus.rewriter;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What to instrument and where to put the result.
 *
 * @param sourceRoots folders of the user's Java sources (packages below them)
 * @param classPath the class path the sources compile against; it must hold {@code
 *     orthrus-annotations} and {@code orthrus-runtime}, which the generated code calls
 * @param generatedSources where the rewritten sources are written, one file per input file, so a
 *     user can read what runs (by convention {@code target/generated-sources/orthrus})
 * @param classOutput where the protected classes are compiled to
 * @param release the {@code --release} of the user's build (17 or newer)
 */
public record InstrumentRequest(
    List<Path> sourceRoots,
    List<Path> classPath,
    Path generatedSources,
    Path classOutput,
    int release) {

  public InstrumentRequest {
    sourceRoots = List.copyOf(sourceRoots);
    classPath = List.copyOf(classPath);
    Objects.requireNonNull(generatedSources, "generatedSources");
    Objects.requireNonNull(classOutput, "classOutput");
    if (release < 17) {
      throw new IllegalArgumentException("release " + release + ": Orthrus needs Java 17 or newer");
    }
  }
}

package dev.orthrus.rewriter;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
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
 * @param sourceEncoding the encoding of the user's sources (the rewritten sources are written and
 *     compiled in UTF-8)
 * @param javacOptions options of the user's build that both javac runs must repeat ({@code
 *     -parameters}, {@code --enable-preview}, {@code --add-exports ...}): what changes how the
 *     sources compile or what the class files hold, not warnings or plugins
 */
public record InstrumentRequest(
    List<Path> sourceRoots,
    List<Path> classPath,
    Path generatedSources,
    Path classOutput,
    int release,
    Charset sourceEncoding,
    List<String> javacOptions) {

  public InstrumentRequest {
    sourceRoots = List.copyOf(sourceRoots);
    classPath = List.copyOf(classPath);
    Objects.requireNonNull(generatedSources, "generatedSources");
    Objects.requireNonNull(classOutput, "classOutput");
    Objects.requireNonNull(sourceEncoding, "sourceEncoding");
    javacOptions = List.copyOf(javacOptions);
    if (release < 17) {
      throw new IllegalArgumentException("release " + release + ": Orthrus needs Java 17 or newer");
    }
  }

  /** Sources in UTF-8, compiled with no option but the release. */
  public InstrumentRequest(
      List<Path> sourceRoots,
      List<Path> classPath,
      Path generatedSources,
      Path classOutput,
      int release) {
    this(
        sourceRoots,
        classPath,
        generatedSources,
        classOutput,
        release,
        StandardCharsets.UTF_8,
        List.of());
  }
}

package dev.orthrus.model;

import java.util.List;
import java.util.Objects;

/**
 * Everything Orthrus knows about the closures of one compilation (or one analyzed codebase): what
 * {@code META-INF/orthrus/closures.json} holds and what every report renders.
 *
 * @param schemaVersion {@link #SCHEMA_VERSION} when written by this version
 * @param generator who produced it, e.g. {@code orthrus-processor} or {@code
 *     orthrus-escape-analysis}
 * @param userDataTypes binary names of the {@code @UserData} classes seen
 * @param closures one entry per closure, ordered by id
 * @param diagnostics findings not attached to one closure (e.g. control-path writes of user data)
 * @param suppressions the {@code @SuppressWarnings} of the compilation that name Orthrus rules,
 *     which also silence the bytecode analysis's findings in the same declarations
 */
public record ClosureReport(
    int schemaVersion,
    String generator,
    List<String> userDataTypes,
    List<ClosureModel> closures,
    List<Diagnostic> diagnostics,
    List<Suppression> suppressions) {

  /** Raised whenever a field is removed or changes meaning; adding a field keeps the version. */
  public static final int SCHEMA_VERSION = 1;

  /** Where the processor writes the report in the class output. */
  public static final String RESOURCE_PATH = "META-INF/orthrus/closures.json";

  public ClosureReport {
    Objects.requireNonNull(generator, "generator");
    userDataTypes = List.copyOf(userDataTypes);
    closures = List.copyOf(closures);
    diagnostics = List.copyOf(diagnostics);
    suppressions = List.copyOf(suppressions);
  }

  /** A report without suppressions. */
  public ClosureReport(
      int schemaVersion,
      String generator,
      List<String> userDataTypes,
      List<ClosureModel> closures,
      List<Diagnostic> diagnostics) {
    this(schemaVersion, generator, userDataTypes, closures, diagnostics, List.of());
  }

  /** True when any closure or report-level diagnostic is an error. */
  public boolean hasErrors() {
    return diagnostics.stream().anyMatch(Diagnostic::isError)
        || closures.stream().flatMap(c -> c.diagnostics().stream()).anyMatch(Diagnostic::isError);
  }
}

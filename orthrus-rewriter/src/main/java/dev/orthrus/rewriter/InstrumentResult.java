package dev.orthrus.rewriter;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
 * @param notValidated for each closure, the uses that leave its executions not validated where they
 *     reach one: a shared object handed to code the log does not follow (decision 0055, {@code
 *     shared sb passed to new Res(...)}), user data whose overrides the JDK calls back ({@code Key
 *     passed to add(...), which may call back its equals, hashCode}), code of the sources that
 *     reaches user data and that the JVM runs as written ({@code Main.close() called by
 *     try-with-resources (Main.java:18), which runs it as written})
 * @param foreignOverrides methods of these sources that override a method of another module's
 *     user-data class and reach user data: that module's closures run them as written, one warning
 *     each
 * @param ruleWarnings the warnings of the processor's rules on the sources ({@code
 *     orthrus.userdata.write-outside-closure}, ...), one line each ({@code file:line:column: [key]
 *     message}): a build that runs the processor only through the rewriter shows them here
 */
public record InstrumentResult(
    List<Path> generatedSources,
    List<String> closures,
    List<String> versionedClasses,
    List<String> exportedMethods,
    Path report,
    Map<String, List<String>> notValidated,
    List<String> foreignOverrides,
    List<String> ruleWarnings) {

  public InstrumentResult {
    generatedSources = List.copyOf(generatedSources);
    closures = List.copyOf(closures);
    versionedClasses = List.copyOf(versionedClasses);
    exportedMethods = List.copyOf(exportedMethods);
    notValidated = Map.copyOf(notValidated);
    foreignOverrides = List.copyOf(foreignOverrides);
    ruleWarnings = List.copyOf(ruleWarnings);
  }

  /**
   * One warning per closure of {@link #notValidated}, in closure order, then one per {@link
   * #foreignOverrides}, for the build's log: a closure that builds but whose executions are not all
   * validated should not look fully protected.
   */
  public List<String> notValidatedWarnings() {
    List<String> warnings = new ArrayList<>();
    for (String closure : closures) {
      List<String> uses = notValidated.getOrDefault(closure, List.of());
      if (!uses.isEmpty()) {
        warnings.add(InstrumentCheck.notValidatedWarning(closure, uses));
      }
    }
    warnings.addAll(foreignOverrides);
    return warnings;
  }
}

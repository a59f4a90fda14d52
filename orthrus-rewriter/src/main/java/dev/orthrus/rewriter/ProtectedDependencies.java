package dev.orthrus.rewriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What the protected builds on a class path export: another module of a multi-module build, or a
 * library, that the rewriter instrumented writes its {@link InstrumentReport} next to its classes,
 * and a closure of this build that calls one of its closures (decision 0067) or of its methods with
 * variants (decision 0075) calls their variants.
 */
final class ProtectedDependencies {

  private ProtectedDependencies() {}

  /**
   * The closures and methods listed by the reports on {@code classPath}, leaving out {@code
   * classOutput} (this build's own classes, which may hold the report of a previous build; null:
   * none).
   *
   * @throws InstrumentException when a report cannot be read, naming the class path entry
   */
  static InstrumentReport exports(List<Path> classPath, Path classOutput)
      throws InstrumentException {
    Path own = classOutput == null ? null : classOutput.toAbsolutePath().normalize();
    List<InstrumentReport.Closure> closures = new ArrayList<>();
    List<InstrumentReport.Method> methods = new ArrayList<>();
    for (Path entry : classPath) {
      Path e = entry.toAbsolutePath().normalize();
      if (e.equals(own)) {
        continue;
      }
      String report;
      try {
        report = read(e);
      } catch (IOException ex) {
        throw problem(e, "cannot be read: " + ex.getMessage());
      }
      if (report == null) {
        continue;
      }
      try {
        InstrumentReport exported = InstrumentReport.exportsOf(report);
        closures.addAll(exported.closures());
        methods.addAll(exported.methods());
      } catch (IllegalArgumentException ex) {
        throw problem(e, ex.getMessage());
      }
    }
    return new InstrumentReport(closures, List.of(), methods);
  }

  /** The report in a classes folder or a jar, or null when it holds none. */
  private static String read(Path entry) throws IOException {
    if (Files.isDirectory(entry)) {
      Path report = entry.resolve(InstrumentReport.RESOURCE_PATH);
      return Files.isRegularFile(report) ? Files.readString(report, StandardCharsets.UTF_8) : null;
    }
    if (!Files.isRegularFile(entry) || !entry.getFileName().toString().endsWith(".jar")) {
      return null;
    }
    try (ZipFile jar = new ZipFile(entry.toFile())) {
      ZipEntry report = jar.getEntry(InstrumentReport.RESOURCE_PATH);
      if (report == null) {
        return null;
      }
      return new String(jar.getInputStream(report).readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static InstrumentException problem(Path entry, String what) {
    return new InstrumentException(
        List.of(
            new Problem(
                entry,
                0,
                0,
                "the Orthrus report of this protected dependency ("
                    + InstrumentReport.RESOURCE_PATH
                    + ") "
                    + (what.startsWith("cannot") ? what : "is not valid: " + what),
                "rebuild the dependency with this version of Orthrus, or build it vanilla"
                    + " (-Dorthrus.skip=true)")));
  }
}

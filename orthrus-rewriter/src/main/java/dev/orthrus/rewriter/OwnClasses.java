package dev.orthrus.rewriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The build's own class output on its class path. A Maven build compiles against its output folder,
 * which holds the classes of the very sources being instrumented: the vanilla ones {@code compile}
 * just wrote, or, in a build run again without {@code clean} ("Nothing to compile"), the protected
 * ones of the previous run. javac then took some of the sources' classes from those class files, so
 * a call of the sources' own user-data methods looked like library code touching the runtime's
 * static state: the method calling it lost its variants in the report, and the closures of another
 * module that call it ran it unlogged. The pipeline compiles against the output folder without the
 * classes the sources make; what else is there (classes another compiler wrote, such as Kotlin's)
 * stays.
 */
final class OwnClasses {

  private OwnClasses() {}

  /**
   * {@code classPath} with {@code output} (absent or null: unchanged) replaced by a copy, under
   * {@code copy}, of the class files in it that none of the {@code sources} (each mapped to its
   * source root) makes; left out when there is none.
   */
  static List<Path> hidden(List<Path> classPath, Path output, Map<Path, Path> sources, Path copy) {
    if (output == null) {
      return classPath;
    }
    Path own = output.toAbsolutePath().normalize();
    Set<String> stems = new HashSet<>();
    for (Map.Entry<Path, Path> source : sources.entrySet()) {
      String relative = source.getValue().relativize(source.getKey()).toString().replace('\\', '/');
      stems.add(relative.substring(0, relative.length() - ".java".length()));
    }
    List<Path> hidden = new ArrayList<>();
    for (Path entry : classPath) {
      if (!entry.toAbsolutePath().normalize().equals(own)) {
        hidden.add(entry);
      } else if (copyOthers(own, stems, copy)) {
        hidden.add(copy);
      }
    }
    return hidden;
  }

  /** Copies the class files the sources do not make; false when there is none. */
  private static boolean copyOthers(Path output, Set<String> stems, Path copy) {
    if (!Files.isDirectory(output)) {
      return false;
    }
    boolean any = false;
    try (Stream<Path> files = Files.walk(output)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String name = output.relativize(f).toString().replace('\\', '/');
        if (!name.endsWith(".class") || name.startsWith("META-INF/") || madeBy(name, stems)) {
          continue;
        }
        Path target = copy.resolve(name);
        Files.createDirectories(target.getParent());
        Files.copy(f, target);
        any = true;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the class output " + output, e);
    }
    return any;
  }

  /**
   * Whether class file {@code name} ({@code p/Counter$V.class}) is one a source makes: its
   * top-level class is the file's ({@code p/Counter}), or the processor's class for it ({@code
   * p/Counter_OrthrusClosures}).
   */
  private static boolean madeBy(String name, Set<String> stems) {
    String binary = name.substring(0, name.length() - ".class".length());
    int nested = binary.indexOf('$', binary.lastIndexOf('/') + 1);
    String top = nested < 0 ? binary : binary.substring(0, nested);
    int generated = top.indexOf("_Orthrus");
    return stems.contains(top) || (generated > 0 && stems.contains(top.substring(0, generated)));
  }
}

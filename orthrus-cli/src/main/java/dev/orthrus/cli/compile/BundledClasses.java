package dev.orthrus.cli.compile;

import dev.orthrus.annotations.Closure;
import dev.orthrus.rewriter.InstrumentReport;
import dev.orthrus.runtime.api.ClosureLog;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The Orthrus classes the CLI itself ships with. Sources that use {@code @Closure} need the
 * annotations on the compile classpath, and classes a protected build made refer to {@code
 * orthrus-runtime}; when the user's classpath lacks them (a plain source folder, a project whose
 * dependencies were never downloaded, a protected library whose pom does not name the runtime) the
 * CLI copies its own into the compilation's temporary folder, rather than putting its whole shaded
 * jar, with every library in it, on the user's classpath.
 */
public final class BundledClasses {

  /** Package folder of the annotations inside a jar or class folder. */
  static final String ANNOTATIONS_FOLDER = "dev/orthrus/annotations/";

  /** Package folder of the runtime (and its subpackages) inside a jar or class folder. */
  static final String RUNTIME_FOLDER = "dev/orthrus/runtime/";

  private static final String ANNOTATIONS_MARKER = ANNOTATIONS_FOLDER + "Closure.class";

  private static final String RUNTIME_MARKER = RUNTIME_FOLDER + "api/ClosureLog.class";

  private BundledClasses() {}

  /** True when some classpath entry provides {@code @Closure}. */
  public static boolean annotationsPresentOn(List<Path> classpath) {
    return provides(classpath, ANNOTATIONS_MARKER);
  }

  /** True when some classpath entry provides {@code orthrus-runtime}. */
  public static boolean runtimePresentOn(List<Path> classpath) {
    return provides(classpath, RUNTIME_MARKER);
  }

  /**
   * True when some entry is a protected build (a class folder or jar the rewriter made, holding its
   * instrumentation report), whose classes refer to {@code orthrus-runtime}.
   */
  public static boolean protectedBuildOn(List<Path> classpath) {
    return provides(classpath, InstrumentReport.RESOURCE_PATH);
  }

  /**
   * True when some class path entry, a folder or a jar, holds {@code file} (a path such as {@code
   * dev/orthrus/annotations/Closure.class}).
   */
  public static boolean provides(List<Path> classpath, String file) {
    for (Path entry : classpath) {
      if (Files.isDirectory(entry)) {
        if (Files.isRegularFile(entry.resolve(file))) {
          return true;
        }
      } else if (Files.isRegularFile(entry)) {
        try (ZipFile jar = new ZipFile(entry.toFile())) {
          if (jar.getEntry(file) != null) {
            return true;
          }
        } catch (IOException e) {
          // Not a readable jar: javac will say so; here it just does not provide the class.
        }
      }
    }
    return false;
  }

  /** Copies the annotation classes into {@code folder} (a class-folder layout) and returns it. */
  public static Path copyAnnotationsTo(Path folder) {
    return copy(codeSource(Closure.class), ANNOTATIONS_FOLDER, false, folder);
  }

  /**
   * Copies the runtime's classes, every package of it, into {@code folder} (a class-folder layout)
   * and returns it.
   */
  public static Path copyRuntimeTo(Path folder) {
    return copy(codeSource(ClosureLog.class), RUNTIME_FOLDER, true, folder);
  }

  /**
   * Copies into {@code folder} what classes on {@code classpath} need and it lacks: the
   * annotations, and the runtime when a protected build is there. The caller adds {@code folder} to
   * the class path when this returns true; false when nothing was missing.
   */
  public static boolean supplyMissing(List<Path> classpath, Path folder) {
    boolean copied = false;
    if (!annotationsPresentOn(classpath)) {
      copyAnnotationsTo(folder);
      copied = true;
    }
    if (protectedBuildOn(classpath) && !runtimePresentOn(classpath)) {
      copyRuntimeTo(folder);
      copied = true;
    }
    return copied;
  }

  private static Path copy(Path origin, String packageFolder, boolean subpackages, Path folder) {
    try {
      if (Files.isDirectory(origin)) {
        Path root = origin.resolve(packageFolder);
        try (Stream<Path> files = subpackages ? Files.walk(root) : Files.list(root)) {
          for (Path c : (Iterable<Path>) files::iterator) {
            if (Files.isRegularFile(c) && c.getFileName().toString().endsWith(".class")) {
              Path target = folder.resolve(origin.relativize(c).toString());
              Files.createDirectories(target.getParent());
              Files.copy(c, target);
            }
          }
        }
      } else {
        try (ZipFile jar = new ZipFile(origin.toFile())) {
          Enumeration<? extends ZipEntry> entries = jar.entries();
          while (entries.hasMoreElements()) {
            ZipEntry e = entries.nextElement();
            String name = e.getName();
            if (!e.isDirectory()
                && name.startsWith(packageFolder)
                && name.endsWith(".class")
                && (subpackages || name.indexOf('/', packageFolder.length()) < 0)) {
              Path target = folder.resolve(name);
              Files.createDirectories(target.getParent());
              try (InputStream in = jar.getInputStream(e)) {
                Files.copy(in, target);
              }
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot copy the classes of " + packageFolder + " from " + origin, e);
    }
    return folder;
  }

  /** The jar or class folder the CLI loaded {@code type} from: its own jar once shaded. */
  public static Path codeSource(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | NullPointerException | SecurityException e) {
      throw new IllegalStateException(
          "cannot locate the " + type.getName() + " class the CLI was built with", e);
    }
  }
}

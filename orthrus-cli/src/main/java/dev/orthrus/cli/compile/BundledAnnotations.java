package dev.orthrus.cli.compile;

import dev.orthrus.annotations.Closure;
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
 * The {@code orthrus-annotations} classes the CLI itself ships with. Sources that use
 * {@code @Closure} need them on the compile classpath; when the user's classpath lacks them (a
 * plain source folder, or a project whose dependencies were never downloaded) the CLI copies its
 * own into the compilation's temporary folder, rather than putting its whole shaded jar, with every
 * library in it, on the user's classpath.
 */
public final class BundledAnnotations {

  /** Package folder of the annotations inside a jar or class folder. */
  static final String PACKAGE_FOLDER = "dev/orthrus/annotations/";

  private static final String MARKER = PACKAGE_FOLDER + "Closure.class";

  private BundledAnnotations() {}

  /** True when some classpath entry provides {@code @Closure}. */
  public static boolean presentOn(List<Path> classpath) {
    return provides(classpath, MARKER);
  }

  /**
   * True when some class path entry, a folder or a jar, holds {@code classFile} (a path such as
   * {@code dev/orthrus/annotations/Closure.class}).
   */
  public static boolean provides(List<Path> classpath, String classFile) {
    for (Path entry : classpath) {
      if (Files.isDirectory(entry)) {
        if (Files.isRegularFile(entry.resolve(classFile))) {
          return true;
        }
      } else if (Files.isRegularFile(entry)) {
        try (ZipFile jar = new ZipFile(entry.toFile())) {
          if (jar.getEntry(classFile) != null) {
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
  public static Path copyTo(Path folder) {
    Path origin = origin();
    try {
      if (Files.isDirectory(origin)) {
        Path packageDir = origin.resolve(PACKAGE_FOLDER);
        try (Stream<Path> classes = Files.list(packageDir)) {
          for (Path c : (Iterable<Path>) classes::iterator) {
            Path target = folder.resolve(PACKAGE_FOLDER).resolve(c.getFileName().toString());
            Files.createDirectories(target.getParent());
            Files.copy(c, target);
          }
        }
      } else {
        try (ZipFile jar = new ZipFile(origin.toFile())) {
          Enumeration<? extends ZipEntry> entries = jar.entries();
          while (entries.hasMoreElements()) {
            ZipEntry e = entries.nextElement();
            String name = e.getName();
            if (!e.isDirectory()
                && name.startsWith(PACKAGE_FOLDER)
                && name.endsWith(".class")
                && name.indexOf('/', PACKAGE_FOLDER.length()) < 0) {
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
      throw new UncheckedIOException("cannot copy the orthrus annotations from " + origin, e);
    }
    return folder;
  }

  /**
   * A new temporary class folder holding the annotations; delete it with {@link
   * TemporaryFolders#delete}.
   */
  public static Path temporaryCopy() {
    return copyTo(TemporaryFolders.create("orthrus-annotations-"));
  }

  private static Path origin() {
    return codeSource(Closure.class);
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

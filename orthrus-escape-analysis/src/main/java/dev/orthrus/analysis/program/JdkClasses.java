package dev.orthrus.analysis.program;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Tells the JDK's own classes from a program's dependencies, and which Java release a program's
 * class files were compiled for. A JDK class that the running JDK lacks (say {@code
 * java.lang.MatchException}, new in Java 21, referenced by classes compiled for 21 and analyzed on
 * JDK 17) is no missing dependency the user could add: a newer JDK has it.
 */
public final class JdkClasses {

  /** Class file major version of Java 1.0 to 1.1; version {@code 44 + n} is Java {@code n}. */
  private static final int MAJOR_VERSION_OFFSET = 44;

  private static final int CLASS_MAGIC = 0xCAFEBABE;

  private static final Set<String> SYSTEM_PACKAGES = systemPackages();

  private JdkClasses() {}

  /**
   * A class of the Java platform: {@code java.*} (only the JDK may define those) and {@code jdk.*},
   * or in a package of one of the running JDK's modules ({@code javax.annotation.processing},
   * {@code sun.misc}, ...).
   */
  public static boolean isJdkClass(String className) {
    if (className.startsWith("java.") || className.startsWith("jdk.")) {
      return true;
    }
    int dot = className.lastIndexOf('.');
    return dot > 0 && SYSTEM_PACKAGES.contains(className.substring(0, dot));
  }

  private static Set<String> systemPackages() {
    Set<String> packages = new HashSet<>();
    for (ModuleReference m : ModuleFinder.ofSystem().findAll()) {
      ModuleDescriptor d = m.descriptor();
      packages.addAll(d.packages());
    }
    return Set.copyOf(packages);
  }

  /**
   * The newest Java feature release among the class files of these folders and jars (from each
   * class file's major version), or 0 when there is none. Unreadable files are skipped: loading the
   * classes reports those.
   */
  public static int newestRelease(List<Path> classFoldersAndJars) {
    int newest = 0;
    for (Path entry : classFoldersAndJars) {
      try {
        newest =
            Math.max(newest, Files.isDirectory(entry) ? newestInFolder(entry) : newestInJar(entry));
      } catch (IOException | RuntimeException e) {
        // Not readable here: the class loading names the problem.
      }
    }
    return newest;
  }

  private static int newestInFolder(Path folder) throws IOException {
    int newest = 0;
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
        try (InputStream in = Files.newInputStream(p)) {
          newest = Math.max(newest, release(in));
        }
      }
    }
    return newest;
  }

  private static int newestInJar(Path jar) throws IOException {
    int newest = 0;
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry e = entries.nextElement();
        // Multi-release jars keep newer variants under META-INF/versions: the base classes decide.
        if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
          try (InputStream in = zip.getInputStream(e)) {
            newest = Math.max(newest, release(in));
          }
        }
      }
    }
    return newest;
  }

  /** The feature release of one class file, or 0 when it is not one. */
  private static int release(InputStream in) throws IOException {
    DataInputStream data = new DataInputStream(in);
    if (data.readInt() != CLASS_MAGIC) {
      return 0;
    }
    data.readUnsignedShort(); // minor version
    return Math.max(0, data.readUnsignedShort() - MAJOR_VERSION_OFFSET);
  }
}

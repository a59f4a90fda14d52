package dev.orthrus.cli.compile;

import dev.orthrus.cli.BadInputException;

/**
 * The Java release sources are compiled for ({@code javac --release}), and where that choice came
 * from, so that an error can name it.
 *
 * @param feature the feature release, e.g. 17 or 21
 * @param origin what chose it: {@code --release}, {@code maven.compiler.release in pom.xml}, the
 *     running JDK
 */
public record JavaRelease(int feature, String origin) {

  /** The release of the JDK orthrus runs on: what javac compiles for by default. */
  public static JavaRelease runningJdk() {
    return new JavaRelease(Runtime.version().feature(), "the running JDK");
  }

  /**
   * Fails with a message that names the JDK to use when this JDK's javac cannot compile for the
   * release: a newer release needs a newer JDK (its class library is not here).
   */
  public void checkCompilable() {
    int running = Runtime.version().feature();
    if (feature > running) {
      throw new BadInputException(
          "the sources are compiled for Java "
              + feature
              + " ("
              + origin
              + "), but orthrus runs"
              + " on JDK "
              + running
              + " ("
              + System.getProperty("java.home")
              + "): run orthrus with JDK "
              + feature
              + " or newer (set JAVA_HOME, or use that JDK's java -jar orthrus.jar)"
              + (origin.startsWith("--release")
                  ? ""
                  : ", or pass --release "
                      + running
                      + " if the sources do not need Java "
                      + feature));
    }
  }

  @Override
  public String toString() {
    return "Java " + feature + " (" + origin + ")";
  }
}

package dev.orthrus.model.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Orthrus's version and home page, from the build ({@code orthrus.properties}, filled in by Maven
 * from the root pom's {@code orthrus.home} and the project version).
 */
public final class ToolInfo {

  private static final Properties PROPERTIES = load();

  private ToolInfo() {}

  /** The version of this Orthrus build, e.g. {@code 0.1.0-SNAPSHOT}. */
  public static String version() {
    return PROPERTIES.getProperty("version");
  }

  /** The project's home page, ending with {@code /}; rule documentation lives below it. */
  public static String homeUri() {
    return PROPERTIES.getProperty("home");
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = ToolInfo.class.getResourceAsStream("orthrus.properties")) {
      if (in == null) {
        throw new IllegalStateException("orthrus.properties is missing from the orthrus-model jar");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }
}

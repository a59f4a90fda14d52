package dev.orthrus.runtime.report;

import dev.orthrus.annotations.ClosureDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calling methods of a protected build's closures, by the caller id a detection carries: the
 * rewriter report ({@code META-INF/orthrus/instrumentation.json}) lists each call site as {@code
 * "Holder.FIELD <- owner#method(params)"}, and a caller's id is {@link ClosureDescriptor#keyOf} of
 * that method.
 */
public final class CallerNames {

  private static final String REPORT = "META-INF/orthrus/instrumentation.json";

  private static final Pattern CALL_SITE = Pattern.compile("\"[^\"<]* <- ([^\"]+)\"");

  /** The names of each class loader's reports, read at its first detection. */
  private static final Map<ClassLoader, CallerNames> BY_LOADER =
      Collections.synchronizedMap(new WeakHashMap<>());

  private final Map<Integer, String> byId;

  private CallerNames(Map<Integer, String> byId) {
    this.byId = byId;
  }

  /** The callers listed in {@code protectedClasses}' report; none when it cannot be read. */
  public static CallerNames of(Path protectedClasses) {
    try {
      return parse(Files.readString(protectedClasses.resolve(REPORT), StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new CallerNames(Map.of());
    }
  }

  /**
   * The callers listed in every report {@code loader} sees (each protected module's), read once per
   * loader; none when there is no loader or no report can be read.
   */
  static CallerNames of(ClassLoader loader) {
    if (loader == null) {
      return new CallerNames(Map.of());
    }
    return BY_LOADER.computeIfAbsent(loader, CallerNames::read);
  }

  private static CallerNames read(ClassLoader loader) {
    Map<Integer, String> byId = new HashMap<>();
    try {
      Enumeration<URL> reports = loader.getResources(REPORT);
      while (reports.hasMoreElements()) {
        try (InputStream in = reports.nextElement().openStream()) {
          byId.putAll(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)).byId);
        }
      }
    } catch (IOException e) {
      // Names are a convenience of the report: the ids still identify the callers.
    }
    return new CallerNames(byId);
  }

  public static CallerNames parse(String report) {
    Map<Integer, String> byId = new HashMap<>();
    Matcher m = CALL_SITE.matcher(report);
    while (m.find()) {
      byId.put(ClosureDescriptor.keyOf(m.group(1)), m.group(1));
    }
    return new CallerNames(byId);
  }

  /** {@code CommandHandler.retrieve} for the caller {@code id}, or null when it is not listed. */
  public String method(int id) {
    String method = byId.get(id);
    if (method == null) {
      return null;
    }
    String owner = method.substring(0, method.indexOf('#'));
    String name = method.substring(method.indexOf('#') + 1, method.indexOf('('));
    return owner.substring(owner.lastIndexOf('.') + 1) + "." + name;
  }

  /** {@link #method}, or {@code caller <id>} when it is not listed. */
  public String name(int id) {
    String method = method(id);
    return method == null ? "caller " + id : method;
  }
}

package dev.orthrus.cli.demo;

import dev.orthrus.annotations.ClosureDescriptor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The calling methods of a protected build's closures, by the caller id a detection prints: the
 * rewriter report ({@code META-INF/orthrus/instrumentation.json}) lists each call site as {@code
 * "Holder.FIELD <- owner#method(params)"}, and a caller's id is {@link ClosureDescriptor#keyOf} of
 * that method.
 */
final class CallerNames {

  private static final Pattern CALL_SITE = Pattern.compile("\"[^\"<]* <- ([^\"]+)\"");

  private final Map<Integer, String> byId;

  private CallerNames(Map<Integer, String> byId) {
    this.byId = byId;
  }

  /** The callers listed in {@code protectedClasses}' report; none when it cannot be read. */
  static CallerNames of(Path protectedClasses) {
    try {
      return parse(
          Files.readString(
              protectedClasses.resolve("META-INF/orthrus/instrumentation.json"),
              StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new CallerNames(Map.of());
    }
  }

  static CallerNames parse(String report) {
    Map<Integer, String> byId = new HashMap<>();
    Matcher m = CALL_SITE.matcher(report);
    while (m.find()) {
      byId.put(ClosureDescriptor.keyOf(m.group(1)), m.group(1));
    }
    return new CallerNames(byId);
  }

  /**
   * {@code CommandHandler.retrieve} for the caller {@code id}, or {@code caller <id>} when it is
   * not listed.
   */
  String name(int id) {
    String method = byId.get(id);
    if (method == null) {
      return "caller " + id;
    }
    String owner = method.substring(0, method.indexOf('#'));
    String name = method.substring(method.indexOf('#') + 1, method.indexOf('('));
    return owner.substring(owner.lastIndexOf('.') + 1) + "." + name;
  }
}

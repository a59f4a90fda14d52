package dev.orthrus.cli.runtime;

import java.util.Locale;

/** Minimal JSON text building for the runtime commands' flat outputs. */
final class Json {

  private final StringBuilder sb = new StringBuilder("{");
  private boolean first = true;

  private Json key(String k) {
    if (!first) {
      sb.append(',');
    }
    first = false;
    sb.append('"').append(escape(k)).append("\":");
    return this;
  }

  Json num(String k, double v) {
    key(k);
    sb.append(Double.isFinite(v) ? String.format(Locale.ROOT, "%.6g", v) : "null");
    return this;
  }

  Json num(String k, long v) {
    key(k).sb.append(v);
    return this;
  }

  Json bool(String k, boolean v) {
    key(k).sb.append(v);
    return this;
  }

  Json str(String k, String v) {
    key(k);
    if (v == null) {
      sb.append("null");
    } else {
      sb.append('"').append(escape(v)).append('"');
    }
    return this;
  }

  Json raw(String k, String json) {
    key(k).sb.append(json);
    return this;
  }

  String end() {
    return sb.append('}').toString();
  }

  static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
    }
    return out.toString();
  }
}

package dev.orthrus.model.json;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A small streaming JSON writer with two-space indentation and stable output: callers decide the
 * key order, so the same model always renders to the same bytes (golden files rely on that).
 */
public final class JsonWriter {

  private final Appendable out;
  private final Deque<Boolean> firstInScope = new ArrayDeque<>();
  private boolean afterName;

  public JsonWriter(Appendable out) {
    this.out = out;
  }

  public JsonWriter beginObject() {
    beforeValue();
    append("{");
    firstInScope.push(true);
    return this;
  }

  public JsonWriter endObject() {
    return endScope("}");
  }

  public JsonWriter beginArray() {
    beforeValue();
    append("[");
    firstInScope.push(true);
    return this;
  }

  public JsonWriter endArray() {
    return endScope("]");
  }

  public JsonWriter name(String name) {
    separate();
    string(name);
    append(": ");
    afterName = true;
    return this;
  }

  public JsonWriter value(String value) {
    beforeValue();
    if (value == null) {
      append("null");
    } else {
      string(value);
    }
    return this;
  }

  public JsonWriter value(long value) {
    beforeValue();
    append(Long.toString(value));
    return this;
  }

  public JsonWriter value(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      throw new IllegalArgumentException("JSON has no representation for " + value);
    }
    beforeValue();
    append(Double.toString(value));
    return this;
  }

  public JsonWriter value(boolean value) {
    beforeValue();
    append(Boolean.toString(value));
    return this;
  }

  public JsonWriter nullValue() {
    beforeValue();
    append("null");
    return this;
  }

  /** Convenience for {@code name(n).value(v)}. */
  public JsonWriter field(String name, String value) {
    return name(name).value(value);
  }

  public JsonWriter field(String name, long value) {
    return name(name).value(value);
  }

  public JsonWriter field(String name, boolean value) {
    return name(name).value(value);
  }

  /** Ends the document with a newline. */
  public void finish() {
    if (!firstInScope.isEmpty()) {
      throw new IllegalStateException("unclosed object or array");
    }
    append("\n");
  }

  private JsonWriter endScope(String close) {
    boolean empty = firstInScope.pop();
    if (!empty) {
      newline();
    }
    append(close);
    return this;
  }

  private void beforeValue() {
    if (afterName) {
      afterName = false;
      return;
    }
    if (!firstInScope.isEmpty()) {
      separate();
    }
  }

  private void separate() {
    if (firstInScope.isEmpty()) {
      throw new IllegalStateException("a name or value outside an object or array");
    }
    if (!firstInScope.pop()) {
      append(",");
    }
    firstInScope.push(false);
    newline();
  }

  private void newline() {
    append("\n");
    for (int i = 0; i < firstInScope.size(); i++) {
      append("  ");
    }
  }

  private void string(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20 || c == '\u2028' || c == '\u2029') {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    append(b.append('"'));
  }

  private void append(CharSequence s) {
    try {
      out.append(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

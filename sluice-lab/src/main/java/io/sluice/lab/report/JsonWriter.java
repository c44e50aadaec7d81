package io.sluice.lab.report;

import java.util.ArrayDeque;
import java.util.Deque;

/** A minimal streaming JSON writer: objects, arrays, strings, numbers, null; two-space indentation. */
public final class JsonWriter {
  private final StringBuilder out = new StringBuilder();
  /** Per open container: whether it has a member yet (for commas). */
  private final Deque<boolean[]> open = new ArrayDeque<>();
  private boolean afterName;

  public JsonWriter beginObject() {
    return begin('{');
  }

  public JsonWriter endObject() {
    return end('}');
  }

  JsonWriter beginArray() {
    return begin('[');
  }

  JsonWriter endArray() {
    return end(']');
  }

  JsonWriter name(String name) {
    separate();
    string(name);
    out.append(": ");
    afterName = true;
    return this;
  }

  JsonWriter value(String value) {
    separate();
    if (value == null) {
      out.append("null");
    } else {
      string(value);
    }
    return this;
  }

  JsonWriter value(long value) {
    separate();
    out.append(value);
    return this;
  }

  /** A finite number; NaN and infinities become null. */
  JsonWriter value(double value) {
    separate();
    out.append(Double.isFinite(value) ? Double.toString(value) : "null");
    return this;
  }

  JsonWriter value(boolean value) {
    separate();
    out.append(value);
    return this;
  }

  public JsonWriter field(String name, String value) {
    return name(name).value(value);
  }

  JsonWriter field(String name, long value) {
    return name(name).value(value);
  }

  JsonWriter field(String name, double value) {
    return name(name).value(value);
  }

  JsonWriter field(String name, boolean value) {
    return name(name).value(value);
  }

  @Override
  public String toString() {
    return out.toString();
  }

  private JsonWriter begin(char bracket) {
    separate();
    out.append(bracket);
    open.push(new boolean[1]);
    return this;
  }

  private JsonWriter end(char bracket) {
    boolean any = open.pop()[0];
    if (any) {
      newline();
    }
    out.append(bracket);
    return this;
  }

  /** Before a name or a value: a comma and a new line inside a container, nothing after a name. */
  private void separate() {
    if (afterName) {
      afterName = false;
      return;
    }
    boolean[] container = open.peek();
    if (container == null) {
      return;
    }
    if (container[0]) {
      out.append(',');
    }
    container[0] = true;
    newline();
  }

  private void newline() {
    out.append('\n').append("  ".repeat(open.size()));
  }

  private void string(String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}

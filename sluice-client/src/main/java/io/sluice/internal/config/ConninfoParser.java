package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * libpq keyword/value connection strings (PostgreSQL docs 32.1.1.1; {@code conninfo_parse} in
 * {@code fe-connect.c}): {@code keyword = value} settings separated by whitespace, spaces around
 * {@code =} optional; a value is either a run of non-space characters or a single-quoted string;
 * in both, a backslash makes the next character literal ({@code \'}, {@code \\}, {@code \ }).
 * A repeated keyword keeps its last value. Keywords are not checked here (the resolver does).
 *
 * <p>Messages never echo values; a keyword is echoed only if it is a known one, since a string
 * without {@code =} may well be a password pasted in the wrong place.
 */
final class ConninfoParser {
  private ConninfoParser() {}

  static Map<String, String> parse(String s) {
    Map<String, String> out = new LinkedHashMap<>();
    int i = 0;
    int n = s.length();
    while (true) {
      i = skipSpace(s, i);
      if (i >= n) {
        return out;
      }
      int nameStart = i;
      while (i < n && s.charAt(i) != '=' && !isSpace(s.charAt(i))) {
        i++;
      }
      String name = s.substring(nameStart, i);
      i = skipSpace(s, i);
      if (i >= n || s.charAt(i) != '=') {
        String shown = Keys.find(name).isPresent() ? "after \"" + name + "\"" : "after the word at position " + (nameStart + 1);
        throw new ConfigException(
            "missing \"=\" " + shown + " in connection string (expected keyword=value settings)");
      }
      if (name.isEmpty()) {
        throw new ConfigException(
            "missing keyword before \"=\" at position " + (i + 1) + " in connection string");
      }
      i = skipSpace(s, i + 1);
      StringBuilder value = new StringBuilder();
      if (i < n && s.charAt(i) == '\'') {
        i++;
        while (true) {
          if (i >= n) {
            throw new ConfigException(
                "unterminated quoted string for " + Excerpt.quoted(name) + " in connection string");
          }
          char c = s.charAt(i);
          if (c == '\\') {
            if (i + 1 < n) {
              value.append(s.charAt(i + 1));
            }
            i += 2;
          } else if (c == '\'') {
            i++;
            break;
          } else {
            value.append(c);
            i++;
          }
        }
      } else {
        while (i < n && !isSpace(s.charAt(i))) {
          char c = s.charAt(i);
          if (c == '\\') {
            if (i + 1 < n) {
              value.append(s.charAt(i + 1));
            }
            i += 2;
          } else {
            value.append(c);
            i++;
          }
        }
      }
      out.put(name, value.toString());
    }
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && isSpace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** C {@code isspace} in the C locale: space, \t, \n, \v, \f, \r. */
  static boolean isSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }
}

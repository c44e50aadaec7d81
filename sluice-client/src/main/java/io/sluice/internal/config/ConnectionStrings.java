package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Entry point for the three connection-string syntaxes. Each yields libpq keywords and raw values,
 * in order of appearance, not yet validated (see {@link Resolver}).
 */
public final class ConnectionStrings {
  private ConnectionStrings() {}

  /**
   * Parses {@code postgresql://} / {@code postgres://} URIs ({@link UriParser}), {@code
   * jdbc:postgresql:} URLs ({@link JdbcUrlParser}) and anything else as a keyword/value string
   * ({@link ConninfoParser}); the empty string gives no parameters.
   */
  public static Map<String, String> parse(String s) {
    if (s == null) {
      throw new ConfigException("connection string is null");
    }
    if (s.indexOf('\0') >= 0) {
      throw new ConfigException("connection string contains a NUL character");
    }
    if (UriParser.isUri(s)) {
      return UriParser.parse(s);
    }
    if (JdbcUrlParser.isJdbc(s)) {
      return JdbcUrlParser.parse(s);
    }
    if (s.regionMatches(true, 0, "postgresql:", 0, 11) || s.regionMatches(true, 0, "postgres:", 0, 9)
        || s.regionMatches(true, 0, "jdbc:", 0, 5)) {
      throw new ConfigException(
          "malformed connection URI: expected postgresql://, postgres:// or jdbc:postgresql:"
              + " (lower case, with the slashes)");
    }
    return ConninfoParser.parse(s);
  }

  /**
   * {@code shown} as a keyword/value string (what {@link ConninfoParser} reads), keeping the hosts,
   * user, database and the parameters in {@code given}; a value with spaces, quotes or backslashes
   * is quoted.
   */
  public static String keywordValue(Map<String, String> shown, Set<String> given) {
    StringJoiner out = new StringJoiner(" ");
    shown.forEach((k, v) -> {
      if (given.contains(k) || ALWAYS_SHOWN.contains(k)) {
        out.add(k + '=' + quote(v));
      }
    });
    return out.toString();
  }

  private static final Set<String> ALWAYS_SHOWN = Set.of("host", "port", "user", "dbname");

  private static String quote(String v) {
    if (!v.isEmpty() && v.chars().noneMatch(c -> c <= ' ' || c == '\'' || c == '\\')) {
      return v;
    }
    return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}

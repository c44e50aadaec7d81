package io.sluice.jdbc.internal;

import io.sluice.sql.RewrittenSql;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.StringJoiner;

/**
 * A prepared statement's {@code toString}: its SQL with the values bound now written in as
 * literals, what applications log, in the form pgjdbc gives ({@code PgPreparedStatement.toString}):
 * a string as {@code ('text')}, a typed value as {@code ('42'::int4)}, bytes as {@code
 * '\x0102'::bytea}, a parameter not set as {@code ?}; a batch as its entries, one per line,
 * separated by {@code ;}. Only for reading: quotes are doubled as standard_conforming_strings
 * reads them, and a value of a class without a literal here is written {@code ?}.
 */
final class StatementText {
  private StatementText() {}

  /** The statement with the values of the batch entries, or with those bound now when there is no batch. */
  static String of(RewrittenSql sql, BoundParameters now, List<Object[]> batch) {
    if (batch.isEmpty()) {
      return of(sql, now.asSet(), now::cast);
    }
    StringJoiner lines = new StringJoiner(";\n");
    for (Object[] entry : batch) {
      lines.add(of(sql, entry, j -> null));
    }
    return lines.toString();
  }

  private interface Casts {
    String of(int jdbcParameter);
  }

  private static String of(RewrittenSql sql, Object[] values, Casts casts) {
    int[] index = sql.parameterIndex();
    int[] statement = sql.parameterStatement();
    int[] end = sql.parameterEnd();
    List<String> out = new ArrayList<>(sql.statements().size());
    for (int s = 0; s < sql.statements().size(); s++) {
      String text = sql.statements().get(s);
      StringBuilder b = new StringBuilder(text.length() + 16 * values.length);
      int at = 0;
      for (int j : inOrder(statement, end, s)) {
        int start = end[j] - 1 - Integer.toString(index[j]).length();   // "$n" ends at end[j]
        b.append(text, at, start).append(literal(values[j], casts.of(j)));
        at = end[j];
      }
      out.add(b.append(text, at, text.length()).toString());
    }
    return String.join(";", out);
  }

  /** The JDBC parameters sent in statement {@code s}, by their place in its text. */
  private static List<Integer> inOrder(int[] statement, int[] end, int s) {
    List<Integer> js = new ArrayList<>();
    for (int j = 0; j < statement.length; j++) {
      if (statement[j] == s && end[j] >= 0) {
        js.add(j);
      }
    }
    js.sort((a, b) -> Integer.compare(end[a], end[b]));
    return js;
  }

  static String literal(Object v, String cast) {
    if (v == ParameterValues.UNSET) {
      return "?";
    }
    if (v == null) {
      return "NULL";
    }
    if (v instanceof byte[] bytes) {
      return "'\\x" + HexFormat.of().formatHex(bytes) + "'::bytea";
    }
    if (v instanceof String s && "bytea".equals(cast) && s.startsWith("\\x")) {
      return "'" + quoted(s) + "'::bytea";
    }
    String type = switch (v) {
      case String s -> cast == null || cast.equals(ParameterCasts.STRING) ? "" : cast;
      case Short s -> "int2";
      case Integer i -> "int4";
      case Long l -> "int8";
      case Float f -> "real";
      case Double d -> "double precision";
      case java.math.BigDecimal d -> "numeric";
      case Boolean b -> "boolean";
      case java.util.UUID u -> "uuid";
      case java.time.LocalDate d -> "date";
      case java.time.LocalDateTime t -> "timestamp";
      case java.time.OffsetDateTime t -> "timestamp with time zone";
      case java.time.LocalTime t -> "time";
      case java.time.OffsetTime t -> "time with time zone";
      default -> null;
    };
    if (type == null) {
      return "?";
    }
    return "('" + quoted(v.toString()) + "'" + (type.isEmpty() ? "" : "::" + type) + ")";
  }

  private static String quoted(String s) {
    return s.replace("'", "''");
  }
}

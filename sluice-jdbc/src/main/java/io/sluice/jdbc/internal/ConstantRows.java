package io.sluice.jdbc.internal;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Metadata answers that are the same on every server (table types, client info properties) or
 * always empty (super tables, attributes), written as {@code SELECT … FROM (VALUES …)} so that they
 * come back as ordinary result sets of the connection, typed and labelled like the rest.
 *
 * <p>Only the driver's own constants are written into SQL here, through {@link #literal}, the one
 * quoting function of the metadata code; caller input always travels as a bind parameter.
 */
final class ConstantRows {
  /** A result column: the label the JDBC javadoc gives and the PostgreSQL type it is sent as. */
  record Column(String label, String sqlType) {}

  private ConstantRows() {}

  static Column text(String label) {
    return new Column(label, "text");
  }

  static Column int4(String label) {
    return new Column(label, "int4");
  }

  static Column int2(String label) {
    return new Column(label, "int2");
  }

  /** The rows as a SELECT; no rows gives an empty result with the same columns. */
  static String select(List<Column> columns, Object[][] rows) {
    if (rows.length == 0) {
      return columns.stream()
          .map(c -> "NULL::" + c.sqlType() + " AS " + label(c))
          .collect(Collectors.joining(", ", "SELECT ", " WHERE false"));
    }
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < columns.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append("v.c").append(i).append("::").append(columns.get(i).sqlType())
          .append(" AS ").append(label(columns.get(i)));
    }
    sql.append(" FROM (VALUES ");
    for (int r = 0; r < rows.length; r++) {
      if (rows[r].length != columns.size()) {
        throw new IllegalArgumentException("row " + r + " has " + rows[r].length + " values for "
            + columns.size() + " columns");
      }
      sql.append(r == 0 ? "(" : ", (");
      for (int i = 0; i < rows[r].length; i++) {
        sql.append(i == 0 ? "" : ", ").append(literal(rows[r][i]));
      }
      sql.append(')');
    }
    sql.append(") AS v(");
    for (int i = 0; i < columns.size(); i++) {
      sql.append(i == 0 ? "c" : ", c").append(i);
    }
    return sql.append(')').toString();
  }

  /** An empty result with these columns. */
  static String empty(Column... columns) {
    return select(List.of(columns), new Object[0][]);
  }

  /** A SQL literal for a driver constant: NULL, a number, or an escape string (backslashes and quotes doubled). */
  static String literal(Object value) {
    return switch (value) {
      case null -> "NULL";
      case Integer i -> i.toString();
      case Short s -> s.toString();
      case Boolean b -> b.toString();
      // an E'' string means the same whatever standard_conforming_strings is
      case String s -> "E'" + s.replace("\\", "\\\\").replace("'", "''") + "'";
      default -> throw new IllegalArgumentException("no SQL literal for a " + value.getClass().getName());
    };
  }

  private static String label(Column c) {
    return '"' + c.label() + '"';
  }
}

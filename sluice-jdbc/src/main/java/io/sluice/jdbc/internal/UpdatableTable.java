package io.sluice.jdbc.internal;

import io.sluice.Column;
import io.sluice.Row;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The table an updatable result changes, and the SQL that changes it. A result is updatable when
 * every column is a column of one table (RowDescription's table OID and attribute number: no
 * expression, no second table), the query reads that table alone (no JOIN, no comma in FROM:
 * {@link StatementKinds#readsOneTable}, since a self-join's columns name one table too), and the
 * result holds all columns of a key: the primary key, else a unique index that is valid, not
 * partial, not on expressions, and on NOT NULL columns only (pgjdbc's rule, {@code
 * getPrimaryUniqueKeys}). The table is found by its OID, so the names written into the SQL are
 * its schema's and its own, quoted: search_path plays no part.
 */
final class UpdatableTable {
  /** What a result's columns and query make of it: a table to change, or why there is none. */
  sealed interface Updatability permits Updatable, NotUpdatable {}

  record Updatable(UpdatableTable table) implements Updatability {}

  /** The reason, as the message of the SQLSTATE 24000 every change then fails with (as pgjdbc's). */
  record NotUpdatable(String reason) implements Updatability {}

  private static final String NOT_UPDATABLE = "ResultSet is not updateable: ";

  private final String name;
  /** The table column each result column is, in order. */
  private final List<String> attributes;
  /** The 0-based result columns holding the key. */
  private final int[] key;

  private UpdatableTable(String name, List<String> attributes, int[] key) {
    this.name = name;
    this.attributes = attributes;
    this.key = key;
  }

  static Updatability of(List<Column> columns, String sql, SluiceConnection connection) throws SQLException {
    int table = columns.get(0).tableOid();
    for (int c = 0; c < columns.size(); c++) {
      Column col = columns.get(c);
      if (col.tableOid() == 0) {
        return new NotUpdatable(NOT_UPDATABLE + "column " + (c + 1) + " (\"" + col.name() + "\") is not a column"
            + " of a table (an expression, or a query with no table); select the table's columns only");
      }
      if (col.tableOid() != table) {
        return new NotUpdatable(NOT_UPDATABLE + "its columns come from more than one table; the query must"
            + " select from one table only");
      }
    }
    if (!StatementKinds.readsOneTable(sql)) {
      return new NotUpdatable(NOT_UPDATABLE + "the query reads more than one table (a JOIN, or a list in FROM);"
          + " the query must select from one table only");
    }
    Map<Integer, String> names = new HashMap<>();
    String qualified = null;
    String relname = null;
    try (PreparedStatement ps = connection.prepareStatement("SELECT n.nspname, c.relname, a.attnum::int4, a.attname"
        + " FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.oid"
        + " WHERE c.oid OPERATOR(pg_catalog.=) ?::int8::oid AND a.attnum OPERATOR(pg_catalog.>) 0"
        + " AND NOT a.attisdropped")) {
      ps.setLong(1, table & 0xFFFF_FFFFL);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          qualified = quoted(rs.getString(1)) + "." + quoted(rs.getString(2));
          relname = rs.getString(2);
          names.put(rs.getInt(3), rs.getString(4));
        }
      }
    }
    List<String> attributes = new ArrayList<>();
    for (Column col : columns) {
      String a = names.get(col.columnNumber());
      if (a == null) {
        return new NotUpdatable(NOT_UPDATABLE + "the table of its columns is gone, or changed since the query");
      }
      attributes.add(a);
    }
    int[] key = key(columns, table, connection);
    if (key == null) {
      // pgjdbc's message word for word (UpdateableResultTest compares it)
      return new NotUpdatable("No eligible primary or unique key found for table " + relname + ".");
    }
    return new Updatable(new UpdatableTable(qualified, List.copyOf(attributes), key));
  }

  /**
   * The result columns of the table's first key all of whose columns the result holds: the primary
   * key, then unique indexes by name; null for none. {@code indkey} past {@code indnkeyatts} are
   * INCLUDE columns, not part of the key.
   */
  private static int[] key(List<Column> columns, int table, SluiceConnection connection) throws SQLException {
    Map<Long, List<Integer>> keys = new LinkedHashMap<>();
    Map<Long, Boolean> usable = new HashMap<>();
    try (PreparedStatement ps = connection.prepareStatement("SELECT i.indexrelid::int8, k.attnum::int4,"
        + " a.attnotnull FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class ic ON ic.oid OPERATOR(pg_catalog.=)"
        + " i.indexrelid"
        + " CROSS JOIN LATERAL pg_catalog.unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)"
        + " JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) i.indrelid AND a.attnum"
        + " OPERATOR(pg_catalog.=) k.attnum"
        + " WHERE i.indrelid OPERATOR(pg_catalog.=) ?::int8::oid AND k.n OPERATOR(pg_catalog.<=) i.indnkeyatts"
        + " AND (i.indisprimary OR (i.indisunique AND i.indisvalid AND i.indpred IS NULL AND i.indexprs IS NULL))"
        + " ORDER BY i.indisprimary DESC, ic.relname, k.n")) {
      ps.setLong(1, table & 0xFFFF_FFFFL);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          long index = rs.getLong(1);
          int column = columnOf(columns, table, rs.getInt(2));
          keys.computeIfAbsent(index, i -> new ArrayList<>()).add(column);
          usable.merge(index, column >= 0 && rs.getBoolean(3), Boolean::logicalAnd);
        }
      }
    }
    for (Map.Entry<Long, List<Integer>> k : keys.entrySet()) {
      if (usable.get(k.getKey())) {
        return k.getValue().stream().mapToInt(Integer::intValue).toArray();
      }
    }
    return null;
  }

  /** The first result column that is attribute {@code attnum} of {@code table}; -1 for none. */
  private static int columnOf(List<Column> columns, int table, int attnum) {
    for (int c = 0; c < columns.size(); c++) {
      if (columns.get(c).tableOid() == table && columns.get(c).columnNumber() == attnum) {
        return c;
      }
    }
    return -1;
  }

  /** {@code s} as a quoted identifier: any case, any character. */
  static String quoted(String s) {
    return '"' + s.replace("\"", "\"\"") + '"';
  }

  /** The table column result column {@code c} (0-based) is. */
  String attribute(int c) {
    return attributes.get(c);
  }

  /** The key's values in {@code row}, as text the server reads as the key columns' types. */
  List<Object> keyOf(Row row) {
    List<Object> values = new ArrayList<>();
    for (int c : key) {
      values.add(row.getString(c));
    }
    return values;
  }

  /** {@code UPDATE … SET} the {@code columns} {@code WHERE} the key, returning the result's columns. */
  String update(Collection<String> columns) {
    StringBuilder sql = new StringBuilder("UPDATE ").append(name).append(" SET ");
    String sep = "";
    for (String c : columns) {
      sql.append(sep).append(quoted(c)).append(" = ?");
      sep = ", ";
    }
    return where(sql).append(returning()).toString();
  }

  /** {@code INSERT} of the {@code columns} (the others take their defaults), returning the result's columns. */
  String insert(Collection<String> columns) {
    StringBuilder sql = new StringBuilder("INSERT INTO ").append(name);
    if (columns.isEmpty()) {
      return sql.append(" DEFAULT VALUES").append(returning()).toString();
    }
    sql.append(" (").append(String.join(", ", columns.stream().map(UpdatableTable::quoted).toList()))
        .append(") VALUES (").append(String.join(", ", columns.stream().map(c -> "?").toList())).append(')');
    return sql.append(returning()).toString();
  }

  /** {@code DELETE} of the row with the key. */
  String delete() {
    return where(new StringBuilder("DELETE FROM ").append(name)).toString();
  }

  /** {@code SELECT} of the result's columns for the row with the key. */
  String select() {
    return where(new StringBuilder("SELECT ").append(columnList()).append(" FROM ").append(name)).toString();
  }

  private StringBuilder where(StringBuilder sql) {
    String sep = " WHERE ";
    for (int c : key) {
      sql.append(sep).append(quoted(attributes.get(c))).append(" = ?");
      sep = " AND ";
    }
    return sql;
  }

  private String returning() {
    return " RETURNING " + columnList();
  }

  private String columnList() {
    return String.join(", ", attributes.stream().map(UpdatableTable::quoted).toList());
  }
}

package io.sluice.jdbc.internal;

import io.sluice.RowSet;
import io.sluice.SluiceException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code Array.getResultSet}, as pgjdbc's {@code PgArray.getResultSetImpl}: one row per element of
 * the outermost dimension, from 1-based {@code index} on, {@code count} of them (0: to the end),
 * in two columns, {@code INDEX} ({@code int4}, the element's 1-based index in the whole array) and
 * {@code VALUE} (the element, typed as the array's elements; for a multi-dimensional array the
 * sub-array, an array itself). A scroll-insensitive result, as pgjdbc's.
 *
 * <p>The rows are the server's answer to the elements sent back as parameters (each by its subscript,
 * {@code generate_subscripts}, or a {@code VALUES} row per sub-array), so that their columns are typed,
 * labelled and decoded as every other result's. The element type's name is written into the SQL
 * (as a cast) when it is a built-in type's, or a catalogue name that cannot end the SQL ({@link
 * TypeNames#spliceable}: {@code aclitem}, {@code "s"."t"}); otherwise the elements go as they were decoded.
 */
final class ArrayRows {
  private ArrayRows() {}

  static ResultSet of(SluiceConnection connection, SluiceArray array, long index, int count) throws SQLException {
    return of(connection, array, index, count, 1);
  }

  /** As above, the INDEX column counted from {@code first} (where a slice taken before began). */
  private static ResultSet of(SluiceConnection connection, SluiceArray array, long index, int count, long first)
      throws SQLException {
    Object all = array.getArray();
    int length = java.lang.reflect.Array.getLength(all);
    if (index < 1) {
      throw SqlErrors.of("The array index is out of range: " + index, "22000");
    }
    long n = count == 0 ? Math.max(0, length - index + 1) : count;
    if (count < 0 || index - 1 + n > length) {
      throw SqlErrors.of("The array index is out of range: " + (index - 1 + n) + ", number of elements: " + length
          + ".", "22000");
    }
    Object[] slice = new Object[(int) n];
    for (int i = 0; i < n; i++) {
      slice[i] = java.lang.reflect.Array.get(all, (int) (index - 1 + i));
    }
    String base = array.getBaseTypeName();
    if (base.equals("record") && !nested(slice)) {
      // anonymous records cannot be sent back (no attribute types): their text, as rows of text
      return of(connection, new SluiceArray("text", recordTexts(slice), connection), 1, 0, index);
    }
    JdbcTypes.Type known = JdbcTypes.byName(base);
    // a built-in type by its name from the driver's table (the geometric ones are not in it); another
    // (aclitem, a composite, an enum) by its name only when that is an identifier that cannot end the SQL
    String typeName = known != null ? known.name()
        : ArrayElements.GEOMETRIC.contains(base) ? "pg_catalog." + base
        : TypeNames.spliceable(base) ? base : null;
    String cast = typeName == null ? "" : "::" + typeName + "[]";
    String sql;
    List<Object> params = new ArrayList<>();
    if (slice.length == 0) {
      sql = "SELECT NULL::int4 AS \"INDEX\", NULL" + (typeName == null ? "" : "::" + typeName)
          + " AS \"VALUE\" WHERE false";
    } else if (!nested(slice)) {
      Object elements = ParameterValues.array(new SluiceArray(base, typed(all, slice), connection));
      // strings of a type not built in go as an untyped array literal: unnest needs a type, text
      String as = typeName == null && elements instanceof String ? "::text[]" : cast;
      // by subscript, not unnest: unnest of composites in FROM would spread their attributes into columns
      sql = "SELECT (g.o + $2)::int4 AS \"INDEX\", ($1" + as + ")[g.o] AS \"VALUE\""
          + " FROM pg_catalog.generate_subscripts($1" + as + ", 1) AS g(o) ORDER BY g.o";
      params.add(elements);
      params.add(index - 1 + first - 1);
    } else {
      StringBuilder values = new StringBuilder();
      for (int i = 0; i < slice.length; i++) {
        values.append(i == 0 ? "" : ", ").append('(').append(index + i).append(", $").append(i + 1).append(cast)
            .append(')');
        params.add(slice[i] == null ? null : ParameterValues.array(new SluiceArray(base, slice[i], connection)));
      }
      sql = "SELECT t.i::int4 AS \"INDEX\", t.v AS \"VALUE\" FROM (VALUES " + values + ") AS t(i, v) ORDER BY t.i";
    }
    connection.beforeStatement();
    try {
      RowSet rows = connection.inSession(s -> s.query(sql, params.toArray()));
      return SluiceResultSet.of(null, connection, rows.columns(), rows, ResultSet.TYPE_SCROLL_INSENSITIVE, 0);
    } catch (SluiceException e) {
      throw connection.failed(e);
    }
  }

  /** Anonymous records' texts, as record_out prints them (the drop-in's PGobjects hold theirs already). */
  private static String[] recordTexts(Object[] slice) throws SQLException {
    String[] out = new String[slice.length];
    for (int i = 0; i < slice.length; i++) {
      Object e = slice[i];
      Extension.TypedText t = e == null || e instanceof io.sluice.types.Composite || !Extensions.present() ? null
          : Extensions.get().parameter(e);
      out[i] = e == null ? null : e instanceof io.sluice.types.Composite c
          ? io.sluice.types.Composites.recordText(c, io.sluice.types.TypeContext.defaults())
          : t != null ? t.text() : e.toString();
    }
    return out;
  }

  /** Whether the elements are arrays themselves: the array has more than one dimension. */
  private static boolean nested(Object[] slice) {
    for (Object e : slice) {
      if (e != null) {
        return e instanceof java.util.List || e.getClass().isArray() && !(e instanceof byte[]);
      }
    }
    return false;
  }

  /** The slice as an array of the whole's own component type, so that it is sent typed as the column was. */
  private static Object typed(Object all, Object[] slice) {
    Object out = java.lang.reflect.Array.newInstance(all.getClass().getComponentType(), slice.length);
    for (int i = 0; i < slice.length; i++) {
      java.lang.reflect.Array.set(out, i, slice[i]);
    }
    return out;
  }
}

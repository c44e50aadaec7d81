package io.sluice.jdbc.internal;

import io.sluice.sql.RewrittenSql;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Parameter types Sluice's values cannot carry. A NULL, or a string (which Sluice sends untyped so
 * that the server reads it as the column's type), travels without a type, and the server infers
 * one from where it stands; alone ({@code ? IS NULL}, {@code coalesce(?, ?)}) it cannot (42P18
 * "could not determine data type of parameter"). pgjdbc declares {@code setNull(i,
 * Types.INTEGER)} as int4 and {@code setString} as varchar in Parse; here the parameter is cast to
 * that type in the SQL ({@code $1::int4}, {@code $1::varchar}), to the same effect. With {@code
 * stringtype=unspecified} strings stay untyped, as in pgjdbc. Only built-in type names are ever
 * written into SQL, never text from the caller.
 */
final class ParameterCasts {
  /** The type strings are declared as unless {@code stringtype=unspecified} (pgjdbc's default, varchar). */
  static final String STRING = "varchar";

  private ParameterCasts() {}

  /**
   * The array type of built-in element type {@code elementType} ({@code int8[]}), for an array
   * literal from {@code createArrayOf}, as pgjdbc declares it; null for another type (the server
   * then reads the literal as the column's type).
   */
  static String arrayOf(String elementType) {
    JdbcTypes.Type named = JdbcTypes.byName(elementType);
    return named == null ? null : named.name() + "[]";
  }

  /** The type a NULL of JDBC type {@code sqlType} is cast to, or null to leave it untyped. */
  static String castFor(int sqlType, String typeName) {
    JdbcTypes.Type named = JdbcTypes.byName(typeName);
    if (named != null) {
      return named.name();
    }
    return switch (sqlType) {
      case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR -> "varchar";
      // Blob and Clob are large objects, named by an oid (pgjdbc's setNull: Oid.OID; NCLOB untyped)
      case Types.BLOB, Types.CLOB -> "oid";
      case Types.INTEGER -> "int4";
      case Types.BIGINT -> "int8";
      case Types.SMALLINT, Types.TINYINT -> "int2";
      case Types.BIT, Types.BOOLEAN -> "bool";
      case Types.NUMERIC, Types.DECIMAL -> "numeric";
      case Types.DOUBLE, Types.FLOAT -> "float8";
      case Types.REAL -> "float4";
      case Types.DATE -> "date";
      case Types.TIME -> "time";
      case Types.TIME_WITH_TIMEZONE -> "timetz";
      case Types.TIMESTAMP -> "timestamp";
      case Types.TIMESTAMP_WITH_TIMEZONE -> "timestamptz";
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> "bytea";
      default -> null;   // OTHER, NULL, JAVA_OBJECT, ARRAY…: the server infers
    };
  }

  /**
   * The statements of {@code r} with each cast parameter's {@code $n} followed by its cast. Built
   * forward, one copy of each statement: inserting into the text from the end moved its tail once
   * per cast, quadratic in the parameters (65,535 {@code setString}s took seconds).
   */
  static List<String> apply(RewrittenSql r, String[] casts) {
    int[] end = r.parameterEnd();
    int[] statementOf = r.parameterStatement();
    List<String> out = new ArrayList<>(r.statements());
    int[] at = castParameters(casts, end, statementOf);
    int k = 0;
    for (int s = 0; s < out.size(); s++) {
      String text = out.get(s);
      if (k >= at.length || statementOf[at[k]] != s) {
        continue;
      }
      StringBuilder sql = new StringBuilder(text.length() + 10 * (at.length - k));
      int from = 0;
      for (; k < at.length && statementOf[at[k]] == s; k++) {
        int j = at[k];
        sql.append(text, from, end[j]).append("::").append(casts[j]);
        from = end[j];
      }
      out.set(s, sql.append(text, from, text.length()).toString());
    }
    return out;
  }

  /** The parameters that have a cast and a place in the text, by statement and then by place in it. */
  private static int[] castParameters(String[] casts, int[] end, int[] statementOf) {
    int n = 0;
    int[] at = new int[casts.length];
    boolean ordered = true;
    for (int j = 0; j < casts.length; j++) {
      if (casts[j] != null && end[j] >= 0) {
        if (n > 0) {
          int p = at[n - 1];
          ordered &= statementOf[p] < statementOf[j] || statementOf[p] == statementOf[j] && end[p] < end[j];
        }
        at[n++] = j;
      }
    }
    at = Arrays.copyOf(at, n);
    if (!ordered) {   // placeholders the rewrite moved (a call escape's result parameter): rare
      at = Arrays.stream(at).boxed()
          .sorted(Comparator.<Integer>comparingInt(j -> statementOf[j]).thenComparingInt(j -> end[j]))
          .mapToInt(Integer::intValue).toArray();
    }
    return at;
  }
}

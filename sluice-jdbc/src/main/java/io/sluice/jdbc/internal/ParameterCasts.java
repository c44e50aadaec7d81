package io.sluice.jdbc.internal;

import io.sluice.sql.RewrittenSql;
import java.sql.Types;
import java.util.ArrayList;
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

  /** The statements of {@code r} with each typed NULL's {@code $n} followed by its cast. */
  static List<String> apply(RewrittenSql r, String[] casts) {
    int[] end = r.parameterEnd();
    int[] statementOf = r.parameterStatement();
    List<String> out = new ArrayList<>(r.statements());
    for (int s = 0; s < out.size(); s++) {
      StringBuilder sql = new StringBuilder(out.get(s));
      // from the last placeholder back, so that earlier offsets stay valid
      for (int j = casts.length - 1; j >= 0; j--) {
        if (casts[j] != null && statementOf[j] == s && end[j] >= 0) {
          sql.insert(end[j], "::" + casts[j]);
        }
      }
      out.set(s, sql.toString());
    }
    return out;
  }
}

package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the metadata needs to know about the server and that cannot change during a session, read
 * in one query: {@code server_version} and {@code server_version_num} (major × 10000 + minor since
 * PostgreSQL 10), the name and index limits the server was built with (NAMEDATALEN - 1, {@code
 * INDEX_MAX_KEYS}), {@code max_connections}, and the keywords JDBC asks for.
 */
record ServerFacts(String version, int versionNumber, int maxIdentifierLength, int maxIndexKeys,
    int maxConnections, String keywords) {

  private static final String QUERY = "SELECT pg_catalog.current_setting('server_version'),"
      + " pg_catalog.current_setting('server_version_num')::int4,"
      + " pg_catalog.current_setting('max_identifier_length')::int4,"
      + " pg_catalog.current_setting('max_index_keys')::int4,"
      + " pg_catalog.current_setting('max_connections')::int4,"
      // reserved keywords, and those reserved but usable as function or type names (pg_get_keywords)
      + " (SELECT pg_catalog.string_agg(pg_catalog.upper(word), ',' ORDER BY word)"
      + "  FROM pg_catalog.pg_get_keywords() WHERE catcode IN ('R', 'T'))";

  int majorVersion() {
    return versionNumber / 10000;
  }

  int minorVersion() {
    return versionNumber % 10000;
  }

  static ServerFacts read(Connection connection) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(QUERY);
        ResultSet row = statement.executeQuery()) {
      if (!row.next()) {
        throw new SQLException("the server facts query returned no row");
      }
      return new ServerFacts(row.getString(1), row.getInt(2), row.getInt(3), row.getInt(4), row.getInt(5),
          notStandard(row.getString(6)));
    }
  }

  /** getSQLKeywords lists the database's keywords that are not also SQL:2003 keywords. */
  static String notStandard(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(","))
        .filter(word -> !SQL_2003.contains(word))
        .collect(Collectors.joining(","));
  }

  /** The reserved words of SQL:2003 (ISO/IEC 9075-2:2003, 5.2 {@code <reserved word>}). */
  private static final Set<String> SQL_2003 = Set.of(
      "ABS", "ALL", "ALLOCATE", "ALTER", "AND", "ANY", "ARE", "ARRAY", "AS", "ASENSITIVE", "ASYMMETRIC", "AT",
      "ATOMIC", "AUTHORIZATION", "AVG", "BEGIN", "BETWEEN", "BIGINT", "BINARY", "BLOB", "BOOLEAN", "BOTH", "BY",
      "CALL", "CALLED", "CARDINALITY", "CASCADED", "CASE", "CAST", "CEIL", "CEILING", "CHAR", "CHAR_LENGTH",
      "CHARACTER", "CHARACTER_LENGTH", "CHECK", "CLOB", "CLOSE", "COALESCE", "COLLATE", "COLLECT", "COLUMN",
      "COMMIT", "CONDITION", "CONNECT", "CONSTRAINT", "CONVERT", "CORR", "CORRESPONDING", "COUNT", "COVAR_POP",
      "COVAR_SAMP", "CREATE", "CROSS", "CUBE", "CUME_DIST", "CURRENT", "CURRENT_DATE",
      "CURRENT_DEFAULT_TRANSFORM_GROUP", "CURRENT_PATH", "CURRENT_ROLE", "CURRENT_TIME", "CURRENT_TIMESTAMP",
      "CURRENT_TRANSFORM_GROUP_FOR_TYPE", "CURRENT_USER", "CURSOR", "CYCLE", "DATE", "DAY", "DEALLOCATE", "DEC",
      "DECIMAL", "DECLARE", "DEFAULT", "DELETE", "DENSE_RANK", "DEREF", "DESCRIBE", "DETERMINISTIC",
      "DISCONNECT", "DISTINCT", "DOUBLE", "DROP", "DYNAMIC", "EACH", "ELEMENT", "ELSE", "END", "END-EXEC",
      "ESCAPE", "EVERY", "EXCEPT", "EXEC", "EXECUTE", "EXISTS", "EXP", "EXTERNAL", "EXTRACT", "FALSE", "FETCH",
      "FILTER", "FLOAT", "FLOOR", "FOR", "FOREIGN", "FREE", "FROM", "FULL", "FUNCTION", "FUSION", "GET",
      "GLOBAL", "GRANT", "GROUP", "GROUPING", "HAVING", "HOLD", "HOUR", "IDENTITY", "IN", "INDICATOR", "INNER",
      "INOUT", "INSENSITIVE", "INSERT", "INT", "INTEGER", "INTERSECT", "INTERSECTION", "INTERVAL", "INTO", "IS",
      "JOIN", "LANGUAGE", "LARGE", "LATERAL", "LEADING", "LEFT", "LIKE", "LN", "LOCAL", "LOCALTIME",
      "LOCALTIMESTAMP", "LOWER", "MATCH", "MAX", "MEMBER", "MERGE", "METHOD", "MIN", "MINUTE", "MOD",
      "MODIFIES", "MODULE", "MONTH", "MULTISET", "NATIONAL", "NATURAL", "NCHAR", "NCLOB", "NEW", "NO", "NONE",
      "NORMALIZE", "NOT", "NULL", "NULLIF", "NUMERIC", "OCTET_LENGTH", "OF", "OLD", "ON", "ONLY", "OPEN", "OR",
      "ORDER", "OUT", "OUTER", "OVER", "OVERLAPS", "OVERLAY", "PARAMETER", "PARTITION", "PERCENT_RANK",
      "PERCENTILE_CONT", "PERCENTILE_DISC", "POSITION", "POWER", "PRECISION", "PREPARE", "PRIMARY",
      "PROCEDURE", "RANGE", "RANK", "READS", "REAL", "RECURSIVE", "REF", "REFERENCES", "REFERENCING",
      "REGR_AVGX", "REGR_AVGY", "REGR_COUNT", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXX",
      "REGR_SXY", "REGR_SYY", "RELEASE", "RESULT", "RETURN", "RETURNS", "REVOKE", "RIGHT", "ROLLBACK", "ROLLUP",
      "ROW", "ROW_NUMBER", "ROWS", "SAVEPOINT", "SCOPE", "SCROLL", "SEARCH", "SECOND", "SELECT", "SENSITIVE",
      "SESSION_USER", "SET", "SIMILAR", "SMALLINT", "SOME", "SPECIFIC", "SPECIFICTYPE", "SQL", "SQLEXCEPTION",
      "SQLSTATE", "SQLWARNING", "SQRT", "START", "STATIC", "STDDEV_POP", "STDDEV_SAMP", "SUBMULTISET",
      "SUBSTRING", "SUM", "SYMMETRIC", "SYSTEM", "SYSTEM_USER", "TABLE", "TABLESAMPLE", "THEN", "TIME",
      "TIMESTAMP", "TIMEZONE_HOUR", "TIMEZONE_MINUTE", "TO", "TRAILING", "TRANSLATE", "TRANSLATION", "TREAT",
      "TRIGGER", "TRIM", "TRUE", "UESCAPE", "UNION", "UNIQUE", "UNKNOWN", "UNNEST", "UPDATE", "UPPER", "USER",
      "USING", "VALUE", "VALUES", "VAR_POP", "VAR_SAMP", "VARCHAR", "VARYING", "WHEN", "WHENEVER", "WHERE",
      "WIDTH_BUCKET", "WINDOW", "WITH", "WITHIN", "WITHOUT", "YEAR");
}

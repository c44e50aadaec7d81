package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One metadata query: fixed SQL over {@code pg_catalog} plus the filters a caller asked for, each
 * caller-given name or pattern sent as a bind parameter (never spliced into the SQL text), run
 * through the JDBC connection itself so that the answer is an ordinary {@link ResultSet}.
 *
 * <p>Filter semantics follow {@link java.sql.DatabaseMetaData}: a {@code null} name or pattern
 * means "do not narrow the search"; any other value narrows it, the empty string included. JDBC
 * says {@code ""} retrieves the objects without a catalog or schema, and PostgreSQL has none, so
 * {@code ""} selects nothing (as pgjdbc 42.7 does). Patterns are SQL {@code LIKE} patterns whose
 * escape is {@code \}, which is also PostgreSQL's default LIKE escape.
 *
 * <p>Every operator and function in the SQL is written with its schema ({@code
 * OPERATOR(pg_catalog.=)}, {@code pg_catalog.unnest}), and no IN list, simple CASE or NULLIF is
 * used (they look {@code =} up by name): otherwise an operator a user defines in a schema on the
 * search path can be chosen instead, or make the choice ambiguous (42725), as the PostgreSQL
 * manual warns for queries that must work whatever the search path ("Writing SECURITY DEFINER
 * Functions Safely", and "Operators" in the "Type Conversion" chapter).
 */
final class CatalogQuery {
  private final StringBuilder sql;
  private final List<String> parameters = new ArrayList<>();

  /** {@code select} must end in a WHERE clause (at least {@code WHERE true}) for the filters. */
  CatalogQuery(String select) {
    this.sql = new StringBuilder(select);
  }

  /** {@code AND column LIKE pattern}, unless the pattern means "any". */
  CatalogQuery like(String column, String pattern) {
    if (filters(pattern)) {
      sql.append(" AND ").append(column).append(" OPERATOR(pg_catalog.~~) ?");
      parameters.add(pattern);
    }
    return this;
  }

  /** {@code AND column = name}, unless the name means "any" (for arguments that are not patterns). */
  CatalogQuery equal(String column, String name) {
    if (filters(name)) {
      sql.append(" AND ").append(column).append(" OPERATOR(pg_catalog.=) ?");
      parameters.add(name);
    }
    return this;
  }

  /** The connection's database is the only catalog: another catalog name selects nothing. */
  CatalogQuery catalog(String catalog) {
    return equal("pg_catalog.current_database()", catalog);
  }

  /**
   * {@code AND column = ANY (values…)}; {@code null} values mean "any", an empty array selects
   * nothing. (Not {@code IN}: an IN list looks {@code =} up on the search path.)
   */
  CatalogQuery in(String column, String[] values) {
    if (values != null) {
      sql.append(" AND ").append(column).append(" OPERATOR(pg_catalog.=) ANY (ARRAY[");
      for (int i = 0; i < values.length; i++) {
        sql.append(i > 0 ? ", ?" : "?");
        parameters.add(values[i]);
      }
      sql.append("]::text[])");
    }
    return this;
  }

  /**
   * {@code AND privilegeCheck} when {@code hideUnprivileged} (pgjdbc's {@code hideUnprivilegedObjects}):
   * a {@code pg_catalog.has_*_privilege} call, so that only objects the user may use are listed.
   */
  CatalogQuery visibleOnly(boolean hideUnprivileged, String privilegeCheck) {
    if (hideUnprivileged) {
      sql.append(" AND ").append(privilegeCheck);
    }
    return this;
  }

  /** Appends fixed SQL (an ORDER BY, a closing parenthesis): never caller input. */
  CatalogQuery then(String fixedSql) {
    sql.append(fixedSql);
    return this;
  }

  /** Runs the query; closing the result set closes its statement. */
  ResultSet run(Connection connection) throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql.toString());
    try {
      for (int i = 0; i < parameters.size(); i++) {
        statement.setString(i + 1, parameters.get(i));
      }
      ResultSet rows = statement.executeQuery();
      statement.closeOnCompletion();
      return rows;
    } catch (SQLException | RuntimeException e) {
      statement.close();
      throw e;
    }
  }

  /** The SQL as it will be sent (for tests and error messages). */
  @Override
  public String toString() {
    return sql.toString();
  }

  private static boolean filters(String nameOrPattern) {
    return nameOrPattern != null;
  }
}

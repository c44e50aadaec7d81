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
 * means "do not filter". Patterns are SQL {@code LIKE} patterns whose escape is {@code \}, which
 * is also PostgreSQL's default LIKE escape. PostgreSQL has no object outside a schema or catalog,
 * so an empty schema or catalog string would select nothing; like pgjdbc, whose behaviour the
 * tools were built against, an empty string is taken as "do not filter" too.
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
      sql.append(" AND ").append(column).append(" LIKE ?");
      parameters.add(pattern);
    }
    return this;
  }

  /** {@code AND column = name}, unless the name means "any" (for arguments that are not patterns). */
  CatalogQuery equal(String column, String name) {
    if (filters(name)) {
      sql.append(" AND ").append(column).append(" = ?");
      parameters.add(name);
    }
    return this;
  }

  /** The connection's database is the only catalog: another catalog name selects nothing. */
  CatalogQuery catalog(String catalog) {
    return equal("pg_catalog.current_database()", catalog);
  }

  /** {@code AND column IN (values…)}; {@code null} values mean "any", an empty array selects nothing. */
  CatalogQuery in(String column, String[] values) {
    if (values != null) {
      sql.append(" AND ").append(column).append(values.length == 0 ? " IN (NULL" : " IN (?");
      for (int i = 0; i < values.length; i++) {
        if (i > 0) {
          sql.append(", ?");
        }
        parameters.add(values[i]);
      }
      sql.append(')');
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
    return nameOrPattern != null && !nameOrPattern.isEmpty();
  }
}

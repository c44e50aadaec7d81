package io.sluice.jdbc.internal;

import io.sluice.PreparedQuery;
import io.sluice.sql.RewrittenSql;
import java.sql.ParameterMetaData;
import java.sql.SQLException;

/**
 * A prepared statement's {@link ParameterMetaData}, from the parameter types the server gives
 * each statement of its SQL: a string holding several statements ({@code SELECT … ?; SELECT …
 * ?}) is described statement by statement, each JDBC parameter taking the type of the {@code $n}
 * it became in its own statement ({@link RewrittenSql#parameterStatement}, {@link
 * RewrittenSql#parameterIndex}).
 */
final class ParameterDescriptions {
  private ParameterDescriptions() {}

  /** Prepares statement {@code i} of the SQL on the server. */
  @FunctionalInterface
  interface Describer {
    PreparedQuery describe(int statement) throws SQLException;
  }

  static ParameterMetaData of(RewrittenSql sql, Describer describer, SluiceConnection connection)
      throws SQLException {
    int statements = sql.statements().size();
    if (statements == 0) {
      return new SluiceParameterMetaData(new int[0], connection);
    }
    if (statements == 1) {
      return new SluiceParameterMetaData(describer.describe(0).parameterTypes(), connection);
    }
    int[][] typesOf = new int[statements][];
    int[] statementOf = sql.parameterStatement();
    int[] indexOf = sql.parameterIndex();
    int[] oids = new int[sql.parameterCount()];
    for (int j = 0; j < oids.length; j++) {
      int s = statementOf[j];
      if (indexOf[j] > 0) {
        if (typesOf[s] == null) {
          typesOf[s] = describer.describe(s).parameterTypes();
        }
        oids[j] = typesOf[s][indexOf[j] - 1];
      }
    }
    return new SluiceParameterMetaData(oids, connection);
  }
}

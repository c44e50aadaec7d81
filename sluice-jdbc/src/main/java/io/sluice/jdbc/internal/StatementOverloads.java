package io.sluice.jdbc.internal;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The {@link Connection} overloads that only fill in JDBC's defaults — forward-only, read-only,
 * and the holdability a connection reports ({@link ResultSet#HOLD_CURSORS_OVER_COMMIT}) — and pass
 * on to the full forms {@link SluiceConnection} implements, so that the connection's own file
 * holds what it does rather than the plumbing between overloads. Public only so that reflection
 * through the public {@link SluiceConnection} reaches these methods; not meant to be implemented
 * elsewhere.
 */
public interface StatementOverloads extends Connection {
  @Override
  default Statement createStatement() throws SQLException {
    return createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
  }

  @Override
  default Statement createStatement(int type, int concurrency) throws SQLException {
    return createStatement(type, concurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
  }

  @Override
  default PreparedStatement prepareStatement(String sql) throws SQLException {
    return prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
  }

  @Override
  default PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
    return prepareStatement(sql, type, concurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
  }

  @Override
  default CallableStatement prepareCall(String sql) throws SQLException {
    return prepareCall(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
  }

  @Override
  default CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
    return prepareCall(sql, type, concurrency, ResultSet.HOLD_CURSORS_OVER_COMMIT);
  }
}

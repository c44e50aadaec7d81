package io.sluice.jdbc;

import io.sluice.jdbc.internal.Refusal;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SluicePooledConnection;

import java.sql.SQLException;
import javax.sql.ConnectionPoolDataSource;
import javax.sql.PooledConnection;
import javax.sql.PooledConnectionBuilder;

/**
 * A {@link ConnectionPoolDataSource} for pools that ask for one (application servers): configured
 * like {@link SluiceDataSource}, it opens {@link SluicePooledConnection}s.
 */
public class SluiceConnectionPoolDataSource extends SluiceDataSource implements ConnectionPoolDataSource {
  private static final long serialVersionUID = 1L;

  @Override
  public PooledConnection getPooledConnection() throws SQLException {
    return new SluicePooledConnection((SluiceConnection) getConnection());
  }

  @Override
  public PooledConnection getPooledConnection(String user, String password) throws SQLException {
    return new SluicePooledConnection((SluiceConnection) getConnection(user, password));
  }

  @Override
  public PooledConnectionBuilder createPooledConnectionBuilder() throws SQLException {
    throw Refusal.NO_CONNECTION_BUILDER.of("createPooledConnectionBuilder");
  }
}

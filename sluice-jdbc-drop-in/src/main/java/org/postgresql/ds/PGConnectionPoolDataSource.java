package org.postgresql.ds;

import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SluicePooledConnection;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import javax.sql.ConnectionPoolDataSource;
import javax.sql.PooledConnection;
import javax.sql.PooledConnectionBuilder;
import org.postgresql.ds.common.BaseDataSource;

/**
 * pgjdbc's {@link ConnectionPoolDataSource}, for pools that ask for one (application servers):
 * configured as {@link PGSimpleDataSource}, it opens Sluice's pooled connections, whose handles
 * report their close and their fatal errors to the pool's listeners.
 */
public class PGConnectionPoolDataSource extends BaseDataSource implements ConnectionPoolDataSource {
  private static final long serialVersionUID = 1L;

  private boolean defaultAutoCommit = true;

  @Override
  public String getDescription() {
    return "ConnectionPoolDataSource from Sluice's JDBC driver (pgjdbc's API)";
  }

  @Override
  public PooledConnection getPooledConnection() throws SQLException {
    return pooled(getConnection());
  }

  @Override
  public PooledConnection getPooledConnection(String user, String password) throws SQLException {
    return pooled(getConnection(user, password));
  }

  private PooledConnection pooled(Connection c) throws SQLException {
    try {
      c.setAutoCommit(defaultAutoCommit);
      return new SluicePooledConnection((SluiceConnection) c);
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  @Override
  public PooledConnectionBuilder createPooledConnectionBuilder() throws SQLException {
    throw new SQLFeatureNotSupportedException("createPooledConnectionBuilder: configure the data source's"
        + " properties and call getPooledConnection", "0A000");
  }

  /** Whether a new pooled connection starts in auto-commit mode (true unless set); set when it is opened. */
  public boolean isDefaultAutoCommit() {
    return defaultAutoCommit;
  }

  public void setDefaultAutoCommit(boolean autoCommit) {
    this.defaultAutoCommit = autoCommit;
  }
}

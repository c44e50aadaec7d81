package io.sluice.jdbc;

import io.sluice.jdbc.internal.Refusal;
import io.sluice.jdbc.internal.DriverSettings;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SluicePooledConnection;
import io.sluice.jdbc.internal.SqlErrors;

import io.sluice.ConfigException;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.SluiceException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.ConnectionEvent;
import javax.sql.ConnectionEventListener;

/**
 * A pooling {@link javax.sql.DataSource} over Sluice's own {@link Pool}: {@code getConnection}
 * borrows a pooled connection ({@link Pool#acquire()}) and the handle's {@code close} gives it back
 * with an open transaction rolled back. Each borrow gets a fresh JDBC connection object, so the
 * JDBC state (auto-commit, read-only, isolation, warnings) starts from the defaults every time; the
 * server session is kept as it is ({@link Pool.Lease#closeKeepingSession()}), as HikariCP keeps
 * it: what SQL changed ({@code SET}, temporary tables, advisory locks) and {@code setSchema} stay
 * with the connection, and a reset round trip per borrow is saved. The same {@link #pool()}
 * serves Sluice's native API, pipelined, beside the JDBC code.
 *
 * <p>With {@code readRouting} {@code prefer-standby} or {@code standby}, the pool routes, and a
 * JDBC connection holds no pooled connection: it takes a session per transaction and per
 * auto-commit statement, on a standby after {@code setReadOnly(true)}, and gives it back at its
 * end (docs/jdbc.md, "Reads on standbys"); what SQL changed on a session is then not kept for the
 * connection's next transaction.
 *
 * <p>The server settings (URL, user, password, parameters, listener) are those of a {@link
 * SluiceDataSource}, read once when this data source is made.
 */
public final class SluicePoolDataSource extends DataSourceRefusals implements AutoCloseable {
  private final Pool pool;
  private final DriverSettings settings;

  /** Opens a pool of {@code options} on the settings of {@code server}; a bad setting is a {@link ConfigException}. */
  public SluicePoolDataSource(SluiceDataSource server, PoolOptions options) {
    this.settings = server.settings(server.getUser(), server.getPassword());
    this.pool = Pool.open(settings.config(), options);
  }

  /** The pool behind the JDBC connections, for Sluice's native API. */
  public Pool pool() {
    return pool;
  }

  @Override
  public Connection getConnection() throws SQLException {
    if (settings.config().readRouting() != io.sluice.ReadRouting.PRIMARY) {
      return SluiceConnection.of(pool, settings, null);   // a session per transaction, from the routing pool
    }
    Pool.Lease lease;
    try {
      lease = pool.acquire();
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
    SluicePooledConnection physical = new SluicePooledConnection(SluiceConnection.of(lease.connection(), settings));
    physical.addConnectionEventListener(new GiveBack(lease));
    return physical.getConnection();
  }

  /** Refused: a pool's connections all log in as the role it was made with. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    throw Refusal.POOL_LOGIN.of("getConnection");
  }

  /** Closes the pool (and so {@link #pool()}). */
  @Override
  public void close() {
    pool.close();
  }

  /** None: Sluice logs through {@code System.Logger}. */
  @Override
  public PrintWriter getLogWriter() {
    return null;
  }

  /** Ignored: Sluice logs through {@code System.Logger}. */
  @Override
  public void setLogWriter(PrintWriter out) {}

  /** Ignored: a pooled connection's connect timeout is the server settings' {@code connect_timeout}. */
  @Override
  public void setLoginTimeout(int seconds) {}

  @Override
  public int getLoginTimeout() {
    return 0;
  }

  @Override
  public String toString() {
    return "SluicePoolDataSource[" + pool + "]";
  }

  /**
   * Returns the lease when the handle is closed, or when its connection ended in use (the pool then
   * sees it closed and replaces it). Once: a handle reports one of the two.
   */
  private static final class GiveBack implements ConnectionEventListener {
    private final Pool.Lease lease;

    GiveBack(Pool.Lease lease) {
      this.lease = lease;
    }

    @Override
    public void connectionClosed(ConnectionEvent event) {
      lease.closeKeepingSession();
    }

    @Override
    public void connectionErrorOccurred(ConnectionEvent event) {
      lease.close();
    }
  }
}

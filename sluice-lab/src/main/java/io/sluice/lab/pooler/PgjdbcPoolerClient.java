package io.sluice.lab.pooler;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/** pgjdbc through PgBouncer as its documentation says: {@code prepareThreshold=0}, in HikariCP. */
final class PgjdbcPoolerClient extends PoolerClient {
  private final HikariDataSource pool;

  PgjdbcPoolerClient(String url, String user) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(url + "?prepareThreshold=0");
    c.setUsername(user);
    c.setMaximumPoolSize(PoolerLoad.CLIENT_CONNECTIONS);
    c.setPoolName("lab-pooler");
    this.pool = new HikariDataSource(c);
  }

  @Override
  public String name() {
    return "pgjdbc";
  }

  @Override
  public String description() {
    return "pgjdbc " + org.postgresql.Driver.class.getPackage().getImplementationVersion() + " with HikariCP of "
        + PoolerLoad.CLIENT_CONNECTIONS + " through PgBouncer (transaction mode), prepareThreshold=0";
  }

  @Override
  long select(int id) throws Exception {
    try (Connection c = pool.getConnection(); PreparedStatement s = c.prepareStatement(PoolerLoad.SELECT_JDBC)) {
      s.setInt(1, id);
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return r.getLong(1);
      }
    }
  }

  @Override
  long transaction(int row) throws Exception {
    try (Connection c = pool.getConnection()) {
      c.setAutoCommit(false);
      try (PreparedStatement u = c.prepareStatement(PoolerLoad.UPDATE_JDBC);
          PreparedStatement r = c.prepareStatement(PoolerLoad.READ_JDBC)) {
        u.setInt(1, row);
        u.executeUpdate();
        r.setInt(1, row);
        long n;
        try (ResultSet rs = r.executeQuery()) {
          rs.next();
          n = rs.getLong(1);
        }
        c.commit();
        return n;
      } catch (Exception e) {
        c.rollback();
        throw e;
      } finally {
        c.setAutoCommit(true);
      }
    }
  }

  @Override
  public void close() {
    pool.close();
  }
}

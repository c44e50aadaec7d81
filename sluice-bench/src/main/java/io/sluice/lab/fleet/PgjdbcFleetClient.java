package io.sluice.lab.fleet;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;

/**
 * pgjdbc as applications use it over a fleet: two HikariCP pools, one for writes ({@code
 * targetServerType=primary}) and one for reads ({@code targetServerType=preferSecondary&loadBalanceHosts=true}),
 * which picks a standby per physical connection and knows nothing of lag or of the writes.
 */
final class PgjdbcFleetClient extends FleetClient {
  private final HikariDataSource writes;
  private final HikariDataSource reads;

  PgjdbcFleetClient(String hostsAndDb, String user) {
    this.writes = pool(hostsAndDb + "?targetServerType=primary", user, "lab-fleet-writes");
    this.reads = pool(hostsAndDb + "?targetServerType=preferSecondary&loadBalanceHosts=true", user, "lab-fleet-reads");
  }

  private static HikariDataSource pool(String url, String user, String name) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl(url);
    c.setUsername(user);
    c.setMaximumPoolSize(FleetReads.POOL_SIZE);
    c.setPoolName(name);
    return new HikariDataSource(c);
  }

  @Override
  public String name() {
    return "pgjdbc";
  }

  @Override
  public String description() {
    return "pgjdbc " + org.postgresql.Driver.class.getPackage().getImplementationVersion() + " with two HikariCP"
        + " pools of " + FleetReads.POOL_SIZE + ": writes targetServerType=primary, reads"
        + " targetServerType=preferSecondary&loadBalanceHosts=true";
  }

  @Override
  void write(long id) throws Exception {
    try (Connection c = writes.getConnection(); PreparedStatement s = c.prepareStatement(FleetReads.INSERT_JDBC)) {
      s.setLong(1, id);
      s.executeUpdate();
    }
  }

  @Override
  Read read(long id) throws Exception {
    try (Connection c = reads.getConnection(); PreparedStatement s = c.prepareStatement(FleetReads.SELECT_JDBC)) {
      c.setReadOnly(true);
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return new Read(r.getLong(1) == 1, r.getBoolean(2));
      }
    }
  }

  @Override
  public void close() {
    writes.close();
    reads.close();
  }
}

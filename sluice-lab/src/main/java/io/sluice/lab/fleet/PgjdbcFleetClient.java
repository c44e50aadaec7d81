package io.sluice.lab.fleet;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.SluiceException.Outcome;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * pgjdbc as applications use it over a fleet: two HikariCP pools, one for writes ({@code
 * targetServerType=primary}) and one for reads ({@code targetServerType=preferSecondary&loadBalanceHosts=true}),
 * which picks a standby per physical connection and knows nothing of lag or of the writes.
 */
final class PgjdbcFleetClient extends FleetClient {
  /** SQLSTATEs pgjdbc raises when it could not connect: nothing was sent. */
  private static final Set<String> NOT_CONNECTED = Set.of("08001", "08004");
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

  /**
   * pgjdbc does not say whether a failed statement ran; these failures cannot have run it: the pool
   * gave no connection (HikariCP's {@code SQLTransientConnectionException}), no connection could be
   * made (SQLSTATE class 08 codes 08001 and 08004, raised while connecting), or the server refused
   * the write as read-only (25006). Any other server error ran and rolled back; the rest (I/O
   * errors, a session ended by the server) may have committed.
   */
  @Override
  Outcome outcome(Exception e) {
    if (e instanceof SQLTransientConnectionException) {
      return Outcome.NOT_SENT;
    }
    String state = e instanceof SQLException s ? s.getSQLState() : null;
    if (state == null || state.startsWith("08") && !NOT_CONNECTED.contains(state) || state.startsWith("57P")) {
      return Outcome.UNKNOWN;
    }
    return NOT_CONNECTED.contains(state) || state.equals("25006") ? Outcome.NOT_SENT : Outcome.SERVER_ERROR;
  }

  @Override
  public void close() {
    writes.close();
    reads.close();
  }
}

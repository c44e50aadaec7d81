package io.sluice.bench;

import io.sluice.testkit.PostgresServer;
import java.sql.SQLException;

/** The shared test server with the data sets loaded, once per test JVM. */
final class BenchServer {
  private static Target target;

  private BenchServer() {}

  static synchronized Target target() throws SQLException {
    if (target == null) {
      Target t = Target.of(PostgresServer.shared());
      Datasets.ensure(t);
      target = t;
    }
    return target;
  }
}

package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A dedicated PostgreSQL 15 from Debian, when installed (package postgresql-15); skipped otherwise. */
@ServerTest
class Debian15ServerTest extends AuthMatrixTests {
  private static PostgresServer server;

  @BeforeAll
  static void startServer() {
    assumeTrue(Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/postgres")), "postgresql-15 is not installed");
    // log_connections: PostgreSQL 15 has no system_user, so the test reads the method from the log
    server = PostgresServer.start(PostgresServer.Options.defaults().withVersion("15").withSetting("log_connections", "on"));
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  PostgresServer server() {
    return server;
  }

  @Test
  void isVersion15() {
    assertEquals(15, server.majorVersion());
    assertEquals(Path.of("/usr/lib/postgresql/15/bin"), server.binDirectory());
  }
}

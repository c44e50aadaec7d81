package io.sluice.testkit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;

/** {@link FleetChecks} on Debian's PostgreSQL 15, when installed (package postgresql-15); skipped otherwise. */
class Fleet15Test extends FleetChecks {
  @BeforeAll
  static void start() {
    assumeTrue(Files.isExecutable(Path.of("/usr/lib/postgresql/15/bin/postgres")), "postgresql-15 is not installed");
    startFleet("15");
  }

  @Override
  int expectedMajor() {
    return 15;
  }
}

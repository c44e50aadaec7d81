package io.sluice.testkit;

import org.junit.jupiter.api.BeforeAll;

/** {@link FleetChecks} on the embedded PostgreSQL 18. */
class Fleet18Test extends FleetChecks {
  @BeforeAll
  static void start() {
    startFleet("18");
  }

  @Override
  int expectedMajor() {
    return 18;
  }
}

package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Pool;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a routing connection knows about the server without a session (issue 36 §1): {@code
 * prepareStatement} reads {@code standard_conforming_strings} from what the pool already knows
 * ({@link Pool#serverParameters()}), so it takes no session — which over a fleet could wait for a
 * standby or a primary. A routing pool over one server (it reads on the primary) is enough to see it.
 */
@ServerTest
class RoutingFactsTest {
  static final Duration BOUND = Duration.ofSeconds(30);

  @Test
  void prepareStatementOnAFreshRoutingConnectionTakesNoSession() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl("jdbc:sluice:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database() + "?user="
        + pg.superuser() + "&readRouting=prefer-standby");
    try (ds; Connection c = ds.getConnection()) {
      Pool pool = c.unwrap(Pool.class);
      long deadline = System.nanoTime() + BOUND.toNanos();
      while (pool.serverParameters().isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "the monitor's first session within " + BOUND);
        Thread.sleep(5);   // polling a condition with a bound
      }
      Map<String, String> known = pool.serverParameters();
      assertEquals("on", known.get("standard_conforming_strings"), known.toString());
      assertTrue(known.get("server_version").startsWith(pg.psql("SHOW server_version").strip()), known.toString());
      assertEquals("on", known.get("integer_datetimes"));
      long acquired = pool.stats().acquired();
      c.setReadOnly(true);
      try (PreparedStatement s = c.prepareStatement("SELECT 'a\\b' || ?")) {
        assertEquals(acquired, pool.stats().acquired(), "prepareStatement took no session");
        s.setString(1, "c");
        try (ResultSet rs = s.executeQuery()) {
          assertTrue(rs.next());
          assertEquals("a\\bc", rs.getString(1));
        }
      }
      assertTrue(pool.stats().acquired() > acquired, "the query took one");
    }
  }
}

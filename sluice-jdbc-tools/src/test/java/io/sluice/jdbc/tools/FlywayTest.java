package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Flyway (flyway-core with flyway-database-postgresql) on sluice-jdbc: versioned and repeatable
 * migrations holding DO blocks, dollar-quoted functions and a jsonb {@code ?} operator; info,
 * validate and clean; configured by DataSource, by URL with the driver class named, and by a
 * {@code jdbc:postgresql:} URL alone.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class FlywayTest {
  private static final String LOCATION = "classpath:db/flyway";

  @Test
  void migrateInfoValidateAndCleanThroughTheDataSource() throws SQLException {
    ToolsDatabase db = ToolsDatabase.create("tools_flyway");
    Flyway flyway = Flyway.configure().dataSource(db.dataSource()).locations(LOCATION).cleanDisabled(false).load();

    MigrateResult result = flyway.migrate();
    assertTrue(result.success);
    assertEquals(4, result.migrationsExecuted, "three versioned migrations and one repeatable");
    assertEquals("3", result.targetSchemaVersion);
    assertEquals("PostgreSQL", result.databaseType);

    MigrationInfo[] applied = flyway.info().applied();
    assertEquals(List.of("1", "2", "3", "null"),
        Arrays.stream(applied).map(m -> String.valueOf(m.getVersion())).toList());
    assertTrue(Arrays.stream(applied).allMatch(m -> m.getState() == MigrationState.SUCCESS),
        Arrays.toString(applied));
    assertTrue(flyway.validateWithResult().validationSuccessful);

    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT email, spent, (SELECT note FROM purchase) FROM customer_spend"
            + " ORDER BY email")) {
      assertTrue(rs.next());
      assertEquals("ada@example.com", rs.getString(1));
      assertEquals(new BigDecimal("12.00"), rs.getBigDecimal(2), "price_with_tax ran in the view");
      assertEquals("first; with a semicolon and a question?", rs.getString(3));
      assertTrue(rs.next());
      assertEquals(0, rs.getBigDecimal(2).signum());
    }

    assertEquals(0, flyway.migrate().migrationsExecuted, "nothing left to apply");

    flyway.clean();
    assertEquals(4, flyway.info().pending().length, "after clean everything is pending again");
    try (Connection c = db.connect();
        ResultSet rs = c.getMetaData().getTables(null, "public", "customer", null)) {
      assertFalse(rs.next(), "clean dropped the tables");
    }
  }

  @Test
  void aUrlWithTheDriverClassNamed() throws SQLException {
    ToolsDatabase db = ToolsDatabase.create("tools_flyway_driver");
    Flyway flyway = Flyway.configure()
        .driver("io.sluice.jdbc.SluiceDriver")
        .dataSource(db.postgresqlUrl(), db.user(), "")
        .locations(LOCATION)
        .load();
    assertEquals(4, flyway.migrate().migrationsExecuted);
    assertRanOnSluice(flyway);
  }

  /**
   * Flyway derives {@code org.postgresql.Driver} from the URL and instantiates it by name; the
   * sluice-jdbc-drop-in artifact supplies that class, delegating to SluiceDriver.
   */
  @Test
  void aPostgresqlUrlAlone() throws SQLException {
    ToolsDatabase db = ToolsDatabase.create("tools_flyway_url");
    Flyway flyway = Flyway.configure().dataSource(db.postgresqlUrl(), db.user(), "").locations(LOCATION).load();
    assertEquals(4, flyway.migrate().migrationsExecuted);
    assertTrue(flyway.validateWithResult().validationSuccessful);
    assertRanOnSluice(flyway);
  }

  private static void assertRanOnSluice(Flyway flyway) throws SQLException {
    try (Connection c = flyway.getConfiguration().getDataSource().getConnection()) {
      assertTrue(c.isWrapperFor(io.sluice.Connection.class), "a Sluice connection: " + c.getClass());
      assertEquals("io.sluice.jdbc.internal.SluiceDatabaseMetaData", c.getMetaData().getClass().getName());
    }
  }
}

package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * pgjdbc's {@code hideUnprivilegedObjects}: metadata lists only the schemas, tables, views,
 * routines and types the user holds a privilege on; without it, everything the catalogue shows.
 * Against a role of its own (the testkit's pg_hba lets any role a test creates log in with SCRAM).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataHiddenObjectsTest {
  static final String ROLE = "sluice_hidden_md";
  static final String PASSWORD = "hide-1";

  @BeforeAll
  static void objects() throws SQLException {
    assumeTrue(PostgresServer.shared().prepared(), "the server was not started by the testkit: no pg_hba rules for new roles");
    try (Connection admin = TestDatabase.connect(); Statement s = admin.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS hid_open CASCADE; DROP SCHEMA IF EXISTS hid_closed CASCADE;"
          + " DROP ROLE IF EXISTS " + ROLE);
      s.execute("CREATE ROLE " + ROLE + " LOGIN PASSWORD '" + PASSWORD + "'");
      s.execute("CREATE SCHEMA hid_open; CREATE SCHEMA hid_closed; GRANT USAGE ON SCHEMA hid_open TO " + ROLE);
      s.execute("CREATE TABLE hid_open.granted_t (i int); CREATE TABLE hid_open.secret_t (i int);"
          + " GRANT SELECT ON hid_open.granted_t TO " + ROLE);
      s.execute("CREATE VIEW hid_open.granted_v AS SELECT 1 AS i; CREATE VIEW hid_open.secret_v AS SELECT 1 AS i;"
          + " GRANT SELECT ON hid_open.granted_v TO " + ROLE);
      s.execute("CREATE FUNCTION hid_open.granted_f() RETURNS int LANGUAGE sql AS 'SELECT 1';"
          + " CREATE FUNCTION hid_open.secret_f() RETURNS int LANGUAGE sql AS 'SELECT 1';"
          + " REVOKE EXECUTE ON FUNCTION hid_open.secret_f() FROM PUBLIC");
      s.execute("CREATE PROCEDURE hid_open.granted_p() LANGUAGE sql AS 'SELECT 1';"
          + " CREATE PROCEDURE hid_open.secret_p() LANGUAGE sql AS 'SELECT 1';"
          + " REVOKE EXECUTE ON PROCEDURE hid_open.secret_p() FROM PUBLIC");
      s.execute("CREATE TYPE hid_open.granted_ty AS (i int); CREATE TYPE hid_open.secret_ty AS (i int);"
          + " REVOKE USAGE ON TYPE hid_open.secret_ty FROM PUBLIC;"
          + " CREATE DOMAIN hid_open.granted_d AS int; CREATE DOMAIN hid_open.secret_d AS int;"
          + " REVOKE USAGE ON DOMAIN hid_open.secret_d FROM PUBLIC");
    }
  }

  @AfterAll
  static void drop() throws SQLException {
    try (Connection admin = TestDatabase.connect(); Statement s = admin.createStatement()) {
      s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
      s.execute("DROP SCHEMA IF EXISTS hid_open CASCADE; DROP SCHEMA IF EXISTS hid_closed CASCADE;"
          + " DROP ROLE IF EXISTS " + ROLE);
    }
  }

  static Connection as(boolean hide) throws SQLException {
    String url = TestDatabase.url().replaceFirst("user=[^&]*", "user=" + ROLE).replaceFirst("&password=[^&]*", "");
    return DriverManager.getConnection(url + "&password=" + PASSWORD + "&hideUnprivilegedObjects=" + hide);
  }

  static List<String> names(ResultSet rs, String column) throws SQLException {
    List<String> names = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        names.add(rs.getString(column));
      }
    }
    return names;
  }

  @Test
  void hiddenObjectsAreLeftOut() throws SQLException {
    try (Connection c = as(true)) {
      DatabaseMetaData md = c.getMetaData();
      assertEquals(List.of("hid_open"), names(md.getSchemas(null, "hid\\_%"), "TABLE_SCHEM"));
      assertEquals(List.of("granted_t"), names(md.getTables(null, "hid_open", "%", new String[] {"TABLE"}), "TABLE_NAME"));
      assertEquals(List.of("granted_v"), names(md.getTables(null, "hid_open", "%", new String[] {"VIEW"}), "TABLE_NAME"));
      assertEquals(List.of("granted_f"), names(md.getFunctions(null, "hid_open", "%"), "FUNCTION_NAME"));
      assertEquals(List.of("granted_p"), names(md.getProcedures(null, "hid_open", "%"), "PROCEDURE_NAME"));
      assertEquals(List.of("granted_d", "granted_ty"), names(md.getUDTs(null, "hid_open", "%", null), "TYPE_NAME"));
      List<String> types = names(md.getTypeInfo(), "TYPE_NAME");
      assertEquals(List.of(true, false),
          List.of(types.contains("\"hid_open\".\"granted_d\""), types.contains("\"hid_open\".\"secret_d\"")));
    }
  }

  @Test
  void withoutTheSettingEverythingIsListed() throws SQLException {
    try (Connection c = as(false)) {
      DatabaseMetaData md = c.getMetaData();
      assertEquals(List.of("hid_closed", "hid_open"), names(md.getSchemas(null, "hid\\_%"), "TABLE_SCHEM"));
      assertEquals(List.of("granted_t", "secret_t"),
          names(md.getTables(null, "hid_open", "%", new String[] {"TABLE"}), "TABLE_NAME"));
      assertEquals(List.of("granted_f", "secret_f"), names(md.getFunctions(null, "hid_open", "%"), "FUNCTION_NAME"));
      assertEquals(List.of("granted_p", "secret_p"), names(md.getProcedures(null, "hid_open", "%"), "PROCEDURE_NAME"));
    }
  }

  @Test
  void aValueThatIsNoBooleanIsRefusedByName() {
    SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class,
        () -> DriverManager.getConnection(TestDatabase.url() + "&hideUnprivilegedObjects=sometimes").close());
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("hideUnprivilegedObjects"), e.getMessage());
  }
}

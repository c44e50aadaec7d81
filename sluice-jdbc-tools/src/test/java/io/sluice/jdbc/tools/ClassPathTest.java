package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tools here run on Sluice alone: pgjdbc is not on this class path, and its URL reaches Sluice. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClassPathTest {
  @Test
  void pgjdbcIsAbsent() {
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.jdbc.PgConnection"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.util.PSQLException"));
  }

  @Test
  void theOnlyDriverForBothUrlFormsIsSluice() throws SQLException {
    ToolsDatabase db = ToolsDatabase.create("tools_classpath");
    assertEquals("io.sluice.jdbc.SluiceDriver", DriverManager.getDriver(db.postgresqlUrl()).getClass().getName());
    assertEquals("io.sluice.jdbc.SluiceDriver", DriverManager.getDriver(db.sluiceUrl()).getClass().getName());
  }

  @Test
  void theAliasClassIsTheSluiceDriver() throws Exception {
    java.sql.Driver alias = (java.sql.Driver) Class.forName("org.postgresql.Driver").getConstructor().newInstance();
    ToolsDatabase db = ToolsDatabase.create("tools_classpath_alias");
    var props = new java.util.Properties();
    props.setProperty("user", db.user());
    assertTrue(alias.acceptsURL(db.postgresqlUrl()));
    assertFalse(alias.acceptsURL("jdbc:mysql://localhost/x"));
    try (var c = alias.connect(db.postgresqlUrl(), props)) {
      assertTrue(c.isWrapperFor(io.sluice.Connection.class));
    }
    assertNull(alias.connect("jdbc:mysql://localhost/x", props), "another driver's URL: null, as JDBC asks");
  }
}

package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The tools here run on Sluice alone: pgjdbc is not on this class path, and its URL reaches Sluice. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
@ServerTest
class ClassPathTest {
  @Test
  void pgjdbcIsAbsent() {
    // pgjdbc's wire classes: the drop-in gives pgjdbc's API names (PgConnection, BaseConnection), never these.
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.core.v3.QueryExecutorImpl"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.core.PGStream"));
  }

  /** pgjdbc's API names on this class path are the drop-in's, over Sluice (issue 35). */
  @Test
  void pgjdbcsApiNamesAreTheDropIns() throws Exception {
    for (String name : new String[] {"org.postgresql.util.PSQLException", "org.postgresql.jdbc.PgConnection",
        "org.postgresql.core.BaseConnection"}) {
      String from = Class.forName(name).getProtectionDomain().getCodeSource().getLocation().toString();
      assertTrue(from.contains("sluice-jdbc-drop-in"), name + " from " + from);
    }
  }

  @Test
  void bothUrlFormsOpenSluiceConnections() throws SQLException {
    ToolsDatabase db = ToolsDatabase.create("tools_classpath");
    var props = new java.util.Properties();
    props.setProperty("user", db.user());
    for (String url : new String[] {db.postgresqlUrl(), db.sluiceUrl()}) {
      try (var c = DriverManager.getConnection(url, props)) {
        assertTrue(c.isWrapperFor(io.sluice.Connection.class), url);
      }
    }
  }
}

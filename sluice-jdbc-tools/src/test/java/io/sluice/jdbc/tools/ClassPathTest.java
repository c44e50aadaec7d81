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
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.jdbc.PgConnection"));
    assertThrows(ClassNotFoundException.class, () -> Class.forName("org.postgresql.core.BaseConnection"));
  }

  /** pgjdbc's API names on this class path are the drop-in's, over Sluice (issue 35). */
  @Test
  void pgjdbcsApiNamesAreTheDropIns() throws Exception {
    String from = Class.forName("org.postgresql.util.PSQLException").getProtectionDomain().getCodeSource()
        .getLocation().toString();
    assertTrue(from.contains("sluice-jdbc-drop-in"), from);
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

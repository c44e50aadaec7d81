package io.sluice.jdbc.internal;

import io.sluice.jdbc.SluiceDriver;
import io.sluice.jdbc.TestDatabase;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Who answers jdbc:postgresql: URLs: Sluice unless pgjdbc is there, or as the property says. */
@ServerTest
class PostgresqlUrlsTest {
  @Test
  void pgjdbcKeepsItsUrlsUnlessTold() {
    assertTrue(PostgresqlUrls.claimed(null, false), "no pgjdbc: Sluice answers jdbc:postgresql:");
    assertFalse(PostgresqlUrls.claimed(null, true), "pgjdbc present: jdbc:postgresql: stays its");
    assertTrue(PostgresqlUrls.claimed("claim", true));
    assertFalse(PostgresqlUrls.claimed(" LEAVE ", false));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PostgresqlUrls.claimed("yes", false));
    assertTrue(e.getMessage().contains(PostgresqlUrls.PROPERTY), e.getMessage());
  }

  /** This module's tests run without pgjdbc: both URL forms reach Sluice through DriverManager. */
  @Test
  void withoutPgjdbcBothFormsOpenSluice() throws SQLException {
    assertTrue(PostgresqlUrls.claimed());
    for (String form : new String[] {"postgresql:", "sluice:postgresql:"}) {
      try (java.sql.Connection c = DriverManager.getConnection(TestDatabase.url(form))) {
        assertTrue(c.isWrapperFor(io.sluice.Connection.class), form);
      }
    }
    assertFalse(new SluiceDriver().acceptsURL("jdbc:mysql://x/y"));
  }
}

package io.sluice.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** A test class's one JDBC connection to the test server, opened before its tests and closed after. */
public abstract class OneConnection {
  public static Connection c;

  @BeforeAll
  public static void connect() throws SQLException {
    c = TestDatabase.connect();
  }

  @AfterAll
  public static void disconnect() throws SQLException {
    c.close();
  }
}

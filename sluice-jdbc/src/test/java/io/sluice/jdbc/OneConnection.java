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

  /** The first column of the first row of {@code sql} run with {@code values} (setObject), as text. */
  public static String text(String sql, Object... values) throws SQLException {
    try (java.sql.PreparedStatement p = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        p.setObject(i + 1, values[i]);
      }
      try (java.sql.ResultSet rs = p.executeQuery()) {
        if (!rs.next()) {
          throw new AssertionError("no row from " + sql);
        }
        return rs.getString(1);
      }
    }
  }
}

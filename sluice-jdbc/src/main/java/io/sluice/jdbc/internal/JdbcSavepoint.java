package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.Savepoint;

/** A savepoint of a JDBC transaction; its SQL name is always quoted, so any given name is safe. */
record JdbcSavepoint(int id, String name) implements Savepoint {
  /** The name in SQL: the given one quoted, or {@code sluice_jdbc_sp_<id>} for an unnamed savepoint. */
  String sqlName() {
    return io.sluice.sql.Identifiers.quote(name != null ? name : "sluice_jdbc_sp_" + id);
  }

  static JdbcSavepoint of(Savepoint s) throws SQLException {
    if (s instanceof JdbcSavepoint j) {
      return j;
    }
    throw SqlErrors.of("not a savepoint of this driver: " + s, "3B001");
  }

  @Override
  public int getSavepointId() throws SQLException {
    if (name != null) {
      throw SqlErrors.of("a named savepoint has no id", "3B000");
    }
    return id;
  }

  @Override
  public String getSavepointName() throws SQLException {
    if (name == null) {
      throw SqlErrors.of("an unnamed savepoint has no name", "3B000");
    }
    return name;
  }
}

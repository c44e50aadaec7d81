package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * A savepoint of a JDBC transaction; its SQL name is always quoted, so any given name is safe.
 * Once released ({@code RELEASE SAVEPOINT}) it is gone on the server, and every use of it is
 * refused before anything is sent, as pgjdbc's {@code PSQLSavepoint} does: "Cannot reference a
 * savepoint after it has been released" ({@code 3B000}, invalid_savepoint_specification).
 * Rolling back to it keeps it (PostgreSQL's {@code ROLLBACK TO SAVEPOINT} does).
 */
final class JdbcSavepoint implements Savepoint {
  private final int id;
  private final String name;
  private volatile boolean released;

  JdbcSavepoint(int id, String name) {
    this.id = id;
    this.name = name;
  }

  /** The name in SQL: the given one quoted, or {@code sluice_jdbc_sp_<id>} for an unnamed savepoint. */
  String sqlName() throws SQLException {
    checkValid();
    return io.sluice.sql.Identifiers.quote(name != null ? name : "sluice_jdbc_sp_" + id);
  }

  /** {@code RELEASE SAVEPOINT} ran: the savepoint no longer exists. */
  void released() {
    released = true;
  }

  static JdbcSavepoint of(Savepoint s) throws SQLException {
    if (s instanceof JdbcSavepoint j) {
      return j;
    }
    throw SqlErrors.of("not a savepoint of this driver: " + s, "3B001");
  }

  private void checkValid() throws SQLException {
    if (released) {
      throw SqlErrors.of("cannot reference a savepoint after it has been released", "3B000");
    }
  }

  /** The id of an unnamed savepoint; a named one has none ({@code 42809}, wrong_object_type, as pgjdbc). */
  @Override
  public int getSavepointId() throws SQLException {
    checkValid();
    if (name != null) {
      throw SqlErrors.of("cannot retrieve the id of a named savepoint", "42809");
    }
    return id;
  }

  /** The name of a named savepoint; an unnamed one has none ({@code 42809}, as pgjdbc). */
  @Override
  public String getSavepointName() throws SQLException {
    checkValid();
    if (name == null) {
      throw SqlErrors.of("cannot retrieve the name of an unnamed savepoint", "42809");
    }
    return name;
  }

  @Override
  public String toString() {
    return (name != null ? "savepoint " + name : "savepoint " + id) + (released ? " (released)" : "");
  }
}

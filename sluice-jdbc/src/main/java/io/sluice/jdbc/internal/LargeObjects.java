package io.sluice.jdbc.internal;

import io.sluice.SluiceException;
import java.sql.SQLException;

/**
 * A connection's large objects (PostgreSQL manual, "Large Objects"), through the server-side
 * functions of chapter "Server-Side Functions", run as ordinary statements in the JDBC
 * transaction: {@code lo_create}, {@code lo_get}/{@code lo_put} (by oid and offset, so that no
 * descriptor outlives a call), and {@code lo_open} + {@code lo_lseek64}/{@code lo_truncate64} +
 * {@code lo_close} in one statement where only a descriptor can do the work. pgjdbc calls the
 * same functions by the fastpath protocol ({@code LargeObjectManager}); the results are the same.
 *
 * <p>As in pgjdbc ({@code LargeObjectManager.open}/{@code createLO}), large objects are used only
 * with auto-commit off: {@code 25P01} "Large Objects may not be used in auto-commit mode." A large
 * object and the row that names it are then written, or rolled back, together.
 */
final class LargeObjects {
  /** {@code INV_WRITE} and {@code INV_READ} of libpq-fs.h, the modes {@code lo_open} takes. */
  private static final int INV_WRITE = 0x20000;

  private static final int INV_READ = 0x40000;

  /**
   * The size: lo_lseek64 to the end (SEEK_END, 2) on a descriptor opened for reading. OFFSET 0
   * keeps each level a subquery the planner neither flattens nor pushes the outer filter into,
   * so lo_close runs after lo_lseek64, once, on the row it produced.
   */
  private static final String LENGTH = "SELECT n FROM (SELECT fd, lo_lseek64(fd, 0, 2) AS n"
      + " FROM (SELECT lo_open($1::oid, " + INV_READ + ") AS fd OFFSET 0) d OFFSET 0) s WHERE lo_close(fd) = 0";

  /** lo_truncate64 on a descriptor opened for writing, closed as in {@link #LENGTH}. */
  private static final String TRUNCATE = "SELECT r FROM (SELECT fd, lo_truncate64(fd, $2) AS r"
      + " FROM (SELECT lo_open($1::oid, " + INV_WRITE + ") AS fd OFFSET 0) d OFFSET 0) s WHERE lo_close(fd) = 0";

  private final SluiceConnection connection;

  LargeObjects(SluiceConnection connection) {
    this.connection = connection;
  }

  SluiceConnection connection() {
    return connection;
  }

  /** A new, empty large object's oid (lo_create(0): the server picks it). */
  long create() throws SQLException {
    return run(s -> s.query("SELECT lo_create(0)").get(0).getLong(0));
  }

  /** Up to {@code length} bytes from 0-based {@code offset}; fewer, or none, past the end. */
  byte[] read(long oid, long offset, int length) throws SQLException {
    if (length == 0) {
      return new byte[0];
    }
    return run(s -> s.query("SELECT lo_get($1::oid, $2, $3)", oid, offset, length).get(0).getBytes(0));
  }

  /** Writes {@code bytes} at 0-based {@code offset}, growing the object as needed. */
  void write(long oid, long offset, byte[] bytes) throws SQLException {
    run(s -> s.query("SELECT lo_put($1::oid, $2, $3)", oid, offset, bytes));
  }

  long length(long oid) throws SQLException {
    return run(s -> s.query(LENGTH, oid).get(0).getLong(0));
  }

  void truncate(long oid, long length) throws SQLException {
    run(s -> s.query(TRUNCATE, oid, length));
  }

  private <T> T run(Sessions.Work<T> work) throws SQLException {
    if (connection.getAutoCommit()) {
      // pgjdbc's LargeObjectManager.open and createLO: PSQLState.NO_ACTIVE_SQL_TRANSACTION
      throw SqlErrors.of("Large Objects may not be used in auto-commit mode.", "25P01");
    }
    connection.beforeStatement();
    try {
      return connection.inSession(work);
    } catch (SluiceException e) {
      throw connection.failed(e);
    }
  }
}

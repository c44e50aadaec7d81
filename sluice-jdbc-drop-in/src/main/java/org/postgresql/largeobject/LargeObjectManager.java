package org.postgresql.largeobject;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/**
 * pgjdbc's large object API over one connection ({@code PGConnection.getLargeObjectAPI()}): made
 * of the server's functions ({@code lo_creat}, {@code lo_open}, {@code lo_unlink}…) called as
 * SQL, where pgjdbc calls them over the fastpath protocol. A large object's descriptor lives only
 * as long as the transaction it was opened in, so {@link #open} and {@link #createLO} refuse to
 * run in auto-commit mode, with pgjdbc's message and SQLSTATE 25P01.
 */
public class LargeObjectManager {
  /** {@code INV_WRITE}: open for writing. */
  public static final int WRITE = 0x00020000;
  /** {@code INV_READ}: open for reading. */
  public static final int READ = 0x00040000;
  public static final int READWRITE = READ | WRITE;

  private final Connection connection;

  public LargeObjectManager(Connection connection) {
    this.connection = connection;
  }

  private void inTransaction() throws SQLException {
    if (connection.getAutoCommit()) {
      throw new PSQLException("Large Objects may not be used in auto-commit mode.",
          PSQLState.NO_ACTIVE_SQL_TRANSACTION);
    }
  }

  /** Opens the object for reading and writing. */
  public LargeObject open(long oid) throws SQLException {
    return open(oid, READWRITE, false);
  }

  /** Opens the object for reading and writing; {@code commitOnClose}: its {@code close()} commits the transaction. */
  public LargeObject open(long oid, boolean commitOnClose) throws SQLException {
    return open(oid, READWRITE, commitOnClose);
  }

  public LargeObject open(long oid, int mode) throws SQLException {
    return open(oid, mode, false);
  }

  /** Opens the object in {@code mode} ({@link #READ}, {@link #WRITE} or {@link #READWRITE}). */
  public LargeObject open(long oid, int mode, boolean commitOnClose) throws SQLException {
    inTransaction();
    return new LargeObject(connection, oid, mode, commitOnClose);
  }

  /** As {@link #open(long)}, for an OID given as an int (negative for OIDs above 2^31, as pgjdbc's int OIDs). */
  @Deprecated
  public LargeObject open(int oid) throws SQLException {
    return open(unsigned(oid));
  }

  public LargeObject open(int oid, boolean commitOnClose) throws SQLException {
    return open(unsigned(oid), commitOnClose);
  }

  @Deprecated
  public LargeObject open(int oid, int mode) throws SQLException {
    return open(unsigned(oid), mode);
  }

  public LargeObject open(int oid, int mode, boolean commitOnClose) throws SQLException {
    return open(unsigned(oid), mode, commitOnClose);
  }

  /** Creates an empty large object; returns its OID. */
  public long createLO() throws SQLException {
    return createLO(READWRITE);
  }

  /** As {@link #createLO()}; the server ignores {@code mode} (kept for pgjdbc's signature). */
  public long createLO(int mode) throws SQLException {
    inTransaction();
    return LargeObject.longOf(connection, "select pg_catalog.lo_creat(?)::int8", mode);
  }

  /** As {@link #createLO()}, the OID as an int. */
  @Deprecated
  public int create() throws SQLException {
    return (int) createLO();
  }

  @Deprecated
  public int create(int mode) throws SQLException {
    return (int) createLO(mode);
  }

  /** Deletes the large object ({@code lo_unlink}). */
  public void delete(long oid) throws SQLException {
    LargeObject.longOf(connection, "select pg_catalog.lo_unlink(?::int8::oid)::int8", oid);
  }

  public void unlink(long oid) throws SQLException {
    delete(oid);
  }

  @Deprecated
  public void delete(int oid) throws SQLException {
    delete(unsigned(oid));
  }

  @Deprecated
  public void unlink(int oid) throws SQLException {
    delete(unsigned(oid));
  }

  private static long unsigned(int oid) {
    return oid & 0xFFFF_FFFFL;
  }
}

package io.sluice.jdbc.internal;

import java.sql.SQLException;

/**
 * {@code Connection.createBlob}, {@code createClob} and {@code createNClob}, which pgjdbc does not
 * offer: each is a new, empty large object ({@code lo_create}, so in a transaction, as every large
 * object call), written through the Blob's or Clob's setters and bound by {@code setBlob} or
 * {@code setClob} as it is, by its oid, where a Blob of any other origin is copied.
 */
final class LobFactories {
  private LobFactories() {}

  static LargeObjectBlob blob(SluiceConnection connection) throws SQLException {
    connection.checkOpen();
    LargeObjects lobs = new LargeObjects(connection);
    return new LargeObjectBlob(lobs, lobs.create(), LargeObjectBlob.Origin.CREATED);
  }

  static LargeObjectClob clob(SluiceConnection connection) throws SQLException {
    connection.checkOpen();
    LargeObjects lobs = new LargeObjects(connection);
    return new LargeObjectClob(lobs, lobs.create(), LargeObjectBlob.Origin.CREATED);
  }
}

package io.sluice.jdbc.internal;

import java.sql.SQLException;

/**
 * {@code Connection.createBlob}, {@code createClob} and {@code createNClob}, which pgjdbc does not
 * offer: each is a new, empty large object, made ({@code lo_create}, so in a transaction, as
 * every large object call) when it is first used, written through the Blob's or Clob's setters
 * and bound by {@code setBlob} or {@code setClob} as it is, by its oid, where a Blob of any other
 * origin is copied. One freed unused makes no object.
 */
final class LobFactories {
  private LobFactories() {}

  static LargeObjectBlob blob(SluiceConnection connection) throws SQLException {
    connection.checkOpen();
    return new LargeObjectBlob(new LargeObjects(connection), LargeObjectBlob.NOT_YET, LargeObjectBlob.Origin.CREATED);
  }

  static LargeObjectClob clob(SluiceConnection connection) throws SQLException {
    connection.checkOpen();
    return new LargeObjectClob(new LargeObjects(connection), LargeObjectBlob.NOT_YET, LargeObjectBlob.Origin.CREATED);
  }
}

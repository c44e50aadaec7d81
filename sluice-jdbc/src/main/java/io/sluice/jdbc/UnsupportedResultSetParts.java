package io.sluice.jdbc;

/**
 * The parts of {@link java.sql.ResultSet} this driver does not offer: updating through a result, and locators (Ref, RowId, LOBs, SQLXML, URL, named cursors).
 * (Generated from the java.sql.ResultSet interface; each method says why it is refused.)
 */
abstract class UnsupportedResultSetParts implements java.sql.ResultSet {
  @Override
  public String getCursorName() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getCursorName: " + Refusals.NO_LOCATORS);
  }

  @Override
  public boolean rowUpdated() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("rowUpdated: " + Refusals.READ_ONLY);
  }

  @Override
  public boolean rowInserted() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("rowInserted: " + Refusals.READ_ONLY);
  }

  @Override
  public boolean rowDeleted() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("rowDeleted: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNull(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNull: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBoolean(int p0, boolean p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBoolean: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateByte(int p0, byte p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateByte: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateShort(int p0, short p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateShort: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateInt(int p0, int p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateInt: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateLong(int p0, long p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateLong: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateFloat(int p0, float p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateFloat: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateDouble(int p0, double p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateDouble: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBigDecimal(int p0, java.math.BigDecimal p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBigDecimal: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateString(int p0, String p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateString: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBytes(int p0, byte[] p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBytes: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateDate(int p0, java.sql.Date p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateDate: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateTime(int p0, java.sql.Time p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateTime: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateTimestamp(int p0, java.sql.Timestamp p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateTimestamp: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateAsciiStream(int p0, java.io.InputStream p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateAsciiStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBinaryStream(int p0, java.io.InputStream p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBinaryStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateCharacterStream(int p0, java.io.Reader p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateObject(int p0, Object p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateObject: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateObject(int p0, Object p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateObject: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNull(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNull: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBoolean(String p0, boolean p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBoolean: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateByte(String p0, byte p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateByte: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateShort(String p0, short p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateShort: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateInt(String p0, int p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateInt: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateLong(String p0, long p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateLong: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateFloat(String p0, float p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateFloat: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateDouble(String p0, double p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateDouble: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBigDecimal(String p0, java.math.BigDecimal p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBigDecimal: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateString(String p0, String p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateString: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBytes(String p0, byte[] p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBytes: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateDate(String p0, java.sql.Date p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateDate: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateTime(String p0, java.sql.Time p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateTime: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateTimestamp(String p0, java.sql.Timestamp p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateTimestamp: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateAsciiStream(String p0, java.io.InputStream p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateAsciiStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBinaryStream(String p0, java.io.InputStream p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBinaryStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateCharacterStream(String p0, java.io.Reader p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateObject(String p0, Object p1, int p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateObject: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateObject(String p0, Object p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateObject: " + Refusals.READ_ONLY);
  }

  @Override
  public void insertRow() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("insertRow: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateRow() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateRow: " + Refusals.READ_ONLY);
  }

  @Override
  public void deleteRow() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("deleteRow: " + Refusals.READ_ONLY);
  }

  @Override
  public void refreshRow() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("refreshRow: " + Refusals.READ_ONLY);
  }

  @Override
  public void cancelRowUpdates() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("cancelRowUpdates: " + Refusals.READ_ONLY);
  }

  @Override
  public void moveToInsertRow() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("moveToInsertRow: " + Refusals.READ_ONLY);
  }

  @Override
  public void moveToCurrentRow() throws java.sql.SQLException {
    throw SqlExceptions.unsupported("moveToCurrentRow: " + Refusals.READ_ONLY);
  }

  @Override
  public java.sql.Ref getRef(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getRef: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.Blob getBlob(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getBlob: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.Clob getClob(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getClob: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.Ref getRef(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getRef: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.Blob getBlob(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getBlob: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.Clob getClob(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getClob: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.net.URL getURL(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getURL: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.net.URL getURL(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getURL: " + Refusals.NO_LOCATORS);
  }

  @Override
  public void updateRef(int p0, java.sql.Ref p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateRef: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateRef(String p0, java.sql.Ref p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateRef: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBlob(int p0, java.sql.Blob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBlob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBlob(String p0, java.sql.Blob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBlob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateClob(int p0, java.sql.Clob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateClob(String p0, java.sql.Clob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateArray(int p0, java.sql.Array p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateArray: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateArray(String p0, java.sql.Array p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateArray: " + Refusals.READ_ONLY);
  }

  @Override
  public java.sql.RowId getRowId(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getRowId: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.RowId getRowId(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getRowId: " + Refusals.NO_LOCATORS);
  }

  @Override
  public void updateRowId(int p0, java.sql.RowId p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateRowId: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateRowId(String p0, java.sql.RowId p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateRowId: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNString(int p0, String p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNString: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNString(String p0, String p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNString: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNClob(int p0, java.sql.NClob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNClob(String p0, java.sql.NClob p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNClob: " + Refusals.READ_ONLY);
  }

  @Override
  public java.sql.NClob getNClob(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getNClob: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.NClob getNClob(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getNClob: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.SQLXML getSQLXML(int p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getSQLXML: " + Refusals.NO_LOCATORS);
  }

  @Override
  public java.sql.SQLXML getSQLXML(String p0) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("getSQLXML: " + Refusals.NO_LOCATORS);
  }

  @Override
  public void updateSQLXML(int p0, java.sql.SQLXML p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateSQLXML: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateSQLXML(String p0, java.sql.SQLXML p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateSQLXML: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNCharacterStream(int p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNCharacterStream(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateAsciiStream(int p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateAsciiStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBinaryStream(int p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBinaryStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateCharacterStream(int p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateAsciiStream(String p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateAsciiStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBinaryStream(String p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBinaryStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateCharacterStream(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBlob(int p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBlob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBlob(String p0, java.io.InputStream p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBlob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateClob(int p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateClob(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNClob(int p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNClob(String p0, java.io.Reader p1, long p2) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNCharacterStream(int p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNCharacterStream(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateAsciiStream(int p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateAsciiStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBinaryStream(int p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBinaryStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateCharacterStream(int p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateAsciiStream(String p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateAsciiStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBinaryStream(String p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBinaryStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateCharacterStream(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateCharacterStream: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBlob(int p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBlob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateBlob(String p0, java.io.InputStream p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateBlob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateClob(int p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateClob(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNClob(int p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNClob: " + Refusals.READ_ONLY);
  }

  @Override
  public void updateNClob(String p0, java.io.Reader p1) throws java.sql.SQLException {
    throw SqlExceptions.unsupported("updateNClob: " + Refusals.READ_ONLY);
  }
}

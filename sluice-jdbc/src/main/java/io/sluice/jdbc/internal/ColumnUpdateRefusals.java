package io.sluice.jdbc.internal;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * Refuses writing a column through a result ({@code updateXxx}, by column index and by label, in
 * pairs): the driver's results are read-only ({@link ResultSetKinds} refuses {@code
 * CONCUR_UPDATABLE}), because updating through a result would need client-built SQL per row;
 * {@link RowChangeRefusals} refuses the row verbs. Public only so that reflection through the
 * public {@link SluiceResultSet} reaches these methods (a default method of a package-private
 * interface cannot be invoked from outside the package); not meant to be implemented elsewhere.
 */
public interface ColumnUpdateRefusals extends ResultSet {
  @Override
  default void updateNull(int columnIndex) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNull");
  }

  @Override
  default void updateNull(String columnLabel) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNull");
  }

  @Override
  default void updateBoolean(int columnIndex, boolean x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBoolean");
  }

  @Override
  default void updateBoolean(String columnLabel, boolean x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBoolean");
  }

  @Override
  default void updateByte(int columnIndex, byte x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateByte");
  }

  @Override
  default void updateByte(String columnLabel, byte x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateByte");
  }

  @Override
  default void updateShort(int columnIndex, short x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateShort");
  }

  @Override
  default void updateShort(String columnLabel, short x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateShort");
  }

  @Override
  default void updateInt(int columnIndex, int x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateInt");
  }

  @Override
  default void updateInt(String columnLabel, int x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateInt");
  }

  @Override
  default void updateLong(int columnIndex, long x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateLong");
  }

  @Override
  default void updateLong(String columnLabel, long x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateLong");
  }

  @Override
  default void updateFloat(int columnIndex, float x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateFloat");
  }

  @Override
  default void updateFloat(String columnLabel, float x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateFloat");
  }

  @Override
  default void updateDouble(int columnIndex, double x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateDouble");
  }

  @Override
  default void updateDouble(String columnLabel, double x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateDouble");
  }

  @Override
  default void updateBigDecimal(int columnIndex, BigDecimal x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBigDecimal");
  }

  @Override
  default void updateBigDecimal(String columnLabel, BigDecimal x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBigDecimal");
  }

  @Override
  default void updateString(int columnIndex, String x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateString");
  }

  @Override
  default void updateString(String columnLabel, String x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateString");
  }

  @Override
  default void updateBytes(int columnIndex, byte[] x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBytes");
  }

  @Override
  default void updateBytes(String columnLabel, byte[] x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBytes");
  }

  @Override
  default void updateDate(int columnIndex, Date x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateDate");
  }

  @Override
  default void updateDate(String columnLabel, Date x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateDate");
  }

  @Override
  default void updateTime(int columnIndex, Time x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateTime");
  }

  @Override
  default void updateTime(String columnLabel, Time x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateTime");
  }

  @Override
  default void updateTimestamp(int columnIndex, Timestamp x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateTimestamp");
  }

  @Override
  default void updateTimestamp(String columnLabel, Timestamp x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateTimestamp");
  }

  @Override
  default void updateAsciiStream(int columnIndex, InputStream x, int length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateAsciiStream");
  }

  @Override
  default void updateAsciiStream(String columnLabel, InputStream x, int length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateAsciiStream");
  }

  @Override
  default void updateBinaryStream(int columnIndex, InputStream x, int length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBinaryStream");
  }

  @Override
  default void updateBinaryStream(String columnLabel, InputStream x, int length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBinaryStream");
  }

  @Override
  default void updateCharacterStream(int columnIndex, Reader x, int length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateCharacterStream");
  }

  @Override
  default void updateCharacterStream(String columnLabel, Reader reader, int length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateCharacterStream");
  }

  @Override
  default void updateObject(int columnIndex, Object x, int scaleOrLength) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateObject(String columnLabel, Object x, int scaleOrLength) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateObject(int columnIndex, Object x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateObject(String columnLabel, Object x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateRef(int columnIndex, Ref x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateRef");
  }

  @Override
  default void updateRef(String columnLabel, Ref x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateRef");
  }

  @Override
  default void updateBlob(int columnIndex, Blob x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBlob");
  }

  @Override
  default void updateBlob(String columnLabel, Blob x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBlob");
  }

  @Override
  default void updateClob(int columnIndex, Clob x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateClob");
  }

  @Override
  default void updateClob(String columnLabel, Clob x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateClob");
  }

  @Override
  default void updateArray(int columnIndex, Array x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateArray");
  }

  @Override
  default void updateArray(String columnLabel, Array x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateArray");
  }

  @Override
  default void updateRowId(int columnIndex, RowId x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateRowId");
  }

  @Override
  default void updateRowId(String columnLabel, RowId x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateRowId");
  }

  @Override
  default void updateNString(int columnIndex, String nString) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNString");
  }

  @Override
  default void updateNString(String columnLabel, String nString) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNString");
  }

  @Override
  default void updateNClob(int columnIndex, NClob nClob) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNClob");
  }

  @Override
  default void updateNClob(String columnLabel, NClob nClob) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNClob");
  }

  @Override
  default void updateSQLXML(int columnIndex, SQLXML xmlObject) throws SQLException {
    throw Refusal.READ_ONLY.of("updateSQLXML");
  }

  @Override
  default void updateSQLXML(String columnLabel, SQLXML xmlObject) throws SQLException {
    throw Refusal.READ_ONLY.of("updateSQLXML");
  }

  @Override
  default void updateNCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNCharacterStream");
  }

  @Override
  default void updateNCharacterStream(String columnLabel, Reader reader, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNCharacterStream");
  }

  @Override
  default void updateAsciiStream(int columnIndex, InputStream x, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateAsciiStream");
  }

  @Override
  default void updateAsciiStream(String columnLabel, InputStream x, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateAsciiStream");
  }

  @Override
  default void updateBinaryStream(int columnIndex, InputStream x, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBinaryStream");
  }

  @Override
  default void updateBinaryStream(String columnLabel, InputStream x, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBinaryStream");
  }

  @Override
  default void updateCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateCharacterStream");
  }

  @Override
  default void updateCharacterStream(String columnLabel, Reader reader, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateCharacterStream");
  }

  @Override
  default void updateBlob(int columnIndex, InputStream inputStream, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBlob");
  }

  @Override
  default void updateBlob(String columnLabel, InputStream inputStream, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBlob");
  }

  @Override
  default void updateClob(int columnIndex, Reader reader, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateClob");
  }

  @Override
  default void updateClob(String columnLabel, Reader reader, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateClob");
  }

  @Override
  default void updateNClob(int columnIndex, Reader reader, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNClob");
  }

  @Override
  default void updateNClob(String columnLabel, Reader reader, long length) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNClob");
  }

  @Override
  default void updateNCharacterStream(int columnIndex, Reader x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNCharacterStream");
  }

  @Override
  default void updateNCharacterStream(String columnLabel, Reader reader) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNCharacterStream");
  }

  @Override
  default void updateAsciiStream(int columnIndex, InputStream x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateAsciiStream");
  }

  @Override
  default void updateAsciiStream(String columnLabel, InputStream x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateAsciiStream");
  }

  @Override
  default void updateBinaryStream(int columnIndex, InputStream x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBinaryStream");
  }

  @Override
  default void updateBinaryStream(String columnLabel, InputStream x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBinaryStream");
  }

  @Override
  default void updateCharacterStream(int columnIndex, Reader x) throws SQLException {
    throw Refusal.READ_ONLY.of("updateCharacterStream");
  }

  @Override
  default void updateCharacterStream(String columnLabel, Reader reader) throws SQLException {
    throw Refusal.READ_ONLY.of("updateCharacterStream");
  }

  @Override
  default void updateBlob(int columnIndex, InputStream inputStream) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBlob");
  }

  @Override
  default void updateBlob(String columnLabel, InputStream inputStream) throws SQLException {
    throw Refusal.READ_ONLY.of("updateBlob");
  }

  @Override
  default void updateClob(int columnIndex, Reader reader) throws SQLException {
    throw Refusal.READ_ONLY.of("updateClob");
  }

  @Override
  default void updateClob(String columnLabel, Reader reader) throws SQLException {
    throw Refusal.READ_ONLY.of("updateClob");
  }

  @Override
  default void updateNClob(int columnIndex, Reader reader) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNClob");
  }

  @Override
  default void updateNClob(String columnLabel, Reader reader) throws SQLException {
    throw Refusal.READ_ONLY.of("updateNClob");
  }

  @Override
  default void updateObject(int columnIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateObject(String columnLabel, Object x, SQLType targetSqlType, int scaleOrLength)
      throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateObject(int columnIndex, Object x, SQLType targetSqlType) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }

  @Override
  default void updateObject(String columnLabel, Object x, SQLType targetSqlType) throws SQLException {
    throw Refusal.READ_ONLY.of("updateObject");
  }
}

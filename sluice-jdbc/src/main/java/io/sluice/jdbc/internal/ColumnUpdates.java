package io.sluice.jdbc.internal;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * Writing a column of an updatable result's current row or insert row ({@code updateXxx} by
 * column index): each value is turned into what it travels as, as the matching {@code
 * PreparedStatement} setter does ({@link ParameterValues}; strings go untyped, so that the server
 * reads them as the column's type), and kept in the result's {@link RowEdits} until {@code
 * updateRow} or {@code insertRow}. Streams and readers are read whole here. By label: {@link
 * ColumnUpdatesByLabel}. Public only so that reflection through the public {@link
 * SluiceResultSet} reaches these methods; not meant to be implemented elsewhere.
 */
public interface ColumnUpdates extends ResultSet {
  /** The result's pending changes, for {@code method}; a read-only result refuses (SQLSTATE 24000). */
  RowEdits edits(String method) throws SQLException;

  @Override
  default void updateNull(int columnIndex) throws SQLException {
    edits("updateNull").set(columnIndex, null);
  }

  @Override
  default void updateBoolean(int columnIndex, boolean x) throws SQLException {
    edits("updateBoolean").set(columnIndex, x);
  }

  @Override
  default void updateByte(int columnIndex, byte x) throws SQLException {
    edits("updateByte").set(columnIndex, (short) x);
  }

  @Override
  default void updateShort(int columnIndex, short x) throws SQLException {
    edits("updateShort").set(columnIndex, x);
  }

  @Override
  default void updateInt(int columnIndex, int x) throws SQLException {
    edits("updateInt").set(columnIndex, x);
  }

  @Override
  default void updateLong(int columnIndex, long x) throws SQLException {
    edits("updateLong").set(columnIndex, x);
  }

  @Override
  default void updateFloat(int columnIndex, float x) throws SQLException {
    edits("updateFloat").set(columnIndex, x);
  }

  @Override
  default void updateDouble(int columnIndex, double x) throws SQLException {
    edits("updateDouble").set(columnIndex, x);
  }

  @Override
  default void updateBigDecimal(int columnIndex, BigDecimal x) throws SQLException {
    edits("updateBigDecimal").set(columnIndex, x);
  }

  @Override
  default void updateString(int columnIndex, String x) throws SQLException {
    edits("updateString").set(columnIndex, x);
  }

  @Override
  default void updateNString(int columnIndex, String x) throws SQLException {
    edits("updateNString").set(columnIndex, x);
  }

  @Override
  default void updateBytes(int columnIndex, byte[] x) throws SQLException {
    edits("updateBytes").set(columnIndex, x);
  }

  @Override
  default void updateDate(int columnIndex, Date x) throws SQLException {
    edits("updateDate").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateTime(int columnIndex, Time x) throws SQLException {
    edits("updateTime").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateTimestamp(int columnIndex, Timestamp x) throws SQLException {
    edits("updateTimestamp").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateAsciiStream(int columnIndex, InputStream x, int length) throws SQLException {
    edits("updateAsciiStream").set(columnIndex, ParameterValues.ascii(x, length));
  }

  @Override
  default void updateAsciiStream(int columnIndex, InputStream x, long length) throws SQLException {
    edits("updateAsciiStream").set(columnIndex, ParameterValues.ascii(x, length));
  }

  @Override
  default void updateAsciiStream(int columnIndex, InputStream x) throws SQLException {
    edits("updateAsciiStream").set(columnIndex, ParameterValues.ascii(x, -1));
  }

  @Override
  default void updateBinaryStream(int columnIndex, InputStream x, int length) throws SQLException {
    edits("updateBinaryStream").set(columnIndex, ParameterValues.bytesOfLength(x, length));
  }

  @Override
  default void updateBinaryStream(int columnIndex, InputStream x, long length) throws SQLException {
    edits("updateBinaryStream").set(columnIndex, ParameterValues.bytesOfLength(x, length));
  }

  @Override
  default void updateBinaryStream(int columnIndex, InputStream x) throws SQLException {
    edits("updateBinaryStream").set(columnIndex, ParameterValues.bytes(x, -1));
  }

  @Override
  default void updateCharacterStream(int columnIndex, Reader x, int length) throws SQLException {
    edits("updateCharacterStream").set(columnIndex, ParameterValues.text(x, length));
  }

  @Override
  default void updateCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
    edits("updateCharacterStream").set(columnIndex, ParameterValues.text(x, length));
  }

  @Override
  default void updateCharacterStream(int columnIndex, Reader x) throws SQLException {
    edits("updateCharacterStream").set(columnIndex, ParameterValues.text(x, -1));
  }

  @Override
  default void updateNCharacterStream(int columnIndex, Reader x, long length) throws SQLException {
    edits("updateNCharacterStream").set(columnIndex, ParameterValues.text(x, length));
  }

  @Override
  default void updateNCharacterStream(int columnIndex, Reader x) throws SQLException {
    edits("updateNCharacterStream").set(columnIndex, ParameterValues.text(x, -1));
  }

  @Override
  default void updateObject(int columnIndex, Object x) throws SQLException {
    edits("updateObject").set(columnIndex, RowEdits.value(x));
  }

  @Override
  default void updateObject(int columnIndex, Object x, int scaleOrLength) throws SQLException {
    edits("updateObject").set(columnIndex, RowEdits.value(x, scaleOrLength));
  }

  @Override
  default void updateObject(int columnIndex, Object x, SQLType targetSqlType) throws SQLException {
    edits("updateObject").set(columnIndex, RowEdits.value(x, targetSqlType, -1));
  }

  @Override
  default void updateObject(int columnIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    edits("updateObject").set(columnIndex, RowEdits.value(x, targetSqlType, scaleOrLength));
  }

  @Override
  default void updateArray(int columnIndex, Array x) throws SQLException {
    edits("updateArray").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateBlob(int columnIndex, Blob x) throws SQLException {
    edits("updateBlob").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateBlob(int columnIndex, InputStream x, long length) throws SQLException {
    edits("updateBlob").set(columnIndex, ParameterValues.bytesOfLength(x, length));
  }

  @Override
  default void updateBlob(int columnIndex, InputStream x) throws SQLException {
    edits("updateBlob").set(columnIndex, ParameterValues.bytes(x, -1));
  }

  @Override
  default void updateClob(int columnIndex, Clob x) throws SQLException {
    edits("updateClob").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateClob(int columnIndex, Reader x, long length) throws SQLException {
    edits("updateClob").set(columnIndex, ParameterValues.text(x, length));
  }

  @Override
  default void updateClob(int columnIndex, Reader x) throws SQLException {
    edits("updateClob").set(columnIndex, ParameterValues.text(x, -1));
  }

  @Override
  default void updateNClob(int columnIndex, NClob x) throws SQLException {
    edits("updateNClob").set(columnIndex, ParameterValues.of(x));
  }

  @Override
  default void updateNClob(int columnIndex, Reader x, long length) throws SQLException {
    edits("updateNClob").set(columnIndex, ParameterValues.text(x, length));
  }

  @Override
  default void updateNClob(int columnIndex, Reader x) throws SQLException {
    edits("updateNClob").set(columnIndex, ParameterValues.text(x, -1));
  }

  @Override
  default void updateSQLXML(int columnIndex, SQLXML x) throws SQLException {
    edits("updateSQLXML").set(columnIndex, x == null ? null : x.getString());
  }
}

package io.sluice.jdbc.internal;

import java.net.URL;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;

/**
 * Refuses the locators of a result ({@code getBlob}, {@code getClob}, {@code getRef}, …) and
 * its cursor name: PostgreSQL sends every value whole, which getString, getBytes and getObject
 * read, and the driver's results are not named cursors. Public only so that reflection through
 * the public {@link SluiceResultSet} reaches these methods; not meant to be implemented
 * elsewhere.
 */
public interface LocatorRefusals extends ResultSet {
  @Override
  default String getCursorName() throws SQLException {
    throw Refusal.NO_LOCATORS.of("getCursorName");
  }

  @Override
  default Ref getRef(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getRef");
  }

  @Override
  default Ref getRef(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getRef");
  }

  @Override
  default Blob getBlob(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getBlob");
  }

  @Override
  default Blob getBlob(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getBlob");
  }

  @Override
  default Clob getClob(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getClob");
  }

  @Override
  default Clob getClob(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getClob");
  }

  @Override
  default URL getURL(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getURL");
  }

  @Override
  default URL getURL(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getURL");
  }

  @Override
  default RowId getRowId(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getRowId");
  }

  @Override
  default RowId getRowId(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getRowId");
  }

  @Override
  default NClob getNClob(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getNClob");
  }

  @Override
  default NClob getNClob(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getNClob");
  }

  @Override
  default SQLXML getSQLXML(int columnIndex) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getSQLXML");
  }

  @Override
  default SQLXML getSQLXML(String columnLabel) throws SQLException {
    throw Refusal.NO_LOCATORS.of("getSQLXML");
  }
}

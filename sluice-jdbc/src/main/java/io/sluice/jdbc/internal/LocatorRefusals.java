package io.sluice.jdbc.internal;

import java.net.URL;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;

/**
 * Refuses the locators of a result PostgreSQL has no type for ({@code getRef}, {@code getRowId},
 * {@code getURL}) and its cursor name: the driver's results are not named cursors. ({@code
 * getBlob} and {@code getClob} read large objects: {@link LobColumns}.) Public only so that reflection through
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
}

package io.sluice.jdbc.dropin;

import io.sluice.jdbc.internal.ColumnSources;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import org.postgresql.PGResultSetMetaData;

/**
 * A Sluice result's metadata that is also a {@link PGResultSetMetaData}, so that code casting
 * {@code (PGResultSetMetaData) rs.getMetaData()}, as pgjdbc's tests and some applications do,
 * works as well as {@code unwrap}: every JDBC question goes to Sluice's own metadata, the base
 * column name and the format to its {@link ColumnSources}.
 */
final class PgResultMetaData implements ResultSetMetaData, PGResultSetMetaData {
  private final ResultSetMetaData own;
  private final ColumnSources sources;

  PgResultMetaData(ResultSetMetaData own, ColumnSources sources) {
    this.own = own;
    this.sources = sources;
  }

  @Override
  public String getBaseColumnName(int column) throws SQLException {
    return sources.baseColumnName(column);
  }

  @Override
  public String getBaseTableName(int column) throws SQLException {
    return own.getTableName(column);
  }

  @Override
  public String getBaseSchemaName(int column) throws SQLException {
    return own.getSchemaName(column);
  }

  @Override
  public int getFormat(int column) throws SQLException {
    return sources.format(column);
  }

  @Override
  public int getColumnCount() throws SQLException {
    return own.getColumnCount();
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    return own.isAutoIncrement(column);
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    return own.isCaseSensitive(column);
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    return own.isSearchable(column);
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    return own.isCurrency(column);
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return own.isNullable(column);
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    return own.isSigned(column);
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    return own.getColumnDisplaySize(column);
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return own.getColumnLabel(column);
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    return own.getColumnName(column);
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    own.getColumnName(column);   // the column must exist
    return "";   // pgjdbc's answer, always: its schema is getBaseSchemaName's (sluice-jdbc's own gives it here)
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    return own.getPrecision(column);
  }

  @Override
  public int getScale(int column) throws SQLException {
    return own.getScale(column);
  }

  @Override
  public String getTableName(int column) throws SQLException {
    return own.getTableName(column);
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    return own.getCatalogName(column);
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return own.getColumnType(column);
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return own.getColumnTypeName(column);
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    return own.isReadOnly(column);
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    return own.isWritable(column);
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    return own.isDefinitelyWritable(column);
  }

  /**
   * The class {@code getObject} returns with the drop-in present, as pgjdbc answers (its tests
   * compare the two): pgjdbc's classes for json, jsonb, interval and the geometric types, where
   * Sluice's own metadata names the classes of the driver without the drop-in.
   */
  @Override
  public String getColumnClassName(int column) throws SQLException {
    String pgjdbcs = PgjdbcExtension.pgjdbcClass(own.getColumnTypeName(column));
    return pgjdbcs != null ? pgjdbcs : own.getColumnClassName(column);
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return iface.isInstance(this) ? iface.cast(this) : own.unwrap(iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this) || own.isWrapperFor(iface);
  }
}

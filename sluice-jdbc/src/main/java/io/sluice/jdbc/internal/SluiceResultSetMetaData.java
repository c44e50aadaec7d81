package io.sluice.jdbc.internal;

import io.sluice.Column;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * A result's columns as JDBC describes them, from the server's RowDescription (name, type OID and
 * modifier, source table and attribute). Where a column comes from a table, its table, schema,
 * nullability and whether it is generated are read from the catalog on first request, one query
 * for the whole result ({@link ColumnOrigins}).
 */
final class SluiceResultSetMetaData implements ResultSetMetaData, SelfWrapper, ColumnSources {
  private final List<Column> columns;
  private final SluiceConnection connection;
  private ColumnOrigins origins;

  SluiceResultSetMetaData(List<Column> columns, SluiceConnection connection) {
    this.columns = columns;
    this.connection = connection;
  }

  /** A result's metadata as the application gets it: this class's, or an {@link Extension}'s view of it. */
  static ResultSetMetaData of(List<Column> columns, SluiceConnection connection) {
    ResultSetMetaData own = new SluiceResultSetMetaData(columns, connection);
    return Extensions.present() ? Extensions.get().metaData(own) : own;
  }

  private Column column(int i) throws SQLException {
    if (i < 1 || i > columns.size()) {
      throw SqlErrors.of("column index " + i + " out of range: the result has " + columns.size() + " columns",
          "22023");
    }
    return columns.get(i - 1);
  }

  private ColumnOrigins.Origin origin(int i) throws SQLException {
    Column c = column(i);
    if (origins == null) {
      origins = connection.inSession(s -> ColumnOrigins.of(columns, s));
    }
    return origins.of(c);
  }

  @Override
  public int getColumnCount() {
    return columns.size();
  }

  @Override
  public boolean isAutoIncrement(int i) throws SQLException {
    ColumnOrigins.Origin o = origin(i);
    return o != null && o.generated();
  }

  @Override
  public boolean isCaseSensitive(int i) throws SQLException {
    return JdbcTypes.isCharacter(getColumnType(i));
  }

  @Override
  public boolean isSearchable(int i) throws SQLException {
    column(i);
    return true;
  }

  @Override
  public boolean isCurrency(int i) throws SQLException {
    return column(i).typeOid() == 790;
  }

  @Override
  public int isNullable(int i) throws SQLException {
    ColumnOrigins.Origin o = origin(i);
    return o == null ? columnNullableUnknown : o.notNull() ? columnNoNulls : columnNullable;
  }

  @Override
  public boolean isSigned(int i) throws SQLException {
    return JdbcTypes.isSigned(column(i).typeOid());
  }

  @Override
  public int getColumnDisplaySize(int i) throws SQLException {
    Column c = column(i);
    return DisplaySizes.of(c.typeOid(), c.typeModifier());
  }

  @Override
  public String getColumnLabel(int i) throws SQLException {
    return column(i).name();
  }

  @Override
  public String getColumnName(int i) throws SQLException {
    return column(i).name();
  }

  @Override
  public String getSchemaName(int i) throws SQLException {
    ColumnOrigins.Origin o = origin(i);
    return o == null ? "" : o.schema();
  }

  @Override
  public int getPrecision(int i) throws SQLException {
    Column c = column(i);
    return JdbcTypes.precision(c.typeOid(), c.typeModifier());
  }

  @Override
  public int getScale(int i) throws SQLException {
    Column c = column(i);
    return JdbcTypes.scale(c.typeOid(), c.typeModifier());
  }

  @Override
  public String getTableName(int i) throws SQLException {
    ColumnOrigins.Origin o = origin(i);
    return o == null ? "" : o.table();
  }

  @Override
  public String getCatalogName(int i) throws SQLException {
    column(i);
    return "";
  }

  @Override
  public int getColumnType(int i) throws SQLException {
    return connection.typeNames.sqlType(column(i).typeOid());
  }

  @Override
  public String getColumnTypeName(int i) throws SQLException {
    Column c = column(i);
    if (c.tableOid() != 0 && SerialTypes.name(c.typeOid()) != null) {
      ColumnOrigins.Origin o = origin(i);
      if (o != null && o.serial()) {
        return SerialTypes.name(c.typeOid());
      }
    }
    return connection.typeNames.name(c.typeOid());
  }

  @Override
  public boolean isReadOnly(int i) throws SQLException {
    column(i);
    return false;
  }

  @Override
  public boolean isWritable(int i) throws SQLException {
    column(i);
    return true;
  }

  @Override
  public boolean isDefinitelyWritable(int i) throws SQLException {
    column(i);
    return false;
  }

  @Override
  public String getColumnClassName(int i) throws SQLException {
    Column c = column(i);
    JdbcTypes.Type t = JdbcTypes.builtIn(c.typeOid());
    if (t != null) {
      return t.className();
    }
    return getColumnType(i) == Types.ARRAY ? java.sql.Array.class.getName() : Object.class.getName();
  }

  @Override
  public String baseColumnName(int i) throws SQLException {
    ColumnOrigins.Origin o = origin(i);
    return o == null ? "" : o.column();
  }

  @Override
  public int format(int i) throws SQLException {
    return column(i).binary() ? 1 : 0;
  }
}

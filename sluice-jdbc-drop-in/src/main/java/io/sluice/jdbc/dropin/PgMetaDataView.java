package io.sluice.jdbc.dropin;

import io.sluice.jdbc.internal.ColumnSources;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import org.postgresql.PGResultSetMetaData;

/** {@link PGResultSetMetaData} of one Sluice result's metadata: its table and schema names, and its column sources. */
final class PgMetaDataView implements PGResultSetMetaData {
  private final ResultSetMetaData metaData;
  private final ColumnSources sources;

  PgMetaDataView(ResultSetMetaData metaData, ColumnSources sources) {
    this.metaData = metaData;
    this.sources = sources;
  }

  @Override
  public String getBaseColumnName(int column) throws SQLException {
    return sources.baseColumnName(column);
  }

  @Override
  public String getBaseTableName(int column) throws SQLException {
    return metaData.getTableName(column);
  }

  @Override
  public String getBaseSchemaName(int column) throws SQLException {
    return metaData.getSchemaName(column);
  }

  @Override
  public int getFormat(int column) throws SQLException {
    return sources.format(column);
  }
}

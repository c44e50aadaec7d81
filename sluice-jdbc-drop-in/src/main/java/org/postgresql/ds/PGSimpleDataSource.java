package org.postgresql.ds;

import org.postgresql.ds.common.BaseDataSource;

/**
 * pgjdbc's plain data source, as applications and frameworks name it in their configuration: each
 * {@code getConnection} opens a new Sluice connection. Configure it with pgjdbc's bean properties
 * ({@code serverNames}, {@code portNumbers}, {@code databaseName}, {@code user}, {@code
 * password}, {@code url}, {@code ApplicationName}…, see {@link BaseDataSource}).
 */
public class PGSimpleDataSource extends BaseDataSource {
  private static final long serialVersionUID = 1L;

  @Override
  public String getDescription() {
    return "Non-Pooling DataSource from Sluice's JDBC driver (pgjdbc's API)";
  }
}

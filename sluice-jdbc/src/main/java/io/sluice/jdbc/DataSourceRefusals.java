package io.sluice.jdbc;

import io.sluice.jdbc.internal.Refusal;
import io.sluice.jdbc.internal.Wrappers;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * What both data sources refuse (a {@code java.util.logging} parent logger, connection builders,
 * sharding keys) and how they unwrap: written once, in a class of this package that is not public,
 * so that no type outside the API appears in theirs. javac gives each public subclass a bridge of
 * every public method inherited from here, so reflection through a data source's own class still
 * reaches them.
 */
abstract class DataSourceRefusals implements DataSource {
  /**
   * Protected: deserializing a subclass in another package (the drop-in's {@code PGSimpleDataSource})
   * calls the no-argument constructor of this, its first class that is not Serializable, which
   * must be accessible from there.
   */
  protected DataSourceRefusals() {}


  @Override
  public java.util.logging.Logger getParentLogger() throws java.sql.SQLFeatureNotSupportedException {
    throw Refusal.NO_JUL_LOGGER.of("getParentLogger");
  }

  @Override
  public java.sql.ConnectionBuilder createConnectionBuilder() throws SQLException {
    throw Refusal.NO_CONNECTION_BUILDER.of("createConnectionBuilder");
  }

  @Override
  public java.sql.ShardingKeyBuilder createShardingKeyBuilder() throws SQLException {
    throw Refusal.NO_SHARDING.of("createShardingKeyBuilder");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    return Wrappers.unwrap(this, null, iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return Wrappers.isWrapperFor(this, null, iface);
  }
}

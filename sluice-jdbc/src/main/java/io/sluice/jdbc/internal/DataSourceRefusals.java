package io.sluice.jdbc.internal;

import java.sql.ConnectionBuilder;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.ShardingKeyBuilder;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Refuses what the data sources do not offer: a {@code java.util.logging} parent logger (Sluice
 * logs through {@code System.Logger}), connection builders (every connection takes the data
 * source's own settings) and sharding keys. Public only so that reflection through the public
 * data sources reaches these methods; not meant to be implemented elsewhere.
 */
public interface DataSourceRefusals extends DataSource {
  @Override
  default Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw Refusal.NO_JUL_LOGGER.of("getParentLogger");
  }

  @Override
  default ConnectionBuilder createConnectionBuilder() throws SQLException {
    throw Refusal.NO_CONNECTION_BUILDER.of("createConnectionBuilder");
  }

  @Override
  default ShardingKeyBuilder createShardingKeyBuilder() throws SQLException {
    throw Refusal.NO_SHARDING.of("createShardingKeyBuilder");
  }
}

package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.ShardingKey;
import java.sql.Struct;

/**
 * Refuses what a connection does not make or take: structs
 * (composites are {@code io.sluice.types.Composite}), generated keys by column index and
 * sharding keys. Public only so that reflection through the public {@link SluiceConnection}
 * reaches these methods; not meant to be implemented elsewhere.
 */
public interface ConnectionRefusals extends Connection {
  @Override
  default Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    throw Refusal.NO_STRUCTS.of("createStruct");
  }

  @Override
  default PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    throw Refusal.KEYS_BY_INDEX.of("prepareStatement");
  }

  @Override
  default void setShardingKey(ShardingKey shardingKey) throws SQLException {
    throw Refusal.NO_SHARDING.of("setShardingKey");
  }

  @Override
  default void setShardingKey(ShardingKey shardingKey, ShardingKey superShardingKey) throws SQLException {
    throw Refusal.NO_SHARDING.of("setShardingKey");
  }

  @Override
  default boolean setShardingKeyIfValid(ShardingKey shardingKey, int timeout) throws SQLException {
    throw Refusal.NO_SHARDING.of("setShardingKeyIfValid");
  }

  @Override
  default boolean setShardingKeyIfValid(ShardingKey shardingKey, ShardingKey superShardingKey, int timeout)
      throws SQLException {
    throw Refusal.NO_SHARDING.of("setShardingKeyIfValid");
  }
}

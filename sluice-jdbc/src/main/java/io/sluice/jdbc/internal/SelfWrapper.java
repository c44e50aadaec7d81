package io.sluice.jdbc.internal;

import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * {@link Wrapper} for the driver's classes that wrap nothing but themselves (statements, results,
 * metadata, the data source): public only because those classes are.
 */
public interface SelfWrapper extends Wrapper {
  @Override
  default <T> T unwrap(Class<T> iface) throws SQLException {
    return Wrappers.unwrap(this, null, iface);
  }

  @Override
  default boolean isWrapperFor(Class<?> iface) {
    return Wrappers.isWrapperFor(this, null, iface);
  }
}

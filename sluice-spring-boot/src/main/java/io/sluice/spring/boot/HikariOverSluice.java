package io.sluice.spring.boot;

import com.zaxxer.hikari.HikariDataSource;
import io.sluice.jdbc.SluiceDataSource;

/**
 * HikariCP over a {@link SluiceDataSource} it closes with itself: with {@code readRouting}, that
 * data source keeps a routing pool (a monitor and sessions to every host) that HikariCP, which
 * never closes the data source it is given, would otherwise leave open after the context closed.
 */
final class HikariOverSluice extends HikariDataSource {
  private final SluiceDataSource sluice;
  /** The native {@code Pool} bean when it is not the data source's routing pool: closed with this. */
  private volatile AutoCloseable alsoClose;

  HikariOverSluice(SluiceDataSource sluice) {
    this.sluice = sluice;
    setDataSource(sluice);
  }

  /** The data source HikariCP's connections come from. */
  SluiceDataSource sluice() {
    return sluice;
  }

  /** Closes {@code other} after this pool and its data source (a pool the application uses beside them). */
  void alsoClose(AutoCloseable other) {
    this.alsoClose = other;
  }

  @Override
  public void close() {
    try {
      super.close();
    } finally {
      try {
        sluice.close();
      } finally {
        AutoCloseable other = alsoClose;
        if (other != null) {
          try {
            other.close();
          } catch (Exception e) {
            throw new IllegalStateException("closing the Pool bean failed", e);
          }
        }
      }
    }
  }
}

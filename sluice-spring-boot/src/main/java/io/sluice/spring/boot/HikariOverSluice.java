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

  HikariOverSluice(SluiceDataSource sluice) {
    this.sluice = sluice;
    setDataSource(sluice);
  }

  @Override
  public void close() {
    try {
      super.close();
    } finally {
      sluice.close();
    }
  }
}

package org.postgresql;

import io.sluice.jdbc.SluiceDriver;
import java.sql.Connection;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The Sluice driver under the class name that tools derive from a {@code jdbc:postgresql:} URL and
 * instantiate by name, without asking {@link java.sql.DriverManager}: Flyway ({@code
 * DatabaseType.getDriverClass}), Liquibase ({@code DatabaseFactory.findDefaultDriver}), Spring
 * Boot ({@code DatabaseDriver.POSTGRESQL}). With this artifact on the class path instead of
 * pgjdbc, a configuration that is only a URL runs on Sluice. Every call goes to one {@link
 * SluiceDriver}; loading this class loads SluiceDriver, which registers itself with DriverManager.
 */
public final class Driver implements java.sql.Driver {
  private final SluiceDriver sluice = new SluiceDriver();

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    return sluice.connect(url, info);
  }

  @Override
  public boolean acceptsURL(String url) throws SQLException {
    return sluice.acceptsURL(url);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    return sluice.getPropertyInfo(url, info);
  }

  @Override
  public int getMajorVersion() {
    return sluice.getMajorVersion();
  }

  @Override
  public int getMinorVersion() {
    return sluice.getMinorVersion();
  }

  @Override
  public boolean jdbcCompliant() {
    return sluice.jdbcCompliant();
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return sluice.getParentLogger();
  }
}

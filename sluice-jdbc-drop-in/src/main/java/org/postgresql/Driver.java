package org.postgresql;

import io.sluice.jdbc.SluiceDriver;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * Sluice's JDBC driver under the class name pgjdbc's users configure: Flyway, Liquibase and other
 * tools that are given only a {@code jdbc:postgresql:} URL instantiate {@code
 * org.postgresql.Driver} by name, without asking {@link DriverManager}. Every call goes to {@link
 * SluiceDriver}; nothing of pgjdbc is here.
 */
public final class Driver implements java.sql.Driver {
  private final SluiceDriver sluice = new SluiceDriver();

  static {
    try {
      DriverManager.registerDriver(new Driver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    return sluice.connect(url, info);
  }

  @Override
  public boolean acceptsURL(String url) {
    return sluice.acceptsURL(url);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
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

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
  /** The instance registered with DriverManager, or null after {@link #deregister}. */
  private static Driver registered;

  static {
    try {
      register();
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Registers the driver with DriverManager (done when the class loads); an error if it already is. */
  public static synchronized void register() throws SQLException {
    if (registered != null) {
      throw new IllegalStateException("the driver is already registered; call deregister first");
    }
    Driver d = new Driver();
    DriverManager.registerDriver(d);
    registered = d;
  }

  /**
   * Takes the driver out of DriverManager, as a web application that is undeployed does with the
   * drivers it brought; an error if it is not registered.
   */
  public static synchronized void deregister() throws SQLException {
    if (registered == null) {
      throw new IllegalStateException("the driver is not registered; call register first");
    }
    DriverManager.deregisterDriver(registered);
    registered = null;
  }

  public static synchronized boolean isRegistered() {
    return registered != null;
  }

  /** The driver's name and version, as pgjdbc's {@code getVersion} gives its own. */
  public static String getVersion() {
    return "Sluice JDBC " + io.sluice.jdbc.internal.DriverVersion.text();
  }

  /**
   * pgjdbc's {@code parseURL}: the URL's hosts ({@code PGHOST}), ports ({@code PGPORT}), database
   * ({@code PGDBNAME}) and parameters as properties over {@code defaults}; null when it is not a
   * {@code jdbc:postgresql:} URL.
   */
  public static Properties parseURL(String url, Properties defaults) {
    return io.sluice.jdbc.dropin.UrlProperties.parse(url, defaults);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    return sluice.connect(url, info);
  }

  @Override
  public boolean acceptsURL(String url) throws SQLException {
    return sluice.acceptsURL(url);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    Properties parsed = parseURL(url, info);   // the URL's values too, as pgjdbc shows them
    return sluice.getPropertyInfo(url, parsed != null ? parsed : info);
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

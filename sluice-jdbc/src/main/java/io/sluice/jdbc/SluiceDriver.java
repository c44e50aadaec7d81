package io.sluice.jdbc;

import io.sluice.jdbc.internal.DriverSettings;
import io.sluice.jdbc.internal.DriverVersion;
import io.sluice.jdbc.internal.PostgresqlUrls;
import io.sluice.jdbc.internal.PropertyInfo;
import io.sluice.jdbc.internal.Refusal;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SqlErrors;
import io.sluice.jdbc.internal.UrlRoutingGroups;

import io.sluice.ConfigException;
import io.sluice.SluiceException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver: {@code jdbc:postgresql://…} URLs (pgjdbc's syntax, so that an existing
 * configuration works unchanged) and {@code jdbc:sluice:postgresql://…} (the same, naming Sluice
 * when pgjdbc is on the class path too: {@link DriverManager} asks drivers in registration order,
 * and both accept {@code jdbc:postgresql:}). See {@link DriverSettings} for the parameters. With
 * {@code readRouting} routing, the connections of one URL and properties share one routing pool in
 * this JVM (issue 36; {@code UrlRoutingGroups}).
 * Registered with DriverManager when loaded, and listed in {@code META-INF/services}.
 */
public final class SluiceDriver implements Driver {
  static {
    try {
      DriverManager.registerDriver(new SluiceDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (url == null) {
      throw new java.sql.SQLNonTransientConnectionException("connect: the URL is null", "08001");   // Driver.connect: a null URL is an SQLException
    }
    if (!acceptsURL(url)) {
      return null;   // JDBC: another driver's URL
    }
    try {
      DriverSettings settings = DriverSettings.parse(url, info);
      if (settings.config().readRouting() != io.sluice.ReadRouting.PRIMARY) {
        // one routing group per URL and properties, shared by their connections in this JVM (issue
        // 36): a pool made on the URL (HikariCP's jdbcUrl) keeps read-your-writes across its connections
        return UrlRoutingGroups.connect(url, info, settings);
      }
      return open(settings);
    } catch (ConfigException e) {
      throw SqlErrors.badConfiguration(e);
    }
  }

  /** A connection of its own server session: {@code settings} do not route. */
  static SluiceConnection open(DriverSettings settings) throws SQLException {
    try {
      return SluiceConnection.of(io.sluice.Connection.open(settings.config()), settings);
    } catch (SluiceException e) {
      SQLException x = SqlErrors.of(e);
      if (x.getSQLState().startsWith("08") && !x.getSQLState().equals("08001")) {
        // could not connect at all: 08001 (sqlclient_unable_to_establish_sqlconnection)
        throw SqlErrors.forState("08001", e.getMessage(), x.getErrorCode(), e);
      }
      throw x;
    }
  }

  /** Whether {@code url} is this driver's; a null URL is an {@code SQLException}, as {@code Driver.acceptsURL} says. */
  @Override
  public boolean acceptsURL(String url) throws SQLException {
    if (url == null) {
      throw new java.sql.SQLNonTransientConnectionException("acceptsURL: the URL is null", "08001");
    }
    return DriverSettings.accepts(url) && (url.startsWith(DriverSettings.SLUICE_PREFIX) || PostgresqlUrls.claimed());
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    return PropertyInfo.of(info);
  }

  @Override
  public int getMajorVersion() {
    return DriverVersion.MAJOR;
  }

  @Override
  public int getMinorVersion() {
    return DriverVersion.MINOR;
  }

  /** Not JDBC compliant in the strict sense (no SQL-92 entry level check, no LOB locators), like pgjdbc. */
  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw Refusal.NO_JUL_LOGGER.of("getParentLogger");
  }
}

package io.sluice.jdbc.internal;

import io.sluice.SluiceException;
import java.sql.ClientInfoStatus;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/**
 * The session settings JDBC lets an application set through its {@link SluiceConnection}: the
 * client info property {@code ApplicationName} (PostgreSQL's {@code application_name}) and the
 * schema ({@code search_path}), both set with {@code set_config(..., false)} so they last for the
 * session, not the transaction. Apart from the connection because these are the connection
 * methods that run SQL of their own, each with its own error reporting (client info failures are
 * {@link SQLClientInfoException}s naming the property).
 */
final class SessionSettings {
  private final SluiceConnection connection;

  SessionSettings(SluiceConnection connection) {
    this.connection = connection;
  }

  /**
   * Sets client info property {@code name}. A name this driver does not know is a warning on the
   * connection, not an exception: "The driver shall generate a warning if the client info name
   * specified is not recognized by the driver" ({@code Connection.setClientInfo}'s Javadoc).
   */
  void setClientInfo(String name, String value) throws SQLClientInfoException {
    if (!"ApplicationName".equals(name)) {
      try {
        connection.checkOpen();
      } catch (SQLException e) {
        throw new SQLClientInfoException(e.getMessage(), e.getSQLState(),
            Map.of(String.valueOf(name), ClientInfoStatus.REASON_UNKNOWN), e);
      }
      connection.warnings.add(new java.sql.SQLWarning("unrecognized client info property " + name
          + " was not set: the only client info property is ApplicationName", "01000"));
      return;
    }
    try {
      connection.settleStream();
      connection.inSession(s -> s.query("select set_config('application_name', $1, false)",
          value == null ? "" : value));
    } catch (SluiceException | SQLException e) {
      throw new SQLClientInfoException(e.getMessage(), Map.of(name, ClientInfoStatus.REASON_UNKNOWN), e);
    }
  }

  /**
   * Sets each property given, and clears those missing ("If a property that was previously set is
   * not present in the properties list, that property is cleared": ApplicationName becomes empty).
   */
  void setClientInfo(Properties properties) throws SQLClientInfoException {
    Properties all = properties == null ? new Properties() : properties;
    if (all.getProperty("ApplicationName") == null) {
      setClientInfo("ApplicationName", "");
    }
    for (String name : all.stringPropertyNames()) {
      setClientInfo(name, all.getProperty(name));
    }
  }

  String clientInfo(String name) throws SQLException {
    connection.checkOpen();
    return "ApplicationName".equals(name) ? connection.sessions.parameter("application_name") : null;
  }

  Properties clientInfo() throws SQLException {
    connection.checkOpen();
    Properties p = new Properties();
    String app = connection.sessions.parameter("application_name");
    if (app != null) {
      p.setProperty("ApplicationName", app);
    }
    return p;
  }

  void setSchema(String schema) throws SQLException {
    connection.checkOpen();
    if (schema == null) {
      return;   // JDBC leaves a null schema to the driver: the search_path stays as it is
    }
    try {
      connection.settleStream();
      connection.inSession(s -> s.query("select set_config('search_path', $1, false)",
          io.sluice.sql.Identifiers.quote(schema)));
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }

  String schema() throws SQLException {
    connection.checkOpen();
    try {
      connection.settleStream();
      return connection.inSession(s -> s.query("select current_schema()").get(0).getString(0));
    } catch (SluiceException e) {
      throw SqlErrors.of(e);
    }
  }
}

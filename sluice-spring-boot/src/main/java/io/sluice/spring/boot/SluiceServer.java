package io.sluice.spring.boot;

import io.sluice.ConnectionConfig;
import io.sluice.event.EventListener;
import io.sluice.jdbc.SluiceDataSource;
import java.util.Map;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;

/**
 * The one description of the server that the DataSource and the {@link io.sluice.Pool} bean share:
 * the JDBC URL, user and password Spring Boot was given (a service connection's, else
 * {@code spring.datasource.*}), Sluice's {@code spring.sluice.*}
 * parameters, and the listener made of the application's {@link EventListener} beans (metrics,
 * tracing, its own). A bean, so that an application can read it; not a {@link javax.sql.DataSource}
 * itself, so that it is never injected where one is wanted.
 */
public final class SluiceServer {
  private final String url;
  private final String username;
  private final String password;
  private final Map<String, String> parameters;
  private final EventListener listener;

  SluiceServer(String url, String username, String password, Map<String, String> parameters,
      EventListener listener) {
    this.url = url;
    this.username = username;
    this.password = password;
    this.parameters = Map.copyOf(parameters);
    this.listener = listener;
  }

  /**
   * The settings of a service connection ({@code details}, from Docker Compose or Testcontainers,
   * which Spring Boot prefers to the properties) or else of {@code spring.datasource.*}.
   */
  static SluiceServer of(JdbcConnectionDetails details, DataSourceProperties properties, Map<String, String> parameters,
      EventListener listener) {
    if (details == null) {
      return new SluiceServer(properties.getUrl(), properties.determineUsername(), properties.determinePassword(),
          parameters, listener);
    }
    String url = details.getJdbcUrl();
    if (url == null || !(url.startsWith("jdbc:postgresql:") || url.startsWith("jdbc:sluice:postgresql:"))) {
      throw new IllegalStateException("the service connection's JDBC URL is not PostgreSQL's, and pgjdbc is absent: "
          + "Sluice serves PostgreSQL only (" + (url == null ? "no URL" : url.substring(0, url.indexOf(':', 5) + 1)) + ")");
    }
    return new SluiceServer(url, details.getUsername(), details.getPassword(), parameters, listener);
  }

  /** The JDBC URL ({@code jdbc:postgresql:} or {@code jdbc:sluice:postgresql:}). */
  public String url() {
    return url;
  }

  /** A new, unpooled data source on these settings: every {@code getConnection} opens a connection. */
  public SluiceDataSource dataSource() {
    SluiceDataSource ds = new SluiceDataSource();
    ds.setUrl(url);
    ds.setUser(username);
    ds.setPassword(password);
    parameters.forEach(ds::setProperty);
    ds.setListener(listener);
    return ds;
  }

  /** The Sluice configuration of these settings, for {@link io.sluice.Pool#open(ConnectionConfig, io.sluice.PoolOptions)}. */
  public ConnectionConfig connectionConfig() {
    return dataSource().connectionConfig();
  }

  /** The URL and the parameters' names; never the password. */
  @Override
  public String toString() {
    return "SluiceServer[" + url + ", user " + username + ", parameters " + parameters.keySet() + "]";
  }
}

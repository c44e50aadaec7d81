package io.sluice.jdbc;

import io.sluice.jdbc.internal.DriverSettings;
import io.sluice.jdbc.internal.RoutingPools;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SqlErrors;

import io.sluice.ConfigException;
import io.sluice.ConnectionConfig;
import io.sluice.event.EventListener;
import java.io.PrintWriter;
import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.StringJoiner;

/**
 * A {@link javax.sql.DataSource} of Sluice JDBC connections, configured with the usual bean
 * properties ({@code serverName}/{@code serverNames}, {@code portNumber}/{@code portNumbers},
 * {@code databaseName}, {@code user}, {@code password}), or a whole {@code url}, plus any other
 * connection parameter with {@link #setProperty} — every pgjdbc parameter {@link DriverSettings}
 * accepts, and every libpq or Sluice keyword ({@code statement_cache_size}, {@code
 * pipeline_depth}, {@code query_timeout}, …). A bean property overrides what the URL says; see
 * {@link #url()}.
 * Every {@code getConnection} opens a new connection; pool them with a pool (HikariCP, …).
 *
 * <p>With {@code readRouting} {@code prefer-standby} or {@code standby} (issue 23), the data
 * source keeps a routing {@link io.sluice.Pool} inside, opened at the first {@code getConnection}
 * (with {@link #setRoutingPoolOptions}), and its connections take a session from it per
 * transaction and per auto-commit statement: read-only ones (after {@code setReadOnly(true)}) on
 * a standby. {@link #close()} closes that pool; a data source never closed keeps it (its monitor
 * thread and sessions to every host) until the JVM exits. Read-your-writes covers every
 * connection of this data source instance.
 */
public class SluiceDataSource extends DataSourceRefusals implements Serializable, AutoCloseable {
  private static final long serialVersionUID = 1L;

  private String url;
  private String[] serverNames;
  private int[] portNumbers;
  private String databaseName;
  private String user;
  private String password;
  private final Map<String, String> properties = new LinkedHashMap<>();
  private int loginTimeout;
  private transient PrintWriter logWriter;
  private transient EventListener listener;
  private transient io.sluice.OAuthTokenSupplier oauthTokenSupplier;
  private transient volatile io.sluice.PoolOptions routingPoolOptions;
  /** The routing pools, once a routing getConnection opened one; null before (and after deserialising). */
  private transient RoutingPools routing;

  @Override
  public Connection getConnection() throws SQLException {
    return getConnection(user, password);
  }

  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    try {
      DriverSettings s = settings(username, password);
      if (s.config().readRouting() != io.sluice.ReadRouting.PRIMARY) {
        return SluiceConnection.of(routingPools().poolFor(username, password, s, getRoutingPoolOptions()), s, null);
      }
      return SluiceDriver.open(s);
    } catch (ConfigException e) {
      throw SqlErrors.badConfiguration(e);
    } catch (IllegalStateException e) {
      throw SqlErrors.of(e.getMessage(), "08003");
    }
  }

  private synchronized RoutingPools routingPools() {
    if (routing == null) {
      routing = new RoutingPools();
    }
    return routing;
  }

  /**
   * The options of the routing pool (per host: each host's sessions number at most {@code
   * maxSize}); {@link io.sluice.PoolOptions#DEFAULT} unless set. Read when the pool opens, at the
   * first routing {@code getConnection}. Not serialised.
   */
  public void setRoutingPoolOptions(io.sluice.PoolOptions options) {
    this.routingPoolOptions = options;
  }

  public io.sluice.PoolOptions getRoutingPoolOptions() {
    io.sluice.PoolOptions o = routingPoolOptions;
    return o != null ? o : io.sluice.PoolOptions.DEFAULT;
  }

  /**
   * The routing pool this data source's connections take their sessions from (user and password
   * as set), opened now if no {@code getConnection} has yet: for Sluice's native API beside the
   * JDBC code, under the same read-your-writes floor (a read through either sees a write through
   * either). Closed by {@link #close()}, not by its user. A {@link ConfigException} when {@code
   * readRouting} is {@code primary} (there is no such pool then: open one on {@link
   * #connectionConfig()}) or a setting is bad.
   */
  public io.sluice.Pool routingPool() {
    DriverSettings s = settings(user, password);
    if (s.config().readRouting() == io.sluice.ReadRouting.PRIMARY) {
      throw new ConfigException("this data source does not route (readRouting=primary): it has no routing pool");
    }
    return routingPools().poolFor(user, password, s, getRoutingPoolOptions());
  }

  /**
   * Closes the routing pool, if {@code readRouting} opened one (waiting for its borrowed sessions,
   * as {@link io.sluice.Pool#close()} does); later routing {@code getConnection} calls fail. Without
   * routing there is nothing to close: each connection is closed by its user.
   */
  @Override
  public void close() {
    RoutingPools r;
    synchronized (this) {
      r = routing;
    }
    if (r != null) {
      r.close();
    }
  }

  /**
   * The Sluice configuration this data source's connections are opened with (its listener
   * included): for opening an {@link io.sluice.Pool} or {@link io.sluice.Connection} on the same
   * server settings. A bad URL or parameter is a {@link ConfigException}.
   */
  public ConnectionConfig connectionConfig() {
    return settings(user, password).config();
  }

  /** The driver's settings for these properties, with the listener, if one is set. */
  DriverSettings settings(String username, String pw) {
    DriverSettings s = DriverSettings.parse(url(), properties(username, pw), true);
    s = listener == null ? s : s.withConfig(s.config().withListener(listener));
    return oauthTokenSupplier == null ? s : s.withConfig(s.config().withOAuthTokenSupplier(oauthTokenSupplier));
  }

  /**
   * Where bearer tokens come from when the server signs users in with OAuth (PostgreSQL 18; see
   * {@link io.sluice.OAuthTokenSupplier}); null for none. Not serialised.
   */
  public void setOAuthTokenSupplier(io.sluice.OAuthTokenSupplier supplier) {
    this.oauthTokenSupplier = supplier;
  }

  public io.sluice.OAuthTokenSupplier getOAuthTokenSupplier() {
    return oauthTokenSupplier;
  }

  /**
   * Where the events of this data source's connections go (statements, connects, …: see {@link
   * EventListener}); null for none. Not serialised.
   */
  public void setListener(EventListener listener) {
    this.listener = listener;
  }

  public EventListener getListener() {
    return listener;
  }

  /**
   * The URL connections are opened with: the one set, or, when any of serverName(s),
   * portNumber(s) and databaseName is set, the one those describe (the set URL is then not
   * used). User, password and the other properties travel beside it and override its parameters.
   */
  public String url() {
    if (url != null && serverNames == null && databaseName == null && portNumbers == null) {
      return url;
    }
    StringBuilder sb = new StringBuilder(DriverSettings.PGJDBC_PREFIX).append("//");
    String[] hosts = serverNames != null ? serverNames : new String[] {"localhost"};
    StringJoiner list = new StringJoiner(",");
    for (int i = 0; i < hosts.length; i++) {
      String h = hosts[i].contains(":") && !hosts[i].startsWith("[") ? "[" + hosts[i] + "]" : hosts[i];
      int port = portNumbers == null || portNumbers.length == 0 ? 0
          : portNumbers[Math.min(i, portNumbers.length - 1)];
      list.add(port > 0 ? h + ":" + port : h);
    }
    sb.append(list).append('/');
    if (databaseName != null) {
      sb.append(encode(databaseName));
    }
    return sb.toString();
  }

  /**
   * {@link #url()} with each property set here (user and password aside, which travel apart) as a
   * URL parameter, percent-encoded: the whole configuration as one URL, as pgjdbc's data sources
   * answer {@code getURL}.
   */
  public String urlWithProperties() {
    return withProperties(url());
  }

  /** {@code url} with each property set here but user and password as a URL parameter (see {@link #urlWithProperties}). */
  protected final String withProperties(String url) {
    StringBuilder sb = new StringBuilder(url);
    char sep = sb.indexOf("?") < 0 ? '?' : '&';
    for (Map.Entry<String, String> e : properties.entrySet()) {
      if (!e.getKey().equals("user") && !e.getKey().equals("password")) {
        sb.append(sep).append(encode(e.getKey())).append('=').append(encode(e.getValue()));
        sep = '&';
      }
    }
    return sb.toString();
  }

  /** {@code s} percent-encoded for a URL's path or parameter ({@code %20} for a space). */
  protected static String encode(String s) {
    return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }

  private Properties properties(String username, String pw) {
    Properties p = new Properties();
    p.putAll(properties);
    if (username != null) {
      p.setProperty("user", username);
    }
    if (pw != null) {
      p.setProperty("password", pw);
    }
    if (loginTimeout > 0 && !p.containsKey("connectTimeout")) {
      p.setProperty("connectTimeout", String.valueOf(loginTimeout));
    }
    return p;
  }

  public void setUrl(String url) {
    if (!DriverSettings.accepts(url)) {
      throw new IllegalArgumentException("not a " + DriverSettings.PGJDBC_PREFIX + " or " + DriverSettings.SLUICE_PREFIX
          + " URL: " + url);
    }
    this.url = url;
  }

  public String getUrl() {
    return url;
  }

  /** pgjdbc's name for {@link #setUrl}. */
  public void setURL(String url) {
    setUrl(url);
  }

  public String getURL() {
    return url;
  }

  public void setServerName(String name) {
    this.serverNames = name == null ? null : new String[] {name};
  }

  public String getServerName() {
    return serverNames == null ? null : serverNames[0];
  }

  public void setServerNames(String[] names) {
    this.serverNames = names == null ? null : names.clone();
  }

  public String[] getServerNames() {
    return serverNames == null ? null : serverNames.clone();
  }

  public void setPortNumber(int port) {
    this.portNumbers = port <= 0 ? null : new int[] {port};
  }

  public int getPortNumber() {
    return portNumbers == null ? 0 : portNumbers[0];
  }

  /** The ports of the servers, in order; null or empty for the default (5432). */
  public void setPortNumbers(int[] ports) {
    this.portNumbers = ports == null || ports.length == 0 ? null : ports.clone();
  }

  public int[] getPortNumbers() {
    return portNumbers == null ? null : portNumbers.clone();
  }

  public void setDatabaseName(String name) {
    this.databaseName = name;
  }

  public String getDatabaseName() {
    return databaseName;
  }

  public void setUser(String user) {
    this.user = user;
  }

  public String getUser() {
    return user;
  }

  public void setPassword(String password) {
    this.password = password;
  }

  public String getPassword() {
    return password;
  }

  /** pgjdbc's bean name for {@code ApplicationName}. */
  public void setApplicationName(String name) {
    setProperty("ApplicationName", name);
  }

  public void setCurrentSchema(String schema) {
    setProperty("currentSchema", schema);
  }

  public void setSslMode(String mode) {
    setProperty("sslmode", mode);
  }

  public void setDefaultRowFetchSize(int rows) {
    setProperty("defaultRowFetchSize", String.valueOf(rows));
  }

  /** pgjdbc's bean: {@code select}, {@code callIfNoReturn} or {@code call}; unset, by the routine's kind. */
  public void setEscapeSyntaxCallMode(String mode) {
    setProperty("escapeSyntaxCallMode", mode);
  }

  /** pgjdbc's bean: whether commit throws when the server rolled the transaction back instead. */
  public void setRaiseExceptionOnSilentRollback(boolean raise) {
    setProperty("raiseExceptionOnSilentRollback", String.valueOf(raise));
  }

  /** pgjdbc's bean for GSS encryption: {@code disable}, {@code allow} and {@code prefer}; {@code require} is refused. */
  public void setGssEncMode(String mode) {
    setProperty("gssEncMode", mode);
  }

  /**
   * Sets any connection parameter: a pgjdbc parameter, or a libpq or Sluice keyword; null removes
   * it. Checked when a connection is opened.
   */
  public void setProperty(String name, String value) {
    if (value == null) {
      properties.remove(name);
    } else {
      properties.put(name, value);
    }
  }

  public String getProperty(String name) {
    return properties.get(name);
  }

  /** The names of the properties set with {@link #setProperty}, in the order they were first set. */
  public java.util.List<String> propertyNames() {
    return java.util.List.copyOf(properties.keySet());
  }

  /** Sets every parameter of {@code props}, as {@link #setProperty}. */
  public void setProperties(Properties props) {
    for (String name : props.stringPropertyNames()) {
      setProperty(name, props.getProperty(name));
    }
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }
}

package org.postgresql.ds.common;

/**
 * pgjdbc's data source bean properties over {@link io.sluice.jdbc.SluiceDataSource}: server names, port
 * numbers, database, user, password and URL are Sluice's own; each other property here sets the
 * pgjdbc connection parameter of its name ({@link #setProperty}), which Sluice honours, ignores
 * where it has no effect, or refuses naming it when a connection opens (see docs/jdbc.md). A
 * getter gives the value set, or 0, false or null when none was, not pgjdbc's default.
 */
public abstract class BaseDataSource extends ParameterBeans implements javax.naming.Referenceable {
  private static final long serialVersionUID = 1L;

  /** What the data source is, as pgjdbc's {@code getDescription}. */
  public abstract String getDescription();

  /**
   * The URL these properties describe, every parameter in it (user and password aside), as pgjdbc's
   * {@code getURL} answers; {@link io.sluice.jdbc.SluiceDataSource#getURL} gives only a URL set.
   */
  @Override
  public String getURL() {
    String whole = urlSetWhole();
    if (whole != null) {
      return withProperties(whole);
    }
    String[] servers = getServerNames();
    servers = servers == null ? new String[] {"localhost"} : servers;
    int[] ports = getPortNumbers();
    if (ports.length != servers.length && !(ports.length == 1 && ports[0] == 0)) {
      throw new IllegalArgumentException(servers.length + " server names but " + ports.length + " port numbers:"
          + " give one port for each server (0 for the default)");
    }
    StringBuilder url = new StringBuilder("jdbc:postgresql://");
    for (int i = 0; i < servers.length; i++) {
      int port = ports.length == servers.length ? ports[i] : 0;
      url.append(i > 0 ? "," : "").append(servers[i]).append(port != 0 ? ":" + port : "");
    }
    url.append('/').append(getDatabaseName() == null ? "" : encode(getDatabaseName()));
    return withProperties(url.toString());
  }

  /** A URL {@link #setURL} kept whole (Sluice's own prefix), while no part is set apart; else null. */
  String urlSetWhole() {
    boolean parts = getServerNames() != null || getDatabaseName() != null || super.getPortNumbers() != null;
    return parts ? null : super.getURL();
  }

  /** A JNDI reference to a data source like this one, built again by {@link PGObjectFactory}. */
  @Override
  public javax.naming.Reference getReference() {
    return DataSourceReferences.of(this);
  }

  /** Sets this data source's properties from a reference {@link #getReference} made. */
  public void setFromReference(javax.naming.Reference ref) {
    DataSourceReferences.apply(ref, this);
  }

  /** Sets this data source's properties from {@code source}'s. */
  public void initializeFrom(BaseDataSource source) {
    setFromReference(source.getReference());
  }

  /** pgjdbc's: {@code {0}} (the default port) when none was set. */
  @Override
  public int[] getPortNumbers() {
    int[] ports = super.getPortNumbers();
    return ports == null || ports.length == 0 ? new int[] {0} : ports;
  }

  @Override
  public String getUrl() {
    return getURL();
  }

  /**
   * pgjdbc's {@code setURL}: the URL's parts become the bean properties (server names, port
   * numbers, database, user, password, each parameter), so that {@link #getServerName} and the
   * others answer from it. A URL of Sluice's own prefix is kept whole, as {@link
   * io.sluice.jdbc.SluiceDataSource#setUrl} keeps it.
   */
  @Override
  public void setURL(String url) {
    java.util.Properties parts = io.sluice.jdbc.dropin.UrlProperties.parse(url, null);
    if (parts == null) {
      super.setUrl(url);   // refuses what is no URL of ours, by name
      return;
    }
    int[] ports;
    try {
      ports = java.util.Arrays.stream(parts.getProperty("PGPORT").split(",")).mapToInt(Integer::parseInt).toArray();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a port of " + url + " is no number", e);
    }
    setServerNames(parts.getProperty("PGHOST").split(","));
    setPortNumbers(ports);
    setDatabaseName(parts.getProperty("PGDBNAME"));
    for (String name : parts.stringPropertyNames()) {
      String value = parts.getProperty(name);
      switch (name) {
        case "PGHOST", "PGPORT", "PGDBNAME" -> { }
        case "user" -> setUser(value);
        case "password" -> setPassword(value);
        default -> setProperty(name, value);
      }
    }
  }

  @Override
  public void setUrl(String url) {
    setURL(url);
  }

  public String getApplicationName() {
    return getProperty("ApplicationName");
  }

  public String getCurrentSchema() {
    return getProperty("currentSchema");
  }

  public String getOptions() {
    return getProperty("options");
  }

  public void setOptions(String options) {
    set("options", options);
  }

  /** pgjdbc's {@code protocolVersion} (3, or 0 for unset): the driver speaks 3.0 for it ({@code max_protocol_version}). */
  public int getProtocolVersion() {
    return number("protocolVersion");
  }

  public void setProtocolVersion(int version) {
    set("protocolVersion", version == 0 ? null : version);
  }

  public int getConnectTimeout() {
    return number("connectTimeout");
  }

  public void setConnectTimeout(int seconds) {
    set("connectTimeout", seconds);
  }

  public int getSocketTimeout() {
    return number("socketTimeout");
  }

  public void setSocketTimeout(int seconds) {
    set("socketTimeout", seconds);
  }

  public int getCancelSignalTimeout() {
    return number("cancelSignalTimeout");
  }

  public void setCancelSignalTimeout(int seconds) {
    set("cancelSignalTimeout", seconds);
  }

  public int getQueryTimeout() {
    return number("queryTimeout");
  }

  public void setQueryTimeout(int seconds) {
    set("queryTimeout", seconds);
  }

  public int getDefaultRowFetchSize() {
    return number("defaultRowFetchSize");
  }

  public int getPrepareThreshold() {
    return number("prepareThreshold");
  }

  public void setPrepareThreshold(int count) {
    set("prepareThreshold", count);
  }

  public int getPreparedStatementCacheQueries() {
    return number("preparedStatementCacheQueries");
  }

  public void setPreparedStatementCacheQueries(int size) {
    set("preparedStatementCacheQueries", size);
  }

  public boolean getSsl() {
    return flag("ssl");
  }

  public boolean isSsl() {
    return getSsl();
  }

  public void setSsl(boolean enabled) {
    set("ssl", enabled);
  }

  public String getSslMode() {
    return getProperty("sslmode");
  }

  /** pgjdbc's lower-case spelling of {@link #setSslMode}. */
  public void setSslmode(String mode) {
    setSslMode(mode);
  }

  public String getSslmode() {
    return getSslMode();
  }

  public String getSslCert() {
    return getProperty("sslcert");
  }

  public void setSslCert(String file) {
    set("sslcert", file);
  }

  public String getSslKey() {
    return getProperty("sslkey");
  }

  public void setSslKey(String file) {
    set("sslkey", file);
  }

  public String getSslRootCert() {
    return getProperty("sslrootcert");
  }

  public void setSslRootCert(String file) {
    set("sslrootcert", file);
  }

  public String getSslPassword() {
    return getProperty("sslpassword");
  }

  public void setSslPassword(String password) {
    set("sslpassword", password);
  }

  public String getSslNegotiation() {
    return getProperty("sslNegotiation");
  }

  public void setSslNegotiation(String negotiation) {
    set("sslNegotiation", negotiation);
  }

  public String getChannelBinding() {
    return getProperty("channelBinding");
  }

  public void setChannelBinding(String binding) {
    set("channelBinding", binding);
  }

  public String getGssEncMode() {
    return getProperty("gssEncMode");
  }

  public String getRequireAuth() {
    return getProperty("requireAuth");
  }

  public void setRequireAuth(String methods) {
    set("requireAuth", methods);
  }

  public String getTargetServerType() {
    return getProperty("targetServerType");
  }

  public void setTargetServerType(String type) {
    set("targetServerType", type);
  }

  public boolean getLoadBalanceHosts() {
    return flag("loadBalanceHosts");
  }

  public boolean isLoadBalanceHosts() {
    return getLoadBalanceHosts();
  }

  public void setLoadBalanceHosts(boolean enabled) {
    set("loadBalanceHosts", enabled);
  }

  public int getHostRecheckSeconds() {
    return number("hostRecheckSeconds");
  }

  public void setHostRecheckSeconds(int seconds) {
    set("hostRecheckSeconds", seconds);
  }

  public boolean getTcpKeepAlive() {
    return flag("tcpKeepAlive");
  }

  public boolean isTcpKeepAlive() {
    return getTcpKeepAlive();
  }

  public void setTcpKeepAlive(boolean enabled) {
    set("tcpKeepAlive", enabled);
  }

  public boolean getTcpNoDelay() {
    return flag("tcpNoDelay");
  }

  public void setTcpNoDelay(boolean enabled) {
    set("tcpNoDelay", enabled);
  }

  public String getStringType() {
    return getProperty("stringtype");
  }

  /** {@code unspecified} sends strings untyped, {@code varchar} as varchar (the default). */
  public void setStringType(String type) {
    set("stringtype", type);
  }

  public boolean getReadOnly() {
    return flag("readOnly");
  }

  public boolean isReadOnly() {
    return getReadOnly();
  }

  public void setReadOnly(boolean readOnly) {
    set("readOnly", readOnly);
  }

  public String getReadOnlyMode() {
    return getProperty("readOnlyMode");
  }

  public void setReadOnlyMode(String mode) {
    set("readOnlyMode", mode);
  }

  public boolean getReWriteBatchedInserts() {
    return flag("reWriteBatchedInserts");
  }

  public boolean isReWriteBatchedInserts() {
    return getReWriteBatchedInserts();
  }

  public void setReWriteBatchedInserts(boolean rewrite) {
    set("reWriteBatchedInserts", rewrite);
  }

  public boolean getBinaryTransfer() {
    return flag("binaryTransfer");
  }

  public void setBinaryTransfer(boolean enabled) {
    set("binaryTransfer", enabled);
  }

  public String getEscapeSyntaxCallMode() {
    return getProperty("escapeSyntaxCallMode");
  }

  public String getAssumeMinServerVersion() {
    return getProperty("assumeMinServerVersion");
  }

  public void setAssumeMinServerVersion(String version) {
    set("assumeMinServerVersion", version);
  }

  public boolean getLogUnclosedConnections() {
    return flag("logUnclosedConnections");
  }

  public void setLogUnclosedConnections(boolean enabled) {
    set("logUnclosedConnections", enabled);
  }

  public boolean getQuoteReturningIdentifiers() {
    return flag("quoteReturningIdentifiers");
  }

  public void setQuoteReturningIdentifiers(boolean quote) {
    set("quoteReturningIdentifiers", quote);
  }

  public String getKerberosServerName() {
    return getProperty("kerberosServerName");
  }

  public void setKerberosServerName(String name) {
    set("kerberosServerName", name);
  }

  public String getJaasApplicationName() {
    return getProperty("jaasApplicationName");
  }

  public void setJaasApplicationName(String name) {
    set("jaasApplicationName", name);
  }

  public int getReceiveBufferSize() {
    return number("receiveBufferSize");
  }

  public void setReceiveBufferSize(int bytes) {
    set("receiveBufferSize", bytes);
  }

  public int getSendBufferSize() {
    return number("sendBufferSize");
  }

  public void setSendBufferSize(int bytes) {
    set("sendBufferSize", bytes);
  }

  /** pgjdbc's {@code autosave}, which the driver follows (docs/jdbc.md); null when not set. */
  public org.postgresql.jdbc.AutoSave getAutosave() {
    String v = getProperty("autosave");
    return v == null ? null : org.postgresql.jdbc.AutoSave.of(v);
  }

  public void setAutosave(org.postgresql.jdbc.AutoSave autoSave) {
    set("autosave", autoSave == null ? null : autoSave.value());
  }

  public boolean getCleanupSavepoints() {
    return flag("cleanupSavepoints");
  }

  public void setCleanupSavepoints(boolean cleanup) {
    set("cleanupSavepoints", cleanup);
  }

  public org.postgresql.jdbc.PreferQueryMode getPreferQueryMode() {
    String v = getProperty("preferQueryMode");
    return v == null ? null : org.postgresql.jdbc.PreferQueryMode.of(v);
  }

  public void setPreferQueryMode(org.postgresql.jdbc.PreferQueryMode mode) {
    set("preferQueryMode", mode == null ? null : mode.value());
  }

  public boolean getAdaptiveFetch() {
    return flag("adaptiveFetch");
  }

  public void setAdaptiveFetch(boolean adaptiveFetch) {
    set("adaptiveFetch", adaptiveFetch);
  }

  public boolean isDisableColumnSanitiser() {
    return flag("disableColumnSanitiser");
  }

  public void setDisableColumnSanitiser(boolean disabled) {
    set("disableColumnSanitiser", disabled);
  }
}

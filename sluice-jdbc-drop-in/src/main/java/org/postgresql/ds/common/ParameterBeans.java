package org.postgresql.ds.common;

import io.sluice.jdbc.SluiceDataSource;

/**
 * The rest of pgjdbc's data source bean properties, one getter and setter per pgjdbc connection
 * parameter (and pgjdbc's second spellings, {@code sslcert} beside {@code sslCert}), so that a
 * configuration written for pgjdbc's data sources (an application server's resource, a pool's
 * bean properties, a {@code BeanInfo} walk) finds each one. Each sets the parameter of its name,
 * which a connection then honours, ignores where it has no effect here, or refuses naming it (the
 * class-loading ones such as {@code socketFactory}: see docs/jdbc.md); a getter gives the value set,
 * or 0, false or null. Kept apart from {@link BaseDataSource}, which has the properties with
 * meaning of their own, so that each file stays one list.
 */
abstract class ParameterBeans extends SluiceDataSource {
  private static final long serialVersionUID = 1L;

  final void set(String name, Object value) {
    setProperty(name, value == null ? null : String.valueOf(value));
  }

  final int number(String name) {
    String v = getProperty(name);
    try {
      return v == null ? 0 : Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  final boolean flag(String name) {
    return Boolean.parseBoolean(getProperty(name));
  }

  /**
   * A flag whose pgjdbc default is true, read as true when unset: a tool that copies every bean
   * property across must not turn {@code logServerErrorDetail} off, which a connection refuses.
   */
  final boolean flagOrTrue(String name) {
    return getProperty(name) == null || flag(name);
  }

  public int getGssResponseTimeout() {
    return number("gssResponseTimeout");
  }

  public void setGssResponseTimeout(int value) {
    set("gssResponseTimeout", value);
  }

  public int getSslResponseTimeout() {
    return number("sslResponseTimeout");
  }

  public void setSslResponseTimeout(int value) {
    set("sslResponseTimeout", value);
  }

  public int getMaxSendBufferSize() {
    return number("maxSendBufferSize");
  }

  public void setMaxSendBufferSize(int value) {
    set("maxSendBufferSize", value);
  }

  public int getPreparedStatementCacheSizeMiB() {
    return number("preparedStatementCacheSizeMiB");
  }

  public void setPreparedStatementCacheSizeMiB(int value) {
    set("preparedStatementCacheSizeMiB", value);
  }

  public int getDatabaseMetadataCacheFields() {
    return number("databaseMetadataCacheFields");
  }

  public void setDatabaseMetadataCacheFields(int value) {
    set("databaseMetadataCacheFields", value);
  }

  public int getDatabaseMetadataCacheFieldsMiB() {
    return number("databaseMetadataCacheFieldsMiB");
  }

  public void setDatabaseMetadataCacheFieldsMiB(int value) {
    set("databaseMetadataCacheFieldsMiB", value);
  }

  public void setUnknownLength(int value) {
    set("unknownLength", value);
  }

  public int getUnknownLength() {
    return number("unknownLength");
  }

  public void setSslfactory(String value) {
    set("sslfactory", value);
  }

  public String getSslfactory() {
    return getProperty("sslfactory");
  }

  public String getSslFactoryArg() {
    return getProperty("sslfactoryarg");
  }

  public void setSslFactoryArg(String value) {
    set("sslfactoryarg", value);
  }

  public String getSslHostnameVerifier() {
    return getProperty("sslhostnameverifier");
  }

  public void setSslHostnameVerifier(String value) {
    set("sslhostnameverifier", value);
  }

  public String getSslPasswordCallback() {
    return getProperty("sslpasswordcallback");
  }

  public void setSslPasswordCallback(String value) {
    set("sslpasswordcallback", value);
  }

  public void setBinaryTransferEnable(String value) {
    set("binaryTransferEnable", value);
  }

  public String getBinaryTransferEnable() {
    return getProperty("binaryTransferEnable");
  }

  public void setBinaryTransferDisable(String value) {
    set("binaryTransferDisable", value);
  }

  public String getBinaryTransferDisable() {
    return getProperty("binaryTransferDisable");
  }

  public boolean isColumnSanitiserDisabled() {
    return flag("disableColumnSanitiser");
  }

  public boolean getDisableColumnSanitiser() {
    return flag("disableColumnSanitiser");
  }

  public boolean getConvertBooleanToNumeric() {
    return flag("convertBooleanToNumeric");
  }

  public void setConvertBooleanToNumeric(boolean value) {
    set("convertBooleanToNumeric", value);
  }

  public boolean getLogServerErrorDetail() {
    return flagOrTrue("logServerErrorDetail");
  }

  public void setLogServerErrorDetail(boolean value) {
    set("logServerErrorDetail", value);
  }

  public boolean getGroupStartupParameters() {
    return flag("groupStartupParameters");
  }

  public void setGroupStartupParameters(boolean value) {
    set("groupStartupParameters", value);
  }

  public boolean getJaasLogin() {
    return flagOrTrue("jaasLogin");
  }

  public void setJaasLogin(boolean value) {
    set("jaasLogin", value);
  }

  public boolean getGssUseDefaultCreds() {
    return flag("gssUseDefaultCreds");
  }

  public void setGssUseDefaultCreds(boolean value) {
    set("gssUseDefaultCreds", value);
  }

  public boolean getUseSpNego() {
    return flag("useSpnego");
  }

  public void setUseSpNego(boolean value) {
    set("useSpnego", value);
  }

  public String getGssLib() {
    return getProperty("gsslib");
  }

  public void setGssLib(String value) {
    set("gsslib", value);
  }

  public String getSspiServiceClass() {
    return getProperty("sspiServiceClass");
  }

  public void setSspiServiceClass(String value) {
    set("sspiServiceClass", value);
  }

  public boolean getAllowEncodingChanges() {
    return flag("allowEncodingChanges");
  }

  public void setAllowEncodingChanges(boolean value) {
    set("allowEncodingChanges", value);
  }

  public String getSocketFactory() {
    return getProperty("socketFactory");
  }

  public void setSocketFactory(String value) {
    set("socketFactory", value);
  }

  public String getSocketFactoryArg() {
    return getProperty("socketFactoryArg");
  }

  public void setSocketFactoryArg(String value) {
    set("socketFactoryArg", value);
  }

  public String getClassLoaderStrategy() {
    return getProperty("classLoaderStrategy");
  }

  public void setClassLoaderStrategy(String value) {
    set("classLoaderStrategy", value);
  }

  public void setReplication(String value) {
    set("replication", value);
  }

  public String getReplication() {
    return getProperty("replication");
  }

  public String getLocalSocketAddress() {
    return getProperty("localSocketAddress");
  }

  public void setLocalSocketAddress(String value) {
    set("localSocketAddress", value);
  }

  public String getLoggerLevel() {
    return getProperty("loggerLevel");
  }

  public void setLoggerLevel(String value) {
    set("loggerLevel", value);
  }

  public String getLoggerFile() {
    return getProperty("loggerFile");
  }

  public void setLoggerFile(String value) {
    set("loggerFile", value);
  }

  public int getScramMaxIterations() {
    return number("scramMaxIterations");
  }

  public void setScramMaxIterations(int value) {
    set("scramMaxIterations", value);
  }

  public String getAuthenticationPluginClassName() {
    return getProperty("authenticationPluginClassName");
  }

  public void setAuthenticationPluginClassName(String value) {
    set("authenticationPluginClassName", value);
  }

  public int getReWriteBatchedInsertsSize() {
    return number("reWriteBatchedInsertsSize");
  }

  public void setReWriteBatchedInsertsSize(int value) {
    set("reWriteBatchedInsertsSize", value);
  }

  public boolean getHideUnprivilegedObjects() {
    return flag("hideUnprivilegedObjects");
  }

  public void setHideUnprivilegedObjects(boolean value) {
    set("hideUnprivilegedObjects", value);
  }

  public boolean getFlushCacheOnDdl() {
    return flagOrTrue("flushCacheOnDdl");
  }

  public void setFlushCacheOnDdl(boolean value) {
    set("flushCacheOnDdl", value);
  }

  public String getMaxResultBuffer() {
    return getProperty("maxResultBuffer");
  }

  public void setMaxResultBuffer(String value) {
    set("maxResultBuffer", value);
  }

  public int getAdaptiveFetchMaximum() {
    return number("adaptiveFetchMaximum");
  }

  public void setAdaptiveFetchMaximum(int value) {
    set("adaptiveFetchMaximum", value);
  }

  public int getAdaptiveFetchMinimum() {
    return number("adaptiveFetchMinimum");
  }

  public void setAdaptiveFetchMinimum(int value) {
    set("adaptiveFetchMinimum", value);
  }

  public String getXmlFactoryFactory() {
    return getProperty("xmlFactoryFactory");
  }

  public void setXmlFactoryFactory(String value) {
    set("xmlFactoryFactory", value);
  }

  public String getConnectExecutor() {
    return getProperty("connectExecutor");
  }

  public void setConnectExecutor(String value) {
    set("connectExecutor", value);
  }

  public String getConnectExecutorArg() {
    return getProperty("connectExecutorArg");
  }

  public void setConnectExecutorArg(String value) {
    set("connectExecutorArg", value);
  }

  public String getPemKeyAlgorithm() {
    return getProperty("pemKeyAlgorithm");
  }

  public void setPemKeyAlgorithm(String value) {
    set("pemKeyAlgorithm", value);
  }

  public String getSslfactoryarg() {
    return getProperty("sslfactoryarg");
  }

  public void setSslfactoryarg(String value) {
    set("sslfactoryarg", value);
  }

  public String getSslcert() {
    return getProperty("sslcert");
  }

  public void setSslcert(String value) {
    set("sslcert", value);
  }

  public String getSslhostnameverifier() {
    return getProperty("sslhostnameverifier");
  }

  public void setSslhostnameverifier(String value) {
    set("sslhostnameverifier", value);
  }

  public String getSslkey() {
    return getProperty("sslkey");
  }

  public void setSslkey(String value) {
    set("sslkey", value);
  }

  public String getSslrootcert() {
    return getProperty("sslrootcert");
  }

  public void setSslrootcert(String value) {
    set("sslrootcert", value);
  }

  public String getSslpasswordcallback() {
    return getProperty("sslpasswordcallback");
  }

  public void setSslpasswordcallback(String value) {
    set("sslpasswordcallback", value);
  }

  public String getSslpassword() {
    return getProperty("sslpassword");
  }

  public void setSslpassword(String value) {
    set("sslpassword", value);
  }

  public int getRecvBufferSize() {
    return number("receiveBufferSize");
  }

  public void setRecvBufferSize(int value) {
    set("receiveBufferSize", value);
  }

  public boolean isAllowEncodingChanges() {
    return flag("allowEncodingChanges");
  }

  public boolean isLogUnclosedConnections() {
    return flag("logUnclosedConnections");
  }

  public boolean isCleanupSavePoints() {
    return flag("cleanupSavepoints");
  }

  public void setCleanupSavePoints(boolean value) {
    set("cleanupSavepoints", value);
  }

  public void setPemKeyAlgo(String value) {
    set("pemKeyAlgorithm", value);
  }

  public String getPemKeyAlgo() {
    return getProperty("pemKeyAlgorithm");
  }
}

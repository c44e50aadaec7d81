package io.sluice.jdbc.internal;

import io.sluice.ConfigException;
import java.util.Map;
import java.util.Set;

/**
 * pgjdbc's connection parameters (its {@code PGProperty} names, 42.7) that Sluice does not take
 * as they are, and what becomes of names no driver knows. The rule, for a drop-in that must not
 * lose a setting silently:
 *
 * <ul>
 *   <li>A pgjdbc parameter that only tunes pgjdbc's own machinery ({@link #NO_EFFECT}) is accepted
 *       and has no effect; one whose job Sluice does another way is mapped ({@link #keyword}).
 *   <li>A pgjdbc parameter that would change where or how the session connects, or what a value
 *       reads as, and that Sluice cannot honour, is refused naming it ({@link #refusal}): ignored,
 *       the connection would be silently different.
 *   <li>Any other name is an error naming it (a typo), with one exception: a name holding a dot
 *       given in the {@code Properties} is not a connection parameter (no pgjdbc, libpq or Sluice
 *       parameter has a dot) but another component's key sharing the object (pgjdbc's test kit
 *       passes {@code test.url.PGPORT}; applications pass {@code System.getProperties()}): it
 *       is ignored, as pgjdbc ignores every name it does not know. In the URL it is an error.
 * </ul>
 */
final class PgjdbcParameters {
  /**
   * pgjdbc parameters that tune pgjdbc's own machinery (its statement preparation, batching, binary
   * transfer, socket buffers, logging, class loading, connect thread): Sluice prepares, pipelines
   * and transfers its own way, so they are accepted and have no effect. {@code flushCacheOnDdl}:
   * Sluice always prepares again after this session's DDL; {@code scramMaxIterations}: Sluice's own
   * bound on a server's SCRAM iteration count applies; {@code socketFactoryArg} and {@code
   * connectExecutorArg} mean nothing without their class. One exception: {@code prepareThreshold=0}
   * (pgjdbc's setting for poolers in transaction mode) means {@code statement_cache_size=0}.
   */
  static final Set<String> NO_EFFECT = Set.of("prepareThreshold", "preparedStatementCacheQueries",
      "preparedStatementCacheSizeMiB", "binaryTransfer", "binaryTransferEnable",
      "binaryTransferDisable", "cancelSignalTimeout", "sendBufferSize",
      "receiveBufferSize", "maxSendBufferSize", "assumeMinServerVersion", "logUnclosedConnections",
      "disableColumnSanitiser", "cleanupSavepoints", "adaptiveFetch", "adaptiveFetchMinimum", "adaptiveFetchMaximum",
      "defaultRowFetchSizeOverride", "loggerLevel",
      "loggerFile", "maxResultBuffer", "groupStartupParameters",
      "unknownLength", "preferQueryMode", "tcpNoDelay", "xmlFactoryFactory", "databaseMetadataCacheFields",
      "databaseMetadataCacheFieldsMiB", "replication", "allowEncodingChanges", "PGHOST", "PGPORT", "PGDBNAME",
      "sslResponseTimeout", "gssResponseTimeout", "reWriteBatchedInsertsSize", "flushCacheOnDdl",
      "hostRecheckSeconds", "scramMaxIterations", "classLoaderStrategy", "connectExecutor", "connectExecutorArg",
      "socketFactoryArg",
      // how pgjdbc runs its Kerberos sign-in (Sluice always logs in with JAAS itself, and never
      // uses SSPI or SPNEGO): nothing a server could use to weaken the sign-in; see SecurityParameters
      "jaasLogin", "sspiServiceClass", "useSpnego", "gssUseDefaultCreds");

  /** pgjdbc parameters Sluice has under a libpq or Sluice keyword, with the same values. */
  private static final Map<String, String> KEYWORDS = Map.of("requireAuth", "require_auth",
      "protocolVersion", "max_protocol_version", "queryTimeout", "query_timeout");

  private PgjdbcParameters() {}

  /** Whether {@code name} is one of pgjdbc's parameters handled here. */
  static boolean handles(String name) {
    return NO_EFFECT.contains(name) || KEYWORDS.containsKey(name) || refusal(name, "") != null
        || name.equals("convertBooleanToNumeric");
  }

  /**
   * Applies parameter {@code name} (one {@link #handles}) to the libpq and Sluice keywords, or
   * refuses it.
   */
  static void apply(String name, String value, Map<String, String> keywords) {
    if (name.equals("prepareThreshold") && value.strip().equals("0")) {
      // pgjdbc's "never a named server-side statement", as PgBouncer's transaction mode needs: Sluice's
      // unnamed mode, unless statement_cache_size says otherwise
      keywords.putIfAbsent("statement_cache_size", "0");
      return;
    }
    if (NO_EFFECT.contains(name)) {
      return;
    }
    String keyword = KEYWORDS.get(name);
    if (keyword != null) {
      // pgjdbc's protocolVersion=3 is libpq's 3.0
      keywords.put(keyword, name.equals("protocolVersion") && value.equals("3") ? "3.0" : value);
      return;
    }
    if (name.equals("convertBooleanToNumeric")) {
      if (!value.equalsIgnoreCase("false")) {
        throw new ConfigException("convertBooleanToNumeric=" + DriverSettings.quoted(value) + " is not supported:"
            + " getInt and the other number getters refuse a boolean column (42846), as pgjdbc's default does");
      }
      return;
    }
    throw new ConfigException(refusal(name, value));
  }

  /** Why pgjdbc parameter {@code name} is refused, or null when it is not one of those. */
  private static String refusal(String name, String value) {
    return switch (name) {
      case "socketFactory" -> "socketFactory is not supported: Sluice loads no class named in a connection property"
          + " (pgjdbc CVE-2022-21724), and ignored it would connect another way than asked";
      case "localSocketAddress" -> "localSocketAddress is not supported: Sluice does not bind the local address of"
          + " its sockets, and ignored it would connect from another address than asked";
      default -> null;
    };
  }

  /** Whether an unknown {@code name} given in the Properties is another component's key, ignored. */
  static boolean foreignProperty(String name) {
    return name.indexOf('.') >= 0;
  }
}

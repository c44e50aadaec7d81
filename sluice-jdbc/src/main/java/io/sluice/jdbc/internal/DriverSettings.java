package io.sluice.jdbc.internal;

import io.sluice.ConfigException;
import io.sluice.ConnectionConfig;
import io.sluice.sql.JdbcSql;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * What a JDBC URL and its {@link Properties} say: the Sluice {@link ConnectionConfig} and the
 * settings that belong to the JDBC layer. Two URL forms, pgjdbc's syntax in both:
 *
 * <pre>jdbc:postgresql://host[:port][,host[:port]…][/database][?name=value&amp;…]
 * jdbc:sluice:postgresql://…     (the same, naming Sluice when pgjdbc is also present)</pre>
 *
 * Each parameter, from the URL or from the properties (the URL wins, as in pgjdbc), is one of:
 * a pgjdbc parameter Sluice maps ({@code user}, {@code password}, {@code ssl}, {@code sslmode},
 * {@code ApplicationName}, {@code connectTimeout}, {@code targetServerType}, …, see {@code
 * ConnectionConfig}'s jdbc: URL parsing), a pgjdbc parameter with a Sluice meaning ({@code
 * currentSchema}, {@code loginTimeout}, {@code tcpKeepAlive}), a setting of this driver ({@code
 * defaultRowFetchSize}, {@code escapeSyntaxCallMode}, {@code stringtype}, {@code
 * raiseExceptionOnSilentRollback}, {@code readOnly}, {@code quoteReturningIdentifiers}, {@code
 * autosave}), a pgjdbc security parameter (honoured or refused, never ignored: {@link
 * SecurityParameters}), another pgjdbc parameter (no effect, mapped or refused: {@link PgjdbcParameters}), or any libpq or Sluice
 * keyword ({@code statement_cache_size}, {@code pipeline_depth}, {@code query_timeout}, …).
 * Anything else is an error naming it, so that no setting is silently lost, except a name with a
 * dot in the properties: another component's key ({@link PgjdbcParameters#foreignProperty}).
 *
 * @param config the Sluice connection configuration
 * @param defaultFetchSize the fetch size of new statements; 0 reads whole results
 * @param callMode how <code>{call …}</code> escapes are written when {@code escapeSyntaxCallMode} is
 *     given (pgjdbc's three modes); empty by default: then a procedure is called with {@code CALL} and
 *     anything else with {@code SELECT}, as {@code pg_proc.prokind} says ({@link CallEscapes})
 * @param stringsUntyped {@code stringtype=unspecified}: strings go without a type, for the server
 *     to read as the column's type; by default they are varchar, as in pgjdbc ({@link ParameterCasts})
 * @param rewriteInserts {@code reWriteBatchedInserts} (pgjdbc's name; on by default here, off in
 *     pgjdbc): a batch of a single-row {@code INSERT … VALUES} goes as multi-row inserts ({@link
 *     io.sluice.sql.MultiRowInsert})
 * @param raiseOnSilentRollback pgjdbc's {@code raiseExceptionOnSilentRollback}: whether {@code
 *     commit} of a transaction that a failed statement aborted throws (the server answers the
 *     COMMIT with ROLLBACK); by default it returns, as pgjdbc's does, leaving a warning
 * @param readOnly pgjdbc's {@code readOnly}: new connections start read-only ({@code
 *     setReadOnly(true)}: transactions begin READ ONLY, and what else {@code readOnlyMode} says)
 * @param readOnlyMode pgjdbc's {@code readOnlyMode}: what read-only does ({@link ReadOnlyMode});
 *     {@code transaction} by default
 * @param quoteKeyNames pgjdbc's {@code quoteReturningIdentifiers}: generated key column names are
 *     quoted as given (the default), or written as given for callers that quote them ({@link
 *     GeneratedKeys#named})
 * @param networkTimeoutMillis pgjdbc's {@code socketTimeout} (seconds), as milliseconds: each new
 *     connection's {@code setNetworkTimeout}; 0 for none
 * @param autosave pgjdbc's {@code autosave}: whether a savepoint goes before each statement of a
 *     transaction, and which failures are rolled back to it ({@link AutoSavepoints}); never by default
 * @param hideUnprivileged pgjdbc's {@code hideUnprivilegedObjects}: {@code DatabaseMetaData} lists
 *     only the schemas, tables, routines and types this user holds a privilege on ({@link CatalogQuery#visibleOnly})
 */
public record DriverSettings(ConnectionConfig config, int defaultFetchSize, Optional<JdbcSql.CallMode> callMode,
    boolean stringsUntyped, boolean rewriteInserts, boolean raiseOnSilentRollback, boolean readOnly,
    boolean quoteKeyNames, int networkTimeoutMillis, AutoSavepoints.Mode autosave, boolean hideUnprivileged,
    ReadOnlyMode readOnlyMode) {
  public static final String PGJDBC_PREFIX = "jdbc:postgresql:";
  public static final String SLUICE_PREFIX = "jdbc:sluice:postgresql:";

  /** Parameters that ConnectionConfig's jdbc: URL parser maps itself. */
  private static final Set<String> URL_MAPPED = Set.of("user", "password", "options", "sslmode", "sslcert", "sslkey",
      "sslrootcert", "sslpassword", "ssl", "ApplicationName", "connectTimeout", "channelBinding",
      "targetServerType", "loadBalanceHosts", "readRouting", "maxStandbyLag", "readYourWrites");

  /** These settings with another Sluice configuration (a listener added to it). */
  public DriverSettings withConfig(ConnectionConfig c) {
    return new DriverSettings(c, defaultFetchSize, callMode, stringsUntyped, rewriteInserts, raiseOnSilentRollback,
        readOnly, quoteKeyNames, networkTimeoutMillis, autosave, hideUnprivileged, readOnlyMode);
  }

  public static boolean accepts(String url) {
    return url != null && (url.startsWith(PGJDBC_PREFIX) || url.startsWith(SLUICE_PREFIX));
  }

  /** The settings of {@code url} and {@code info}; a bad URL or parameter is a {@link ConfigException}. */
  public static DriverSettings parse(String url, Properties info) {
    return parse(url, info, false);
  }

  /**
   * As {@link #parse(String, Properties)}; with {@code propertiesWin}, a property overrides the
   * URL's parameter of the same name (a data source's bean properties over its URL).
   */
  public static DriverSettings parse(String url, Properties info, boolean propertiesWin) {
    if (!accepts(url)) {
      throw new ConfigException("not a URL of this driver (expected " + PGJDBC_PREFIX + "… or " + SLUICE_PREFIX
          + "…): " + quoted(url));
    }
    String pg = url.startsWith(SLUICE_PREFIX) ? PGJDBC_PREFIX + url.substring(SLUICE_PREFIX.length()) : url;
    int q = pg.indexOf('?');
    String base = q < 0 ? pg : pg.substring(0, q);
    Map<String, String> given = new LinkedHashMap<>();
    if (info != null) {
      for (String name : info.stringPropertyNames()) {
        if (!PgjdbcParameters.foreignProperty(name)) {   // another component's key: ignored, as pgjdbc does
          given.put(name, info.getProperty(name));
        }
      }
    }
    Map<String, String> params = new LinkedHashMap<>();
    Map<String, String> fromUrl = q >= 0 ? queryParameters(pg.substring(q + 1)) : Map.of();
    params.putAll(propertiesWin ? fromUrl : given);
    params.putAll(propertiesWin ? given : fromUrl);
    return of(base, params);
  }

  private static DriverSettings of(String base, Map<String, String> params) {
    StringBuilder mappedByUrl = new StringBuilder();
    Map<String, String> keywords = new LinkedHashMap<>();
    int fetchSize = 0;
    Optional<JdbcSql.CallMode> callMode = Optional.empty();
    String schema = null;
    boolean untyped = false;
    boolean rewriteInserts = true;
    boolean raiseOnSilentRollback = false;
    boolean readOnly = false;
    boolean quoteKeyNames = true;
    int networkTimeout = 0;
    AutoSavepoints.Mode autosave = AutoSavepoints.Mode.NEVER;
    boolean hideUnprivileged = false;
    ReadOnlyMode readOnlyMode = ReadOnlyMode.TRANSACTION;
    for (Map.Entry<String, String> e : params.entrySet()) {
      String name = e.getKey();
      String value = e.getValue() == null ? "" : e.getValue();
      if (URL_MAPPED.contains(name)) {
        mappedByUrl.append(mappedByUrl.isEmpty() ? "?" : "&").append(encode(name)).append('=').append(encode(value));
      } else if (GssParameters.NAMES.contains(name)) {
        GssParameters.apply(name, value, keywords);
      } else if (OAuthParameters.NAMES.contains(name)) {
        OAuthParameters.apply(name, value, keywords);
      } else if (PgjdbcParameters.handles(name)) {
        PgjdbcParameters.apply(name, value, keywords);
      } else if (SecurityParameters.NAMES.contains(name)) {
        SecurityParameters.apply(name, value, keywords);
      } else {
        switch (name) {
          case "defaultRowFetchSize" -> fetchSize = nonNegative(name, value);
          case "socketTimeout" -> networkTimeout = (int) Math.min(Integer.MAX_VALUE, nonNegative(name, value) * 1000L);
          case "escapeSyntaxCallMode" -> callMode = Optional.of(callMode(value));
          case "raiseExceptionOnSilentRollback" -> raiseOnSilentRollback = bool(name, value);
          case "readOnly" -> readOnly = bool(name, value);
          case "quoteReturningIdentifiers" -> quoteKeyNames = bool(name, value);
          case "readOnlyMode" -> readOnlyMode = readOnlyMode(value);
          case "autosave" -> autosave = AutoSavepoints.Mode.of(value);
          case "hideUnprivilegedObjects" -> hideUnprivileged = bool(name, value);
          case "stringtype" -> untyped = stringType(value);
          case "reWriteBatchedInserts" -> rewriteInserts = bool(name, value);
          case "currentSchema" -> schema = value;
          case "loginTimeout" -> keywords.put("connect_timeout", loginTimeout(value));
          case "tcpKeepAlive" -> keywords.put("keepalives", Boolean.parseBoolean(value) ? "1" : "0");
          default -> keywords.put(name, value);
        }
      }
    }
    ConnectionConfig config = ConnectionConfig.parse(base + mappedByUrl);
    if (schema != null && !schema.isEmpty()) {
      String options = config.options().map(o -> o + " ").orElse("");
      keywords.put("options", options + "-c search_path=" + schema.replace("\\", "\\\\").replace(" ", "\\ "));
    }
    // pgjdbc's system properties for the password and service files, which it reads before
    // PGPASSFILE and PGSERVICEFILE
    for (String[] file : new String[][] {{"org.postgresql.pgpassfile", "passfile"},
        {"org.postgresql.pgservicefile", "servicefile"}}) {
      String path = System.getProperty(file[0], "");
      if (!path.isEmpty() && !keywords.containsKey(file[1])) {
        keywords.put(file[1], path);
      }
    }
    if (readOnly && readOnlyMode == ReadOnlyMode.ALWAYS) {
      // auto-commit statements read-only from the start; RESET and DISCARD ALL come back to it
      String options = Optional.ofNullable(keywords.get("options")).or(config::options).map(o -> o + " ").orElse("");
      keywords.put("options", options + "-c default_transaction_read_only=on");
    }
    if (!keywords.containsKey("timezone")) {
      SessionTimeZone.toSend(Optional.ofNullable(keywords.get("options")).or(config::options))
          .ifPresent(zone -> keywords.put("timezone", zone));
    }
    config = config.with(keywords);
    if (readOnlyMode == ReadOnlyMode.ALWAYS && config.readRouting() != io.sluice.ReadRouting.PRIMARY) {
      throw new ConfigException("readOnlyMode=always cannot apply to a routing connection, whose auto-commit"
          + " statements each take a session of the pool; read-only work goes to the standbys there (readRouting)");
    }
    return new DriverSettings(config, fetchSize, callMode, untyped, rewriteInserts, raiseOnSilentRollback, readOnly,
        quoteKeyNames, networkTimeout, autosave, hideUnprivileged, readOnlyMode);
  }

  /**
   * pgjdbc's {@code loginTimeout} is seconds as a decimal ({@code 10.0}, {@code 2.5}); libpq's
   * {@code connect_timeout} whole seconds: a fraction is rounded up, so that the bound is never
   * shorter than asked. pgjdbc ignores a value that is no number (and connects without a bound);
   * Sluice refuses it, naming it.
   */
  static String loginTimeout(String value) {
    String v = value.strip();
    if (!v.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)")) {
      throw new ConfigException("invalid value " + quoted(value) + " for connection parameter \"loginTimeout\":"
          + " expected seconds (an integer or a decimal)");
    }
    return new java.math.BigDecimal(v).setScale(0, java.math.RoundingMode.CEILING).toPlainString();
  }

  private static Map<String, String> queryParameters(String query) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : query.split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq), null);
      out.put(name, eq < 0 ? "" : decode(pair.substring(eq + 1), name));
    }
    return out;
  }

  /** A name ({@code of} null) or the value of parameter {@code of}, which is not shown: it may be a password. */
  private static String decode(String s, String of) {
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("malformed percent-encoding in the JDBC URL: "
          + (of == null ? "parameter name " + quoted(s) : "the value of parameter " + quoted(of)));
    }
  }

  /**
   * Bad input for a message: whole when short, else its first 64 characters and its length, so that
   * refusing 1 MB of it neither builds nor logs 1 MB (issue 37 §3; as the client's own messages).
   */
  static String quoted(String s) {
    int max = 64;
    if (s.length() <= max) {
      return "\"" + s + "\"";
    }
    int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
    return "\"" + s.substring(0, end) + "\"…(" + s.length() + " chars)";
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static int nonNegative(String name, String value) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new ConfigException("invalid value " + quoted(value) + " for " + name + ": expected a whole number, 0 or more");
  }

  /** A {@code true}/{@code false} parameter, in any case. */
  private static boolean bool(String name, String value) {
    return switch (value.toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new ConfigException("invalid value for " + name + ": " + quoted(value) + " (true or false)");
    };
  }

  private static ReadOnlyMode readOnlyMode(String value) {
    ReadOnlyMode m = ReadOnlyMode.of(value);
    if (m == null) {
      throw new ConfigException("readOnlyMode=" + quoted(value) + " is none of ignore, transaction and always");
    }
    return m;
  }

  /** pgjdbc's {@code stringtype}: true for {@code unspecified}. */
  private static boolean stringType(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "unspecified" -> true;
      case "varchar" -> false;
      default -> throw new ConfigException("invalid value " + quoted(value) + " for stringtype: expected varchar or unspecified");
    };
  }

  private static JdbcSql.CallMode callMode(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "select" -> JdbcSql.CallMode.SELECT;
      case "callifnoreturn" -> JdbcSql.CallMode.CALL_IF_NO_RETURN;
      case "call" -> JdbcSql.CallMode.CALL;
      default -> throw new ConfigException("invalid value " + quoted(value)
          + " for escapeSyntaxCallMode: expected select, callIfNoReturn or call");
    };
  }
}

package io.sluice.internal.config;

import io.sluice.ConfigException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The table of connection parameters Sluice accepts: libpq's keywords (PostgreSQL docs 32.1.2,
 * the {@code PQconninfoOptions} table in libpq's {@code fe-connect.c}) with the environment
 * variable that supplies each one's default (docs 32.15), plus Sluice's own settings.
 */
public final class Keys {
  private Keys() {}

  /**
   * One accepted parameter.
   *
   * @param name the keyword, as in libpq
   * @param envVar the environment variable read when the parameter is not given, or null
   * @param secret whether the value must never be shown (toString, messages, logs)
   * @param sluice whether this is a Sluice setting rather than a libpq one
   */
  public record Key(String name, String envVar, boolean secret, boolean sluice) {}

  private static final Map<String, Key> KEYS = new LinkedHashMap<>();

  private static void libpq(String name, String envVar) {
    KEYS.put(name, new Key(name, envVar, false, false));
  }

  static {
    libpq("host", "PGHOST");
    libpq("hostaddr", "PGHOSTADDR");
    libpq("port", "PGPORT");
    libpq("dbname", "PGDATABASE");
    libpq("user", "PGUSER");
    KEYS.put("password", new Key("password", "PGPASSWORD", true, false));
    libpq("passfile", "PGPASSFILE");
    libpq("connect_timeout", "PGCONNECT_TIMEOUT");
    libpq("client_encoding", "PGCLIENTENCODING");
    libpq("options", "PGOPTIONS");
    libpq("application_name", "PGAPPNAME");
    libpq("fallback_application_name", null);
    libpq("keepalives", null);
    libpq("sslmode", "PGSSLMODE");
    libpq("sslnegotiation", "PGSSLNEGOTIATION");
    libpq("sslcert", "PGSSLCERT");
    libpq("sslkey", "PGSSLKEY");
    KEYS.put("sslpassword", new Key("sslpassword", null, true, false));
    libpq("sslrootcert", "PGSSLROOTCERT");
    libpq("sslcrl", "PGSSLCRL");
    libpq("sslsni", "PGSSLSNI");
    libpq("channel_binding", "PGCHANNELBINDING");
    libpq("gssencmode", "PGGSSENCMODE");
    libpq("require_auth", "PGREQUIREAUTH");
    libpq("target_session_attrs", "PGTARGETSESSIONATTRS");
    libpq("load_balance_hosts", "PGLOADBALANCEHOSTS");
    libpq("min_protocol_version", "PGMINPROTOCOLVERSION");
    libpq("max_protocol_version", "PGMAXPROTOCOLVERSION");
    libpq("krbsrvname", "PGKRBSRVNAME");
    libpq("gsslib", "PGGSSLIB");
    // PostgreSQL 18's OAuth (libpq has no environment variables for these)
    libpq("oauth_issuer", null);
    libpq("oauth_client_id", null);
    KEYS.put("oauth_client_secret", new Key("oauth_client_secret", null, true, false));
    libpq("oauth_scope", null);
    for (String s :
        List.of(
            "statement_cache_size",
            "pipeline_depth",
            "max_message_size",
            "query_timeout",
            "cancel_timeout",
            "pin_timeout",
            // a pool over a primary and its standbys (Routing)
            "read_routing",
            "max_standby_lag",
            "read_your_writes")) {
      KEYS.put(s, new Key(s, null, false, true));
    }
    // Kerberos sign-in beyond libpq's keywords: where the JDK finds the credentials (GssSettings)
    KEYS.put("gss_ticket_cache", new Key("gss_ticket_cache", "KRB5CCNAME", false, true));
    for (String s : List.of("gss_keytab", "gss_principal", "jaas_application_name")) {
      KEYS.put(s, new Key(s, null, false, true));
    }
  }

  /** Every accepted parameter, libpq's first, in a stable order. */
  public static List<Key> all() {
    return List.copyOf(KEYS.values());
  }

  /** The parameter with this exact (case-sensitive, as libpq) name, if it is accepted. */
  public static Optional<Key> find(String name) {
    return Optional.ofNullable(KEYS.get(name));
  }

  /** Whether values of this parameter must never be shown. */
  public static boolean isSecret(String name) {
    Key k = KEYS.get(name);
    return k != null && k.secret();
  }

  /** The environment variables that supply defaults, in table order. */
  public static List<String> envVars() {
    List<String> out = new ArrayList<>();
    for (Key k : KEYS.values()) {
      if (k.envVar() != null) {
        out.add(k.envVar());
      }
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Returns the key, or throws naming the unknown parameter and, when one is within edit distance
   * 2, the accepted parameter it was probably meant to be. The message never shows a value.
   */
  public static Key require(String name) {
    if (name.indexOf('\0') >= 0) {
      throw new ConfigException("a connection parameter name contains a NUL character");
    }
    Key k = KEYS.get(name);
    if (k != null) {
      return k;
    }
    String msg = "unknown connection parameter \"" + name + "\"";
    String near = nearest(name);
    if (near != null) {
      msg += " (did you mean \"" + near + "\"?)";
    }
    throw new ConfigException(msg);
  }

  /** Names other drivers use for a libpq keyword, too far from it for the edit distance. */
  private static final Map<String, String> ALIASES = Map.of(
      "database", "dbname",
      "db", "dbname",
      "username", "user",
      "pass", "password",
      "ssl", "sslmode",
      "timeout", "connect_timeout",
      "applicationname", "application_name");

  /**
   * The accepted name closest to {@code name} (ignoring case) if its edit distance is at most 2,
   * or the keyword a common alias from other drivers stands for; else null.
   */
  static String nearest(String name) {
    String alias = ALIASES.get(name.toLowerCase(java.util.Locale.ROOT));
    if (alias != null) {
      return alias;
    }
    String best = null;
    int bestDistance = 3;
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    for (String candidate : KEYS.keySet()) {
      int d = editDistance(lower, candidate);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    return best;
  }

  /** Levenshtein distance (insert, delete, substitute; each costs 1). */
  static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}

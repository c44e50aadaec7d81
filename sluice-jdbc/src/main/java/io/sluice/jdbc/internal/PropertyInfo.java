package io.sluice.jdbc.internal;

import java.sql.DriverPropertyInfo;
import java.util.Properties;

/** The connection properties {@code SluiceDriver#getPropertyInfo} describes, for tools that build URLs. */
public final class PropertyInfo {
  private record Property(String name, String description, String[] choices) {}

  private static final Property[] PROPERTIES = {
      new Property("user", "the database user", null),
      new Property("password", "the user's password", null),
      new Property("ssl", "true: sslmode=verify-full unless sslmode says otherwise", new String[] {"true", "false"}),
      new Property("sslmode", "TLS: disable, allow, prefer, require, verify-ca or verify-full",
          new String[] {"disable", "allow", "prefer", "require", "verify-ca", "verify-full"}),
      new Property("sslrootcert", "the CA certificates file", null),
      new Property("ApplicationName", "application_name of the session", null),
      new Property("connectTimeout", "seconds to wait for a connection (0: none)", null),
      new Property("currentSchema", "the search_path of the session", null),
      new Property("targetServerType", "any, primary, secondary or preferSecondary",
          new String[] {"any", "primary", "secondary", "preferSecondary"}),
      new Property("loadBalanceHosts", "true: try the hosts in random order", new String[] {"true", "false"}),
      new Property("readRouting", "Sluice: where a pool sends read-only work: primary, prefer-standby or standby",
          new String[] {"primary", "prefer-standby", "standby"}),
      new Property("maxStandbyLag", "Sluice: a standby lagging more gets no reads (250ms, 2s, 1min; default 5s)", null),
      new Property("readYourWrites", "Sluice: reads see the pool's own writes (on by default with routing)",
          new String[] {"on", "off"}),
      new Property("defaultRowFetchSize", "rows fetched at a time by new statements (0: whole results)", null),
      new Property("escapeSyntaxCallMode",
          "how {call} escapes run: select, callIfNoReturn or call (unset: CALL for procedures, else SELECT)",
          new String[] {"select", "callIfNoReturn", "call"}),
      new Property("raiseExceptionOnSilentRollback",
          "true: commit throws when a failed statement made the server roll back instead", new String[] {"true", "false"}),
      new Property("quoteReturningIdentifiers",
          "false: generated key column names are sent as given (already quoted), not quoted again",
          new String[] {"true", "false"}),
      new Property("options", "command-line options for the server (-c name=value …)", null),
      new Property("statement_cache_size", "Sluice: prepared statements kept per connection", null),
      new Property("pipeline_depth", "Sluice: requests in flight per connection", null),
      new Property("query_timeout", "Sluice: the deadline of every statement", null),
  };

  private PropertyInfo() {}

  public static DriverPropertyInfo[] of(Properties given) {
    DriverPropertyInfo[] out = new DriverPropertyInfo[PROPERTIES.length];
    for (int i = 0; i < PROPERTIES.length; i++) {
      Property p = PROPERTIES[i];
      DriverPropertyInfo d = new DriverPropertyInfo(p.name(), given == null ? null : given.getProperty(p.name()));
      d.description = p.description();
      d.choices = p.choices();
      d.required = false;
      out[i] = d;
    }
    return out;
  }
}

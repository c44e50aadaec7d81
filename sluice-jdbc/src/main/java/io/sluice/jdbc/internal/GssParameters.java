package io.sluice.jdbc.internal;

import io.sluice.ConfigException;
import java.util.Map;
import java.util.Set;

/**
 * pgjdbc's GSSAPI (Kerberos) sign-in parameters, turned into Sluice's keywords:
 *
 * <ul>
 *   <li>{@code kerberosServerName} is libpq's {@code krbsrvname} (default {@code postgres});
 *   <li>{@code jaasApplicationName} is Sluice's {@code jaas_application_name}: the entry of the
 *       application's JAAS configuration to log in with (pgjdbc's default {@code pgjdbc} entry is
 *       not assumed: without it, Sluice logs in from the ticket cache or a {@code gss_keytab});
 *   <li>{@code gsslib}: {@code auto} and {@code gssapi} are libpq's {@code gsslib=gssapi}, the
 *       JDK's GSSAPI; {@code sspi} (Windows's library) is refused, naming it.
 * </ul>
 */
final class GssParameters {
  static final Set<String> NAMES = Set.of("kerberosServerName", "jaasApplicationName", "gsslib");

  private GssParameters() {}

  /** Applies parameter {@code name} (one of {@link #NAMES}) to the libpq and Sluice keywords. */
  static void apply(String name, String value, Map<String, String> keywords) {
    switch (name) {
      case "kerberosServerName" -> keywords.put("krbsrvname", value);
      case "jaasApplicationName" -> keywords.put("jaas_application_name", value);
      case "gsslib" -> {
        switch (value) {
          case "auto", "gssapi" -> keywords.put("gsslib", "gssapi");
          case "sspi" -> throw new ConfigException("gsslib=sspi is not supported: Sluice signs in with the JDK's"
              + " GSSAPI (Kerberos), not Windows's SSPI; use gsslib=gssapi or leave it out");
          default -> throw new ConfigException("invalid value " + DriverSettings.quoted(value) + " for gsslib: expected auto, gssapi"
              + " or sspi");
        }
      }
      default -> throw new IllegalArgumentException(name);
    }
  }
}

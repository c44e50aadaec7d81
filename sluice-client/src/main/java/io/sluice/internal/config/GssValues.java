package io.sluice.internal.config;

import java.util.Map;

/**
 * Checks the GSSAPI (Kerberos) parameters when the configuration is built: {@code krbsrvname}
 * (a service name, no {@code @} or {@code /}: the host is added), {@code gsslib} (only {@code
 * gssapi}: libpq's {@code sspi} is Windows's own library, which the JDK does not use), and {@code
 * gss_principal} needing {@code gss_keytab} or a ticket cache to go with it is not checked (either
 * may come later from the environment).
 */
final class GssValues {
  private GssValues() {}

  static void check(Map<String, Setting> m) {
    Setting service = m.get("krbsrvname");
    if (service != null && !service.value().matches("[A-Za-z0-9._-]+")) {
      throw service.invalid("a Kerberos service name such as \"postgres\" (letters, digits, '.', '_', '-';"
          + " the host is added: service@host)");
    }
    Setting lib = m.get("gsslib");
    if (lib != null && !lib.value().equals("gssapi")) {
      throw lib.invalid("only \"gssapi\" (Sluice signs in with the JDK's GSSAPI; \"sspi\" is Windows's library,"
          + " which it does not use)");
    }
  }
}

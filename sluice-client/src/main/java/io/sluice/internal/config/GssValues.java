package io.sluice.internal.config;

/**
 * Checks the GSSAPI (Kerberos) parameters when the configuration is built: {@code krbsrvname}
 * (a service name, no {@code @} or {@code /}: the host is added), {@code gsslib} (only {@code
 * gssapi}: libpq's {@code sspi} is Windows's own library, which the JDK does not use), and {@code
 * gss_principal} needing {@code gss_keytab} or a ticket cache to go with it is not checked (either
 * may come later from the environment).
 */
final class GssValues {
  private GssValues() {}

  /** {@code krbsrvname}. */
  static String service(Setting s) {
    if (!s.value().matches("[A-Za-z0-9._-]+")) {
      throw s.invalid("a Kerberos service name such as \"postgres\" (letters, digits, '.', '_', '-';"
          + " the host is added: service@host)");
    }
    return s.value();
  }

  /** {@code gsslib}. */
  static String library(Setting s) {
    if (!s.value().equals("gssapi")) {
      throw s.invalid("only \"gssapi\" (Sluice signs in with the JDK's GSSAPI; \"sspi\" is Windows's library,"
          + " which it does not use)");
    }
    return s.value();
  }
}

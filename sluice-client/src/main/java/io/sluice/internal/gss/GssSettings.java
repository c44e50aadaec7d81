package io.sluice.internal.gss;

import java.nio.file.Path;

/**
 * How to sign in with GSSAPI (Kerberos), resolved from the configuration.
 *
 * @param serviceName {@code krbsrvname}: the service part of the server's principal
 *     ({@code postgres}), joined with the host as a host-based service name
 * @param ticketCache the ticket cache to read (Sluice's {@code gss_ticket_cache}, else the file of
 *     {@code KRB5CCNAME}), or null for the JDK's default ({@code /tmp/krb5cc_UID})
 * @param keytab a keytab to sign in with instead of a ticket cache ({@code gss_keytab}), or null
 * @param principal the client principal of the keytab ({@code gss_principal}), or null: then the
 *     user name
 * @param jaasApplicationName the entry of the application's own JAAS configuration to log in with
 *     ({@code jaas_application_name}), or null: then Sluice logs in with {@code Krb5LoginModule}
 *     itself, from the keytab or the ticket cache
 */
public record GssSettings(
    String serviceName, Path ticketCache, Path keytab, String principal, String jaasApplicationName) {

  /**
   * The ticket cache named by {@code KRB5CCNAME}, if it is a file: {@code FILE:/path} or a bare
   * path. Other cache types (KEYRING, KCM, DIR, MEMORY) are not readable by the JDK: null.
   */
  static Path fileCache(String krb5ccname) {
    if (krb5ccname == null || krb5ccname.isBlank()) {
      return null;
    }
    if (krb5ccname.startsWith("FILE:")) {
      return Path.of(krb5ccname.substring("FILE:".length()));
    }
    return krb5ccname.startsWith("/") ? Path.of(krb5ccname) : null;
  }
}

package io.sluice;

import io.sluice.internal.gss.GssSettings;
import java.nio.file.Path;

/** The GSSAPI (Kerberos) part of a configuration, as the connector acts on it. */
final class GssConfig {
  private GssConfig() {}

  static GssSettings from(ConnectionConfig c) {
    return new GssSettings(
        c.get("krbsrvname").orElse(GssSettings.DEFAULT_SERVICE_NAME),
        c.get("gss_ticket_cache").map(GssSettings::fileCache).orElse(null),
        c.get("gss_keytab").map(Path::of).orElse(null),
        c.get("gss_principal").orElse(null),
        c.get("jaas_application_name").orElse(null));
  }
}

package io.sluice.internal.gss;

import io.sluice.ConnectionConfig;
import io.sluice.internal.config.Keys;
import java.nio.file.Path;

/** The GSSAPI (Kerberos) part of a configuration, as the connector acts on it. */
public final class GssConfig {
  private GssConfig() {}

  public static GssSettings from(ConnectionConfig c) {
    return new GssSettings(
        c.get("krbsrvname").orElse(Keys.KRBSRVNAME.fallback()),
        c.get("gss_ticket_cache").map(GssSettings::fileCache).orElse(null),
        c.get("gss_keytab").map(Path::of).orElse(null),
        c.get("gss_principal").orElse(null),
        c.get("jaas_application_name").orElse(null));
  }
}

package io.sluice;

import io.sluice.internal.config.LocalDefaults;
import io.sluice.internal.config.ServiceFile;
import java.util.Map;
import java.util.Optional;

/**
 * The connection service file's sections, as libpq reads them (PostgreSQL docs, "The Connection
 * Service File"), for code that needs a service's parameters without connecting — a driver's URL
 * parser that reports where a URL points. A connection reads them itself ({@code service=name}).
 */
public final class ConnectionServices {
  private ConnectionServices() {}

  /**
   * The parameters of {@code service}, in the order the file gives them: from {@code file} when
   * given, else {@code PGSERVICEFILE} or {@code ~/.pg_service.conf}; then {@code
   * PGSYSCONFDIR/pg_service.conf}. A service defined nowhere, or a line that is no {@code
   * keyword=value}, is a {@link ConfigException} naming the file and line.
   */
  public static Map<String, String> definition(String service, Optional<String> file) {
    Map<String, String> env = System.getenv();
    Optional<String> userFile = file.filter(f -> !f.isEmpty())
        .or(() -> Optional.ofNullable(env.get("PGSERVICEFILE")).filter(f -> !f.isEmpty()));
    return ServiceFile.lookUp(service, userFile, env, LocalDefaults.system()).parameters();
  }
}

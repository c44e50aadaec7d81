package io.sluice.internal.config;

import io.sluice.ConfigException;

/**
 * One parameter value with where it came from, so that messages can say "(from PGSSLMODE)". A
 * message shows the value only if the parameter is not secret.
 *
 * @param key the libpq keyword
 * @param value the raw value, never empty
 * @param envVar where it came from when not given explicitly (null): the environment variable, or
 *     the service and service file ({@link ServiceFile})
 */
record Setting(String key, String value, String envVar) {

  /** {@code connection parameter "port"}, plus {@code (from PGPORT)} when it came from there. */
  String where() {
    return "connection parameter \"" + key + "\"" + (envVar == null ? "" : " (from " + envVar + ")");
  }

  /** The value quoted for a message, or nothing for a secret. */
  String shown() {
    return shown(value);
  }

  /** A part of the value quoted for a message (a bounded prefix: {@link Excerpt}), or nothing for a secret. */
  String shown(String part) {
    return Keys.isSecret(key) ? "" : " " + Excerpt.quoted(part);
  }

  /** {@code invalid value "x" for connection parameter "k": <expected>}. */
  ConfigException invalid(String expected) {
    return new ConfigException("invalid value" + shown() + " for " + where() + ": " + expected);
  }
}

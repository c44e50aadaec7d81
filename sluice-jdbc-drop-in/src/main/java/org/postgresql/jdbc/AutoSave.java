package org.postgresql.jdbc;

import java.util.Locale;

/**
 * pgjdbc's {@code autosave} settings, for {@code PGConnection.getAutosave}. A Sluice connection
 * sets no savepoint of its own: it answers {@link #NEVER}; {@code CONSERVATIVE} is accepted with no
 * effect (Sluice prepares again after an invalidated plan itself) and {@code ALWAYS} refused, as
 * the {@code autosave} property is.
 */
public enum AutoSave {
  NEVER,
  ALWAYS,
  CONSERVATIVE;

  /** The name the {@code autosave} property takes. */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static AutoSave of(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}

package org.postgresql.jdbc;

/**
 * pgjdbc's query modes, for {@code PGConnection.getPreferQueryMode}. Sluice always uses the
 * extended protocol with its statement cache, so a Sluice connection answers {@link #EXTENDED},
 * whatever {@code preferQueryMode} said (accepted with no effect: docs/jdbc.md).
 */
public enum PreferQueryMode {
  SIMPLE("simple"),
  EXTENDED_FOR_PREPARED("extendedForPrepared"),
  EXTENDED("extended"),
  EXTENDED_CACHE_EVERYTHING("extendedCacheEverything");

  private final String value;

  PreferQueryMode(String value) {
    this.value = value;
  }

  /** The mode named {@code mode} as in the {@code preferQueryMode} property; {@link #EXTENDED} for any other name, as pgjdbc. */
  public static PreferQueryMode of(String mode) {
    for (PreferQueryMode m : values()) {
      if (m.value.equals(mode)) {
        return m;
      }
    }
    return EXTENDED;
  }

  /** The name the {@code preferQueryMode} property takes. */
  public String value() {
    return value;
  }
}

package io.sluice;

/**
 * Sluice's {@code read_routing}: where a {@link Pool} over a primary and its standbys sends
 * read-only work ({@link Pool#readOnly()}, {@link TxOptions#readOnly(boolean) read-only
 * transactions}). Writes always go to the writable primary. Anything but {@link #PRIMARY} needs a
 * pool: a single {@link Connection} refuses it.
 */
public enum ReadRouting {
  /** Everything on the primary, as without routing. The default. */
  PRIMARY("primary"),
  /** A standby fresh enough ({@code max_standby_lag}) if one is, after a short wait; else the primary. */
  PREFER_STANDBY("prefer-standby"),
  /** Standbys only: when none is fit after a short wait, the call fails naming each host's reason. */
  STANDBY("standby");

  private final String keyword;

  ReadRouting(String keyword) {
    this.keyword = keyword;
  }

  /** The spelling in connection strings. */
  public String keyword() {
    return keyword;
  }
}

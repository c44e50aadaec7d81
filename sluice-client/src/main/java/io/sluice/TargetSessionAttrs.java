package io.sluice;

/**
 * libpq's {@code target_session_attrs}: which of the listed hosts is acceptable (PostgreSQL docs
 * 32.1.2). Checked after authentication, from {@code default_transaction_read_only} and {@code
 * in_hot_standby} (or {@code SHOW} / {@code pg_is_in_recovery()} on old servers).
 */
public enum TargetSessionAttrs {
  /** Any server. The default. */
  ANY("any"),
  /** A session that accepts writes by default. */
  READ_WRITE("read-write"),
  /** A session that is read-only by default. */
  READ_ONLY("read-only"),
  /** A server that is not in hot standby. */
  PRIMARY("primary"),
  /** A server in hot standby. */
  STANDBY("standby"),
  /** A standby if one of the hosts is one; otherwise any server. */
  PREFER_STANDBY("prefer-standby");

  private final String keyword;

  TargetSessionAttrs(String keyword) {
    this.keyword = keyword;
  }

  /** The libpq spelling. */
  public String keyword() {
    return keyword;
  }
}

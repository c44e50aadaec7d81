package io.sluice.internal.fleet;

/** What a host of a fleet is, as its last successful probe found it. */
public enum HostRole {
  /** Not in recovery and not read-only: takes writes. */
  PRIMARY,
  /**
   * Not in recovery but {@code default_transaction_read_only} is on (e.g. a primary fenced off
   * during a switchover): never sent writes, and not a standby either.
   */
  READ_ONLY_PRIMARY,
  /** In recovery ({@code pg_is_in_recovery()}): a hot standby, serves reads only. */
  STANDBY,
  /** Never probed successfully yet. */
  UNKNOWN;

  /** True only for {@link #PRIMARY}: a host that reports recovery or read-only gets no writes. */
  public boolean writable() {
    return this == PRIMARY;
  }

  /** True for a host whose WAL position is the primary's own ({@link #PRIMARY} or {@link #READ_ONLY_PRIMARY}). */
  public boolean producesWal() {
    return this == PRIMARY || this == READ_ONLY_PRIMARY;
  }
}

package io.sluice;

/**
 * What a server of a fleet is, as a routing pool last found it ({@link Pool#hosts()}, {@link
 * io.sluice.event.HostEvent}).
 */
public enum ServerRole {
  /** Not in recovery and not read-only: takes writes. */
  PRIMARY,
  /**
   * Not in recovery but {@code default_transaction_read_only} is on (e.g. a primary fenced off
   * during a switchover): never sent writes, and not a standby either.
   */
  READ_ONLY_PRIMARY,
  /** In recovery ({@code pg_is_in_recovery()}): a hot standby, serves reads only. */
  STANDBY,
  /** Not reached yet. */
  UNKNOWN;

  /** True only for {@link #PRIMARY}: a server that reports recovery or read-only gets no writes. */
  public boolean writable() {
    return this == PRIMARY;
  }
}

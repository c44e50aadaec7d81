package io.sluice.internal.fleet;

/** Where a pool call of a routing pool goes: the writable primary, or a read host (issue 23). */
public enum Route {
  /** Every call not marked read-only: the host the monitor reports writable. */
  WRITE,
  /** Read-only work: a fit standby, else per {@code read_routing}. */
  READ
}

package io.sluice.event;

import io.sluice.HostPort;

/**
 * A read of a routing pool with {@code read_routing=prefer-standby} ran on the primary because no
 * standby was fit for it after the bounded wait (on the caller's thread).
 *
 * @param pool the pool's name
 * @param primary where the read ran
 * @param reason each standby and why it was not fit ({@code "db2:5432 lags 7200 ms > 5000 ms"})
 */
public record ReadOnPrimary(String pool, HostPort primary, String reason) {}

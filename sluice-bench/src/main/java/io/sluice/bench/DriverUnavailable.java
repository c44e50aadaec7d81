package io.sluice.bench;

/**
 * A driver that cannot run on this machine (a tool or library is missing and could not be
 * installed); the lab skips it and says why in the report.
 */
public final class DriverUnavailable extends Exception {
  public DriverUnavailable(String reason) {
    super(reason);
  }
}

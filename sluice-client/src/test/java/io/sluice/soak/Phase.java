package io.sluice.soak;

/** Where the run is; workers read it before each call. */
enum Phase {
  /** Faults are being injected. */
  FAULTS,
  /** Faults have stopped; waiting for the pool to be back at its minimum. */
  SETTLING,
  /** No faults, the server up, the pool recovered: every call must succeed. */
  QUIET,
  /** Workers finish their call and end. */
  STOPPED
}

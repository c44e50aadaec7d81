package io.sluice.bench;

/** A run that cannot be trusted: a driver returned the wrong rows or a checksum the others disagree with. */
public final class BenchFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BenchFailure(String message) {
    super(message);
  }
}

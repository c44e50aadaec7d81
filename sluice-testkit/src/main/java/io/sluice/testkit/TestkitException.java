package io.sluice.testkit;

/** A test fixture could not be set up or controlled; the message says why and what was seen. */
public final class TestkitException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public TestkitException(String message) {
    super(message);
  }

  public TestkitException(String message, Throwable cause) {
    super(message, cause);
  }
}

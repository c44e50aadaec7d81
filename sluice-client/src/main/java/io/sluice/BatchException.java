package io.sluice;

/**
 * A statement of an atomic batch failed: the server rolled back every statement of the batch.
 * {@link #index()} is the 0-based position of the statement that failed; the cause is the
 * server's error.
 */
public final class BatchException extends SluiceException {
  private final int index;

  public BatchException(String message, int index, ServerException cause) {
    super(message + ": " + cause.getMessage(), Outcome.SERVER_ERROR, cause);
    this.index = index;
  }

  public int index() {
    return index;
  }

  @Override
  public synchronized ServerException getCause() {
    return (ServerException) super.getCause();
  }
}

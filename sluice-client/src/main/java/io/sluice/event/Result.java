package io.sluice.event;

import io.sluice.SluiceException;

/**
 * How a piece of work ended, in the vocabulary of {@link SluiceException.Outcome} plus success and
 * a failure of the caller's own code.
 */
public enum Result {
  /** It completed. */
  SUCCEEDED,
  /** It failed before anything reached the server ({@link SluiceException.Outcome#NOT_SENT}): safe to retry. */
  NOT_SENT,
  /** It was written but the connection failed before its result came ({@link SluiceException.Outcome#UNKNOWN}). */
  UNKNOWN,
  /** The server answered with an error ({@link SluiceException.Outcome#SERVER_ERROR}). */
  SERVER_ERROR,
  /**
   * The caller's own code threw (a row callback of {@code forEach}, the source of a COPY): the
   * exception is not a {@link SluiceException}, and the server's part ended as far as it got.
   */
  CALLER_ERROR;

  /** The result of work that threw {@code error}, or {@link #SUCCEEDED} for null. */
  public static Result of(Throwable error) {
    if (error == null) {
      return SUCCEEDED;
    }
    if (!(error instanceof SluiceException e) || e.outcome() == null) {
      return CALLER_ERROR;
    }
    return switch (e.outcome()) {
      case NOT_SENT -> NOT_SENT;
      case UNKNOWN -> UNKNOWN;
      case SERVER_ERROR -> SERVER_ERROR;
    };
  }

  /** The SQLSTATE of {@code error} when the server sent one (a {@link io.sluice.ServerException}), else null. */
  public static String sqlState(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof io.sluice.ServerException se) {
        return se.sqlState();
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }
}

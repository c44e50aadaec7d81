package io.sluice.soak;

import io.sluice.SluiceException;

/**
 * What the client told a writer about one write: it returned, or it threw with one of the
 * outcomes of {@link SluiceException.Outcome}, or something that is not a {@code SluiceException}
 * escaped the API.
 */
enum WriteOutcome {
  /** Returned normally: the row must be in the table. */
  ACKNOWLEDGED,
  /** Nothing reached the server: the row must not be in the table. */
  NOT_SENT,
  /** The request was written and its fate is unknown: the row may be there or not. */
  UNKNOWN,
  /** The server answered with an error and rolled the work back: the row must not be there. */
  SERVER_ERROR,
  /** Not a {@code SluiceException} (already a violation of its own): the row may be there or not. */
  ESCAPED;

  static WriteOutcome of(SluiceException.Outcome outcome) {
    return switch (outcome) {
      case NOT_SENT -> NOT_SENT;
      case UNKNOWN -> UNKNOWN;
      case SERVER_ERROR -> SERVER_ERROR;
    };
  }

  /** The violation that finding the row {@code present} (or absent) would be, or {@code null} if it is allowed. */
  Violations.Kind contradiction(boolean present) {
    return switch (this) {
      case ACKNOWLEDGED -> present ? null : Violations.Kind.ACKNOWLEDGED_WRITE_MISSING;
      case NOT_SENT -> present ? Violations.Kind.NOT_SENT_WRITE_PRESENT : null;
      case SERVER_ERROR -> present ? Violations.Kind.SERVER_ERROR_WRITE_PRESENT : null;
      case UNKNOWN, ESCAPED -> null;
    };
  }
}

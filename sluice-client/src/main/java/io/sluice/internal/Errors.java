package io.sluice.internal;

import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.ValueException;
import io.sluice.protocol.ProtocolException;

/** Turns failures while encoding a request into the driver's exceptions: nothing was sent. */
final class Errors {
  private Errors() {}

  static SluiceException notSent(RuntimeException e) {
    if (e instanceof SluiceException se) {
      return se;
    }
    if (e instanceof io.sluice.types.ValueException ve) {
      return new ValueException(ve.getMessage() + " (nothing was sent)", ve);
    }
    if (e instanceof ProtocolException || e instanceof IllegalArgumentException) {
      return new SluiceException("cannot send this request: " + e.getMessage(), Outcome.NOT_SENT, e);
    }
    throw e;
  }
}

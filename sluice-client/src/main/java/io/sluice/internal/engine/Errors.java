package io.sluice.internal.engine;

import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.ValueException;
import io.sluice.protocol.ProtocolException;

/**
 * Turns any failure while encoding a request into the driver's exception saying that nothing was
 * sent: the engine has already discarded the partial bytes, so the connection is clean.
 */
final class Errors {
  private Errors() {}

  static SluiceException notSent(Throwable e) {
    if (e instanceof SluiceException se) {
      return se;
    }
    if (e instanceof io.sluice.types.CodecException ve) {
      return new ValueException(ve.getMessage() + " (nothing was sent)", ve);
    }
    if (e instanceof ProtocolException || e instanceof IllegalArgumentException) {
      // a value the protocol cannot carry: a lone surrogate, a NUL in a name, a count past Int16
      return new ValueException("cannot send this request: " + e.getMessage(), e);
    }
    if (e instanceof OutOfMemoryError) {
      return new SluiceException("ran out of memory while encoding the request (a very large parameter?); "
          + "nothing was sent and the connection is still usable", Outcome.NOT_SENT, e);
    }
    // an application's value failed while it was being read (a lazy collection, a custom codec)
    return new ValueException("encoding a parameter failed with " + e + "; nothing was sent", e);
  }
}

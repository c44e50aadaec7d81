package io.sluice.internal;

import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.ProtocolException;

/** A reply the protocol does not allow at this point: the engine closes the connection. */
final class Unexpected {
  private Unexpected() {}

  static ProtocolException message(byte type, String during) {
    return new ProtocolException("unexpected " + BackendDecoder.nameOf(type) + " while " + during);
  }
}

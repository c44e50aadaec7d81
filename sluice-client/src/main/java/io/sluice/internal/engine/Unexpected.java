package io.sluice.internal.engine;

import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.ProtocolException;

/** A reply the protocol does not allow at this point: the engine closes the connection. */
public final class Unexpected {
  private Unexpected() {}

  public static ProtocolException message(byte type, String during) {
    return new ProtocolException("unexpected " + BackendDecoder.nameOf(type) + " while " + during);
  }
}

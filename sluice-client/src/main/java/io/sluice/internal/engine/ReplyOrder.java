package io.sluice.internal.engine;

import io.sluice.protocol.ProtocolException;

/**
 * Which replies may come next for one request, by the message flows of the PostgreSQL protocol
 * ("Message Flow" in the protocol chapter of the documentation). The engine asks before handing a
 * reply to its request; a reply that may not come now is a {@link ProtocolException}, and the
 * connection is closed: a DataRow after CommandComplete, a second RowDescription, a reply that
 * arrives while nothing was asked — each would otherwise hand one caller another's rows.
 * Asynchronous messages (notices, notifications, parameter changes) never come here.
 */
public interface ReplyOrder {

  /** Whose reply it is: the request's own, or the transaction's deferred BEGIN sent in front of it. */
  enum Owner {
    REQUEST,
    BEGIN,
    /** An ErrorResponse to the deferred BEGIN: the server skips the request up to its Sync. */
    BEGIN_FAILED
  }

  /**
   * Checks that a reply of {@code type} may come now and moves past it.
   *
   * @throws ProtocolException when it may not
   */
  Owner accept(byte type);

  /** Nothing has been sent that could still be answered: a request that never sent anything. */
  ReplyOrder NONE = type -> {
    throw Unexpected.message(type, "no reply was expected");
  };
}

package io.sluice.jdbc.internal;

import io.sluice.internal.calls.Connections;
import io.sluice.protocol.TransactionStatus;

/**
 * Where a JDBC connection's session stands, as pgjdbc's {@code PgConnection.getTransactionState}
 * answers it: the status of the server's last ReadyForQuery ({@code I}, {@code T}, {@code E};
 * protocol-message-formats.html). A transaction whose BEGIN has not gone yet (auto-commit off, no
 * statement run) is still idle there, as in pgjdbc, which also sends BEGIN with the first statement.
 */
public final class TransactionStates {
  private TransactionStates() {}

  /** The session's status; idle for a routing connection between transactions (it holds no session then). */
  public static TransactionStatus of(SluiceConnection c) {
    if (!(c.sessions instanceof OneSession) && !c.transactions.inTransaction()) {
      return TransactionStatus.IDLE;
    }
    return Connections.core(c.sluice()).transactionStatus();
  }
}

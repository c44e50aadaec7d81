package org.postgresql.core;

/**
 * pgjdbc's name for where a connection's session stands, the status of the server's last
 * ReadyForQuery: {@code IDLE} ('I'), {@code OPEN} ('T', in a transaction block), {@code FAILED}
 * ('E', a statement failed and the block refuses the rest until it ends).
 */
public enum TransactionState {
  IDLE,
  OPEN,
  FAILED
}

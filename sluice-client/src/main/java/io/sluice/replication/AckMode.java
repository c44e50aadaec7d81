package io.sluice.replication;

/** Who moves the slot forward: the application, or the stream when a transaction has been handled. */
public enum AckMode {
  /**
   * Only {@link ChangeStream#ack} does. The server hears of nothing else, so after a failure or
   * restart everything after the last acknowledged position is delivered again.
   */
  MANUAL,
  /**
   * A transaction counts as acknowledged once the application is done with its {@link Change.Commit}
   * (or {@link Change.StreamCommit}, or a non-transactional {@link Change.Message}): when the
   * {@link ChangeStream#forEach} callback for it returns, or when {@link ChangeStream#poll} is called
   * again after returning it.
   */
  ON_COMMIT
}

package io.sluice.internal.replication;

import io.sluice.replication.Change;

/**
 * Which changes a stream's application can acknowledge by themselves, and at what position: a slot
 * restarts only at a transaction boundary (a commit's, a prepare's or a prepared transaction's end
 * LSN) or after a non-transactional logical message ({@code pg_logical_emit_message} with {@code
 * transactional} false), so only those move the confirmed flush position. The reader, {@code poll}
 * and {@code ack} of {@link LogicalStream} all ask the same question.
 */
final class AckPositions {
  private AckPositions() {}

  /** The position acknowledging this change reports, or 0 when it cannot be acknowledged alone. */
  static long of(Change c) {
    return switch (c) {
      case Change.Commit commit -> commit.endLsn().value();
      case Change.StreamCommit commit -> commit.endLsn().value();
      case Change.Prepare prepare -> prepare.endLsn().value();
      case Change.StreamPrepare prepare -> prepare.endLsn().value();
      case Change.CommitPrepared commit -> commit.endLsn().value();
      case Change.RollbackPrepared rollback -> rollback.endLsn().value();
      case Change.Message m when !m.transactional() -> m.messageLsn().value();
      default -> 0;
    };
  }
}

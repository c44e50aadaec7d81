package io.sluice.replication;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * One decoded pgoutput message (PostgreSQL docs, "Logical Replication Message Formats"), named as
 * there. Switch over them exhaustively:
 *
 * <pre>{@code
 * switch (change) {
 *   case Change.Insert i -> index(i.relation().name(), i.row().toMap());
 *   case Change.Commit c -> stream.ack(c);
 *   default -> { }
 * }
 * }</pre>
 *
 * <p>{@link #lsn()} is the WAL position the server gave the message (XLogData's start). An {@code
 * xid} is the transaction's id inside a streamed transaction's block ({@link StreamStart} … {@link
 * StreamStop}), and 0 elsewhere.
 */
public sealed interface Change {

  /** The WAL position of this message. */
  Lsn lsn();

  /**
   * A transaction begins. Its changes follow, then its {@link Commit}.
   *
   * @param finalLsn the position of the transaction's commit record
   * @param commitTime when it committed
   * @param xid its transaction id
   */
  record Begin(Lsn lsn, Lsn finalLsn, Instant commitTime, int xid) implements Change {}

  /**
   * A transaction committed; acknowledge it with {@link ChangeStream#ack(Change)}.
   *
   * @param commitLsn the position of the commit record
   * @param endLsn the position just past it: what acknowledging this transaction reports
   */
  record Commit(Lsn lsn, Lsn commitLsn, Lsn endLsn, Instant commitTime) implements Change {}

  /** The transaction was replicated here from another node: its origin's name and commit position. */
  record Origin(Lsn lsn, Lsn originLsn, String name) implements Change {}

  /**
   * A table's description, sent before its first change in a session and again after it changes
   * (a new column). Changes refer to the Relation in force when they were made.
   *
   * @param oid the table's OID ({@code pg_class.oid}), which changes refer to
   * @param namespace its schema
   * @param name its name
   * @param identity what its UPDATE and DELETE send of the old row
   * @param columns the published columns, in order
   */
  record Relation(Lsn lsn, int xid, int oid, String namespace, String name, ReplicaIdentity identity,
      List<RelationColumn> columns) implements Change {
    public Relation {
      columns = List.copyOf(columns);
    }

    /** {@code schema.name}, unquoted. */
    public String qualifiedName() {
      return namespace + "." + name;
    }
  }

  /** A type a Relation's column uses that is not built in (an enum, a composite, a domain, …). */
  record Type(Lsn lsn, int xid, int oid, String namespace, String name) implements Change {}

  /** A row was inserted. */
  record Insert(Lsn lsn, int xid, Relation relation, Tuple row) implements Change {}

  /**
   * A row was updated. {@code old} is null unless the table's replica identity sends it: its key
   * columns when the key changed ({@link OldValues#KEY}, other columns NULL), or the whole old row
   * under {@link ReplicaIdentity#FULL} ({@link OldValues#ROW}).
   */
  record Update(Lsn lsn, int xid, Relation relation, OldValues oldValues, Tuple old, Tuple row) implements Change {}

  /** A row was deleted: its key ({@link OldValues#KEY}) or, under FULL, the whole row ({@link OldValues#ROW}). */
  record Delete(Lsn lsn, int xid, Relation relation, OldValues oldValues, Tuple old) implements Change {}

  /** Tables were truncated together. */
  record Truncate(Lsn lsn, int xid, List<Relation> relations, boolean cascade, boolean restartIdentity)
      implements Change {
    public Truncate {
      relations = List.copyOf(relations);
    }
  }

  /**
   * A message written with {@code pg_logical_emit_message}. A transactional one arrives inside its
   * transaction; a non-transactional one on its own, at once, and can be acknowledged by itself.
   *
   * @param messageLsn the position of the message's record
   */
  record Message(Lsn lsn, int xid, boolean transactional, Lsn messageLsn, String prefix, byte[] content)
      implements Change {
    /** The content as UTF-8 text. */
    public String text() {
      return new String(content, StandardCharsets.UTF_8);
    }
  }

  /** A block of a large transaction in progress begins ({@link StreamOptions#streaming}). */
  record StreamStart(Lsn lsn, int xid, boolean firstSegment) implements Change {}

  /** The block ends; other transactions may come before the next block. */
  record StreamStop(Lsn lsn) implements Change {}

  /** A streamed transaction committed; acknowledge it with {@link ChangeStream#ack(Change)}. */
  record StreamCommit(Lsn lsn, int xid, Lsn commitLsn, Lsn endLsn, Instant commitTime) implements Change {}

  /**
   * A streamed transaction, or one of its subtransactions ({@code subXid != xid}), rolled back:
   * forget its changes. The abort position and time are sent only with parallel streaming (null here).
   */
  record StreamAbort(Lsn lsn, int xid, int subXid, Lsn abortLsn, Instant abortTime) implements Change {}

  /**
   * A transaction prepared for two-phase commit ({@code PREPARE TRANSACTION}) begins; its changes
   * follow, then its {@link Prepare}. Sent only with {@link StreamOptions#twoPhase} (PostgreSQL 15+).
   *
   * @param prepareLsn the position of the prepare record
   * @param endLsn the position just past it
   * @param gid the global transaction identifier given to {@code PREPARE TRANSACTION}
   */
  record BeginPrepare(Lsn lsn, Lsn prepareLsn, Lsn endLsn, Instant prepareTime, int xid, String gid)
      implements Change {}

  /**
   * The transaction was prepared: its changes are decided at {@link CommitPrepared} or {@link
   * RollbackPrepared}, which may come much later, after a restart. Acknowledge it to have the
   * server not send its changes again; its outcome comes whatever.
   */
  record Prepare(Lsn lsn, Lsn prepareLsn, Lsn endLsn, Instant prepareTime, int xid, String gid) implements Change {}

  /** {@code COMMIT PREPARED gid}: the prepared transaction's changes are committed; acknowledge it. */
  record CommitPrepared(Lsn lsn, Lsn commitLsn, Lsn endLsn, Instant commitTime, int xid, String gid)
      implements Change {}

  /**
   * {@code ROLLBACK PREPARED gid}: forget the prepared transaction's changes; acknowledge it.
   *
   * @param preparedEndLsn where the prepared transaction ended
   * @param endLsn the position just past the rollback
   */
  record RollbackPrepared(Lsn lsn, Lsn preparedEndLsn, Lsn endLsn, Instant prepareTime, Instant rollbackTime,
      int xid, String gid) implements Change {}

  /** A streamed transaction ({@link StreamStart} … {@link StreamStop}) was prepared, with {@link StreamOptions#twoPhase}. */
  record StreamPrepare(Lsn lsn, Lsn prepareLsn, Lsn endLsn, Instant prepareTime, int xid, String gid)
      implements Change {}

  /** What an UPDATE or DELETE carries of the old row. */
  enum OldValues {
    /** Nothing (an UPDATE that kept the key, under DEFAULT or USING INDEX). */
    NONE,
    /** The replica identity's key columns; the others are NULL ({@code K}). */
    KEY,
    /** The whole old row ({@code O}, REPLICA IDENTITY FULL). */
    ROW
  }
}

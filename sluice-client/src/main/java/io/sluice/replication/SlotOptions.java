package io.sluice.replication;

/**
 * How {@link ReplicationConnection#createSlot} makes a logical slot ({@code CREATE_REPLICATION_SLOT
 * … LOGICAL pgoutput}).
 *
 * @param temporary a slot that lives only as long as this replication session (and is dropped on
 *     any error); a permanent one survives restarts and must be dropped
 * @param snapshot what to do with the snapshot taken at the slot's consistent point
 */
public record SlotOptions(boolean temporary, Snapshot snapshot) {
  /** A permanent slot, no snapshot. */
  public static final SlotOptions PERMANENT = new SlotOptions(false, Snapshot.NOTHING);
  /** A temporary slot, no snapshot. */
  public static final SlotOptions TEMPORARY = new SlotOptions(true, Snapshot.NOTHING);

  public SlotOptions {
    if (snapshot == null) {
      throw new IllegalArgumentException("snapshot must not be null (Snapshot.NOTHING for none)");
    }
  }

  /** The same slot kind with another snapshot action. */
  public SlotOptions snapshot(Snapshot action) {
    return new SlotOptions(temporary, action);
  }

  /**
   * The snapshot of the database as of the slot's consistent point: an initial copy read in it sees
   * exactly the transactions that committed before the first change the slot will stream.
   */
  public enum Snapshot {
    /** None is made ({@code NOEXPORT_SNAPSHOT}, {@code SNAPSHOT 'nothing'}). */
    NOTHING,
    /**
     * Exported under a name ({@link CreatedSlot#snapshotName()}) that another session adopts with
     * {@code SET TRANSACTION SNAPSHOT} in a REPEATABLE READ transaction; it stays valid until this
     * replication session runs its next command ({@code EXPORT_SNAPSHOT}, {@code SNAPSHOT 'export'}).
     */
    EXPORT,
    /**
     * Used by the transaction this replication session is in, which must have been begun with
     * {@code BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY} just before ({@code USE_SNAPSHOT},
     * {@code SNAPSHOT 'use'}); read the copy with {@link ReplicationConnection#simpleQuery}.
     */
    USE
  }
}

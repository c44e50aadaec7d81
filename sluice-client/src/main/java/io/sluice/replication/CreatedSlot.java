package io.sluice.replication;

/**
 * The answer to {@code CREATE_REPLICATION_SLOT}.
 *
 * @param name the slot's name
 * @param consistentPoint the position from which the slot streams: every transaction that
 *     committed before it is in the snapshot, every later one is in the stream
 * @param snapshotName the exported snapshot's name, or {@code null} when none was exported
 * @param outputPlugin {@code pgoutput}
 */
public record CreatedSlot(String name, Lsn consistentPoint, String snapshotName, String outputPlugin) {

  /**
   * The statement that makes the current transaction of another session read the exported
   * snapshot: {@code SET TRANSACTION SNAPSHOT '…'}. Run it first in a REPEATABLE READ transaction,
   * before this replication session runs another command.
   */
  public String setTransactionSnapshot() {
    if (snapshotName == null) {
      throw new IllegalStateException("slot " + name + " was created without an exported snapshot "
          + "(SlotOptions.Snapshot.EXPORT)");
    }
    return "SET TRANSACTION SNAPSHOT '" + snapshotName.replace("'", "''") + "'";
  }
}

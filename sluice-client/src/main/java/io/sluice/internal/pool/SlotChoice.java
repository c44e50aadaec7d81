package io.sluice.internal.pool;

import java.util.List;

/**
 * Which connection of a pool's slots a caller gets: the least busy for a shared statement, the
 * most recently used idle one for a borrower, and which are kept back for waiting borrowers. Pure
 * choices over the slot list; {@link PoolSlots} calls them with its lock held.
 */
final class SlotChoice {
  private SlotChoice() {}

  /**
   * The connection with the fewest statements in flight, among those not borrowed, not reserved
   * for a borrower, not being checked and not streaming (a statement queued behind a stream waits
   * for its consumer). Lock held.
   */
  static PoolSlot leastBusy(List<PoolSlot> slots) {
    PoolSlot pick = null;
    for (PoolSlot s : slots) {
      boolean usable = !s.borrowed && !s.reserved && !s.checking;
      if (usable && (pick == null || s.inFlight < pick.inFlight) && !s.core.isStreaming()) {
        pick = s;
      }
    }
    return pick;
  }

  /**
   * Keeps one connection reserved for each borrower that waits: shared statements go elsewhere, so
   * it goes idle as soon as what runs there is done. Without it, under steady shared load a
   * connection is idle only for a moment, and a borrower (a transaction, a stream) would wait
   * until its acquire timeout. Lock held.
   */
  static void reserveForBorrowers(List<PoolSlot> slots, int borrowersWaiting) {
    int reserved = 0;
    for (PoolSlot s : slots) {
      if (s.reserved && reserved < borrowersWaiting) {
        reserved++;
      } else {
        s.reserved = false;
      }
    }
    while (reserved < borrowersWaiting) {
      PoolSlot pick = null;
      for (PoolSlot s : slots) {
        if (!s.borrowed && !s.reserved && (pick == null || s.inFlight < pick.inFlight)) {
          pick = s;
        }
      }
      if (pick == null) {
        return;
      }
      pick.reserved = true;
      reserved++;
    }
  }

  /** The most recently used idle connection, so that the others can time out. Lock held. */
  static PoolSlot mostRecentlyUsedIdle(List<PoolSlot> slots) {
    PoolSlot pick = null;
    for (PoolSlot s : slots) {
      if (s.isIdle() && (pick == null || s.lastUsed > pick.lastUsed)) {
        pick = s;
      }
    }
    return pick;
  }
}

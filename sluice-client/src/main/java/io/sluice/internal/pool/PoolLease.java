package io.sluice.internal.pool;

import io.sluice.Connection;
import io.sluice.Pool;
import java.util.function.Supplier;

/** A connection borrowed from a pool's slots until {@link #close()}; see {@link Pool.Lease}. */
final class PoolLease implements Pool.Lease {
  private final PoolSlots slots;
  private final PoolSlot slot;
  /** How a routing pool learns the WAL position behind the lease's work, or null. */
  private final LeaseTracking tracking;
  /** The position behind the last work was learnt by {@link #tracked}: the return need not ask. */
  private volatile boolean learnt;
  private boolean returned;

  PoolLease(PoolSlots slots, PoolSlot slot, LeaseTracking tracking) {
    this.slots = slots;
    this.slot = slot;
    this.tracking = tracking;
  }

  @Override
  public Connection connection() {
    if (returned) {
      throw new IllegalStateException("this lease was returned to the pool; acquire another");
    }
    learnt = false;   // whatever is sent on it now was not tracked
    return slot.c;
  }

  @Override
  public <T> T tracked(Supplier<T> work) {
    if (tracking == null) {
      return work.get();
    }
    T value = tracking.tracked(work);
    learnt = true;
    return value;
  }

  @Override
  public void close() {
    giveBack(PoolCore.RESET_SESSION);
  }

  @Override
  public void closeKeepingSession() {
    giveBack(null);
  }

  private void giveBack(String resetSql) {
    if (!returned) {
      returned = true;
      try {
        if (tracking != null && !learnt) {
          tracking.ask();
        }
      } finally {
        slots.giveBack(slot, resetSql);
      }
    }
  }

  @Override
  public String toString() {
    return "Lease[" + slot.c + (returned ? ", returned" : "") + "]";
  }
}

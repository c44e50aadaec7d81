package io.sluice.internal.fleet;

import io.sluice.replication.Lsn;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A routing pool's two floors (issue 23, docs/design/fleet.md §4): the WAL position of the newest
 * write it acknowledged (read-your-writes) and the newest replay position a read of it saw
 * (monotonic reads). A standby takes a read only once it has replayed past the floor that
 * applies. Both only rise; concurrent raises keep the higher.
 */
public final class Floors {
  private final AtomicLong wrote = new AtomicLong();
  private final AtomicLong read = new AtomicLong();

  /** A write acknowledged on the primary, whose commit record ends at or before {@code position}. */
  public void wrote(Lsn position) {
    raise(wrote, position);
  }

  /** A read saw the data of {@code position} (a standby's replay position, or the primary's insert position). */
  public void read(Lsn position) {
    raise(read, position);
  }

  /** The position a standby must have replayed to take the next read. */
  public Lsn forRead(boolean readYourWrites) {
    long r = read.get();
    if (!readYourWrites) {
      return new Lsn(r);
    }
    long w = wrote.get();
    return new Lsn(Long.compareUnsigned(r, w) >= 0 ? r : w);
  }

  /** The newest acknowledged write's position ({@link Lsn#INVALID} before the first). */
  public Lsn wrote() {
    return new Lsn(wrote.get());
  }

  private static void raise(AtomicLong floor, Lsn to) {
    long v = to.value();
    long was = floor.get();
    while (Long.compareUnsigned(v, was) > 0 && !floor.compareAndSet(was, v)) {
      was = floor.get();
    }
  }
}

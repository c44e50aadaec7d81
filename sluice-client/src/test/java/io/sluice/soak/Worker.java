package io.sluice.soak;

import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.SluiceException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One of the soak's threads: until told to stop, a random mix of writes (an insert on its own,
 * or two inserts in one transaction) and reads (a point select of an acknowledged id, or the
 * latest rows of one writer), each recorded with what the client answered.
 */
final class Worker implements Runnable {
  static final String INSERT = "insert into soak(id, writer) values ($1, $2)";
  static final String POINT_READ = "select $1::int8 as asked, id, writer from soak where id = $1";
  static final String WRITER_READ =
      "select $1::int4 as asked, id, writer from soak where writer = $1 order by id desc limit 20";
  /** After a failure, so that a worker facing a down server does not spin. */
  private static final long PAUSE_AFTER_FAILURE_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final Crew crew;
  private final WriteLog log;
  private CallWatch watch;

  Worker(Crew crew, WriteLog log) {
    this.crew = crew;
    this.log = log;
  }

  /** Starts the worker on a virtual thread, watched by {@code watchdog}. */
  Thread start(Watchdog watchdog) {
    Thread t = Thread.ofVirtual().name("soak-worker-" + log.writer()).unstarted(this);
    watch = new CallWatch(t);
    watchdog.watch(watch);
    t.start();
    return t;
  }

  @Override
  public void run() {
    try {
      while (!crew.stopped().getAsBoolean()) {
        boolean write = ThreadLocalRandom.current().nextBoolean();
        crew.lull().callBegins();
        FaultClock.Mark mark = crew.clock().callBegins();
        long start = System.nanoTime();
        Throwable failure;
        try {
          failure = write ? write() : read();
        } finally {
          crew.lull().callEnded();
        }
        crew.tally().call(crew.clock(), mark, failure);
        if (failure != null) {
          crew.rules().judge(write ? "write" : "read", failure, mark, System.nanoTime() - start);
          LockSupport.parkNanos(PAUSE_AFTER_FAILURE_NANOS);
        }
      }
    } catch (Throwable e) {   // the worker itself broke: make it loud, not a quiet early end
      crew.violations().add(Violations.Kind.NON_SLUICE_EXCEPTION, "worker " + log.writer() + " died: " + e);
      throw e;
    }
  }

  /** Returns the failure, or null when the write was acknowledged. */
  private Throwable write() {
    boolean transaction = ThreadLocalRandom.current().nextInt(10) < 3;
    long[] ids = log.reserve(transaction ? 2 : 1);
    WriteOutcome outcome;
    Throwable failure = null;
    watch.begin(transaction ? "a two-row transaction" : "an insert");
    try {
      if (transaction) {
        crew.pool().transaction(tx -> {
          for (long id : ids) {
            expectOneRow(tx.execute(INSERT, id, log.writer()), id);
          }
          return null;
        });
      } else {
        expectOneRow(crew.pool().execute(INSERT, ids[0], log.writer()), ids[0]);
      }
      outcome = WriteOutcome.ACKNOWLEDGED;
    } catch (SluiceException e) {
      outcome = WriteOutcome.of(e.outcome());
      failure = e;
    } catch (RuntimeException e) {
      outcome = WriteOutcome.ESCAPED;
      failure = e;
      crew.violations().add(Violations.Kind.NON_SLUICE_EXCEPTION, "write of " + ids[0] + ": " + e);
    } finally {
      watch.end();
    }
    log.record(ids, outcome);
    crew.tally().write(outcome, ids.length);
    if (failure == null) {
      for (long id : ids) {
        crew.acknowledged().add(id);
      }
    } else {
      crew.tally().failure("write", failure);
    }
    return failure;
  }

  private void expectOneRow(long count, long id) {
    if (count != 1) {
      crew.violations().add(Violations.Kind.WRONG_ROW_COUNT, "insert of " + id + " reported " + count + " rows");
    }
  }

  /** Returns the failure, or null when the read succeeded (whatever it found). */
  private Throwable read() {
    long id = crew.acknowledged().any();
    boolean point = id != 0 && ThreadLocalRandom.current().nextInt(5) != 0;
    int writer = 1 + ThreadLocalRandom.current().nextInt(crew.writers());
    watch.begin(point ? "a point read" : "a writer read");
    try {
      if (point) {
        checkPointRead(id, crew.pool().query(POINT_READ, id));
      } else {
        checkWriterRead(writer, crew.pool().query(WRITER_READ, writer));
      }
      crew.tally().readsOk.increment();
      return null;
    } catch (SluiceException e) {
      crew.tally().readsFailed.increment();
      crew.tally().failure("read", e);
      return e;
    } catch (RuntimeException e) {
      crew.tally().readsFailed.increment();
      crew.violations().add(Violations.Kind.NON_SLUICE_EXCEPTION, "read: " + e);
      return e;
    } finally {
      watch.end();
    }
  }

  /** The one row asked for, by an id whose insert was acknowledged: it must be there, and be that row. */
  private void checkPointRead(long id, RowSet rows) {
    crew.tally().rowsRead.add(rows.size());
    if (rows.isEmpty()) {
      crew.violations().add(Violations.Kind.ACKNOWLEDGED_ROW_NOT_VISIBLE, "id " + id);
      return;
    }
    if (rows.size() != 1) {
      crew.violations().add(Violations.Kind.CROSSED_ROW, "asked for id " + id + ", got " + rows.size() + " rows");
    }
    for (Row r : rows) {
      if (r.getLong(0) != id || r.getLong(1) != id || r.getInt(2) != WriteLog.writerOf(id)) {
        crew.violations().add(Violations.Kind.CROSSED_ROW, "asked for id " + id + ", got asked=" + r.getLong(0) + " id="
            + r.getLong(1) + " writer=" + r.getInt(2));
      }
    }
  }

  /** Rows of one writer: every one must be of that writer, and the echoed parameter must be its own. */
  private void checkWriterRead(int writer, RowSet rows) {
    crew.tally().rowsRead.add(rows.size());
    for (Row r : rows) {
      long id = r.getLong(1);
      if (r.getInt(0) != writer || r.getInt(2) != writer || WriteLog.writerOf(id) != writer) {
        crew.violations().add(Violations.Kind.CROSSED_ROW, "asked for writer " + writer + ", got asked=" + r.getInt(0)
            + " id=" + id + " writer=" + r.getInt(2));
      }
    }
  }
}

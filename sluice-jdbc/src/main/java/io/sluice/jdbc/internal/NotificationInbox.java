package io.sluice.jdbc.internal;

import io.sluice.Notification;
import io.sluice.internal.calls.SessionNotifications;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The LISTEN/NOTIFY notifications a JDBC connection's session received, kept until taken
 * ({@link #take}, pgjdbc's {@code getNotifications}): they arrive with the replies of its
 * statements, and are read off the socket when asked for. Kept without a bound, as pgjdbc does:
 * the server sends only what this session LISTENs to, and whoever LISTENs is to take them.
 */
public final class NotificationInbox {
  /**
   * The helper thread that waits for the server to send something: none; waiting; or back without
   * having waited, as other threads' statements were in flight (their readers take what comes).
   */
  private enum Watch { NONE, WAITING, BUSY }

  /** While other threads' statements are in flight, how long a waiter waits before it looks again. */
  private static final long BUSY_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

  private final io.sluice.Connection sluice;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition changed = lock.newCondition();
  private final List<Notification> received = new ArrayList<>();
  private Watch watch = Watch.NONE;
  private boolean closed;

  NotificationInbox(io.sluice.Connection sluice) {
    this.sluice = sluice;
    SessionNotifications.route(sluice, this::add);
  }

  /**
   * The inbox of {@code connection}, a connection of this driver (or a wrapper of one) that is
   * open: {@code 08003} once closed, {@code 0A000} over a routing pool.
   */
  public static NotificationInbox of(java.sql.Connection connection) throws SQLException {
    SluiceConnection c = connection.unwrap(SluiceConnection.class);
    c.checkOpen();
    return c.sessions.notifications();
  }

  /** On the thread that read it (the connection's reader): stored, and a waiter woken. */
  private void add(Notification n) {
    lock.lock();
    try {
      received.add(n);
      changed.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * The notifications received so far, taken (an empty list when none), after reading what the
   * server already sent. As pgjdbc's {@code QueryExecutorImpl.processNotifies}: {@code
   * timeoutMillis} below 0 does not wait, 0 waits until one comes, above 0 waits up to that long;
   * it never waits when some were already received, or when the session is in a transaction block
   * (the server sends notifications only outside one). Closing the connection ends the wait, with
   * a {@code 08003}.
   */
  public List<Notification> take(int timeoutMillis) throws SQLException {
    boolean idle = SessionNotifications.idle(sluice);
    if (idle && !SessionNotifications.readArrived(sluice)) {
      return takeOrClosed();
    }
    if (timeoutMillis < 0 || !idle) {
      return takeAll();
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (true) {
      lock.lock();
      try {
        if (closed) {
          throw SqlErrors.of("the connection was closed while waiting for notifications", "08003");
        }
        if (!received.isEmpty()) {
          return takeAll();
        }
        long left = deadline - System.nanoTime();
        if (timeoutMillis > 0 && left <= 0) {
          return List.of();
        }
        if (watch == Watch.BUSY) {
          // the readers of other threads' statements hand notifications over as they come; once
          // they are done, nobody reads: look again after a while
          watch = Watch.NONE;
          changed.awaitNanos(timeoutMillis > 0 ? Math.min(left, BUSY_NANOS) : BUSY_NANOS);
        } else {
          if (watch == Watch.NONE) {
            watch = Watch.WAITING;
            Thread.ofVirtual().name("sluice-jdbc-notifications").start(this::watch);
          }
          if (timeoutMillis > 0) {
            changed.awaitNanos(left);
          } else {
            changed.await();
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw SqlErrors.of("interrupted while waiting for notifications", "57014");
      } finally {
        lock.unlock();
      }
      // outside the lock: the reader that dispatches them takes it to add what it read
      if (!SessionNotifications.readArrived(sluice)) {
        return takeOrClosed();
      }
    }
  }

  /**
   * On a thread of its own: waits until the server sends something (or the connection ends),
   * then wakes the waiter to read it. A waiter that stopped at its timeout leaves it waiting; it
   * then hands the bytes that come next to whoever reads (the next statement's reply).
   */
  private void watch() {
    boolean waited = false;
    try {
      waited = SessionNotifications.awaitInput(sluice);
    } finally {
      lock.lock();
      try {
        watch = waited ? Watch.NONE : Watch.BUSY;
        changed.signalAll();
      } finally {
        lock.unlock();
      }
    }
  }

  private List<Notification> takeAll() {
    lock.lock();
    try {
      List<Notification> all = List.copyOf(received);
      received.clear();
      return all;
    } finally {
      lock.unlock();
    }
  }

  /** What came before the connection was found closed; none is a {@code 08003}. */
  private List<Notification> takeOrClosed() throws SQLException {
    List<Notification> all = takeAll();
    if (all.isEmpty()) {
      throw SqlErrors.of("the connection is closed", "08003");
    }
    return all;
  }

  /** The connection closes: a waiter wakes, and the session's notifications go nowhere. */
  void close() {
    lock.lock();
    try {
      closed = true;
      changed.signalAll();
    } finally {
      lock.unlock();
    }
    SessionNotifications.route(sluice, null);
  }
}

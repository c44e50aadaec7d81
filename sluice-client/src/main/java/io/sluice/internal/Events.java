package io.sluice.internal;

import io.sluice.Notice;
import io.sluice.NoticeHandler;
import io.sluice.SluiceListener;
import io.sluice.event.ConnectionInfo;
import java.lang.System.Logger.Level;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one place that calls user observers ({@link SluiceListener}, {@link NoticeHandler}): whatever
 * they throw is caught here, so that it never changes the outcome of the work they observe, and is
 * logged once per observer on {@code System.Logger} {@code io.sluice.events} (WARNING; later
 * failures of the same observer at DEBUG, so that a broken listener cannot flood the log).
 *
 * <p>Made only when a listener is set: code with nothing to report holds {@code null} and skips
 * every event with one null check, so that no event record is ever built for nobody.
 */
public final class Events {
  private static final System.Logger LOG = System.getLogger("io.sluice.events");
  /** Observers whose failure was logged at WARNING already (weak: observers come and go). */
  private static final Map<Object, Boolean> REPORTED = Collections.synchronizedMap(new WeakHashMap<>());

  private final SluiceListener listener;
  private final ConnectionInfo connection;

  private Events(SluiceListener listener, ConnectionInfo connection) {
    this.listener = listener;
    this.connection = connection;
  }

  /** Events for {@code listener} about {@code connection} (null for work not tied to one); null without a listener. */
  public static Events of(SluiceListener listener, ConnectionInfo connection) {
    return listener == null ? null : new Events(listener, connection);
  }

  /** The session these events are about, or null (a pool's, a connection attempt's). */
  public ConnectionInfo connection() {
    return connection;
  }

  /** Calls a start method; returns its token, or null when it threw. */
  public Object start(Function<SluiceListener, Object> call) {
    try {
      return call.apply(listener);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      failed(listener, e);
      return null;
    }
  }

  /** Calls an end method, or a method without a pair. */
  public void send(Consumer<SluiceListener> call) {
    try {
      call.accept(listener);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      failed(listener, e);
    }
  }

  /**
   * The notice route of a session: {@code handler} gets each notice, safely; without a handler,
   * notices are logged at DEBUG on {@code io.sluice.connection}, as they always were.
   */
  public static Consumer<Map<Character, String>> noticeRoute(NoticeHandler handler, ConnectionInfo connection) {
    if (handler == null) {
      return ServerSession::logNotice;
    }
    return fields -> {
      try {
        handler.notice(new Notice(fields), connection);
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) {
        failed(handler, e);
      }
    };
  }

  private static void failed(Object observer, Throwable e) {
    boolean first = REPORTED.putIfAbsent(observer, Boolean.TRUE) == null;
    if (first) {
      LOG.log(Level.WARNING, "an event listener or notice handler (" + observer.getClass().getName()
          + ") threw; the work it observed went on unaffected. Later failures of this one are logged at DEBUG", e);
    } else if (LOG.isLoggable(Level.DEBUG)) {
      LOG.log(Level.DEBUG, "an event listener or notice handler threw again: " + e, e);
    }
  }
}

package io.sluice.internal.events;

import io.sluice.Notice;
import io.sluice.NoticeHandler;
import io.sluice.event.EventListener;
import io.sluice.event.ConnectionInfo;
import io.sluice.internal.engine.ServerSession;
import java.lang.System.Logger.Level;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one place that calls user observers ({@link EventListener}, {@link NoticeHandler}): whatever
 * they throw is caught here, so that it never changes the outcome of the work they observe, and is
 * logged once per observer on {@code System.Logger} {@code io.sluice.events} (WARNING; later
 * failures of the same observer at DEBUG, so that a broken listener cannot flood the log).
 *
 * <p>Events are heard by the configured listener, and by Java Flight Recorder while a recording
 * takes Sluice's events ({@link io.sluice.internal.jfr.JfrGate}). Code asks {@link #on} before it
 * makes an event record: with no listener and no such recording it is false after a few field
 * reads (one volatile), and nothing is built for nobody.
 */
public final class Events {
  private static final System.Logger LOG = System.getLogger("io.sluice.events");
  /** Observers whose failure was logged at WARNING already (weak: observers come and go). */
  private static final Map<Object, Boolean> REPORTED = Collections.synchronizedMap(new WeakHashMap<>());

  /** The configured listener, or null. */
  private final EventListener listener;
  /** Who hears events while JFR records Sluice's: the listener and the JFR one, or the JFR one alone. */
  private final EventListener recorded;
  private final ConnectionInfo connection;

  private Events(EventListener listener, EventListener recorded, ConnectionInfo connection) {
    this.listener = listener;
    this.recorded = recorded;
    this.connection = connection;
  }

  /**
   * Events for {@code listener} (null: none) and for Java Flight Recorder, about {@code connection}
   * (null for work not tied to one).
   */
  public static Events of(EventListener listener, ConnectionInfo connection) {
    EventListener jfr = io.sluice.internal.jfr.JfrListener.INSTANCE;
    return new Events(listener, listener == null ? jfr : AllListeners.of(java.util.List.of(listener), jfr), connection);
  }

  /** Whether anyone hears an event begun now: a listener, or a JFR recording of Sluice's events. */
  public static boolean on(Events events) {
    return events != null && (events.listener != null || io.sluice.internal.jfr.JfrGate.on());
  }

  /**
   * Who hears an event begun now; an end goes to whoever heard its start. Never null: a recording
   * that stops between a caller's {@link #on} and its start leaves nobody, a listener that ignores
   * everything, so that the start still gets its end.
   */
  EventListener audience() {
    if (io.sluice.internal.jfr.JfrGate.on()) {
      return recorded;
    }
    return listener != null ? listener : NOBODY;
  }

  /** Hears nothing: every method of EventListener does nothing by default. */
  private static final EventListener NOBODY = new EventListener() {};

  /** The session these events are about, or null (a pool's, a connection attempt's). */
  public ConnectionInfo connection() {
    return connection;
  }

  /** Calls a start method of {@code to} ({@link #audience}); returns its token, or null when it threw. */
  static Object start(EventListener to, Function<EventListener, Object> call) {
    try {
      return call.apply(to);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      failed(to, e);
      return null;
    }
  }

  /** Calls an end method of {@code to}, the audience of its start. */
  static void send(EventListener to, Consumer<EventListener> call) {
    try {
      call.accept(to);
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      failed(to, e);
    }
  }

  /** Calls a method without a pair on whoever hears events now. */
  public void send(Consumer<EventListener> call) {
    send(audience(), call);
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

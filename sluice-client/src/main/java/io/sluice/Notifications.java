package io.sluice;

import io.sluice.event.EventListener;
import io.sluice.event.NotificationsReconnect;
import io.sluice.internal.events.Events;
import io.sluice.sql.Identifiers;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * LISTEN on a connection of its own. Notifications are taken from the socket as they arrive (a
 * virtual thread reads whenever nothing else does), then either handed to a callback, one at a
 * time and in order, on a virtual thread of their own, or queued for {@link #poll(Duration)}.
 *
 * <p>If the connection is lost, the listener reconnects with a growing pause (up to 5 s) and
 * LISTENs again on every channel; notifications sent meanwhile are lost, which {@link
 * #reconnects()} and the {@code onReconnect} callback let the application know, so that it can
 * re-read whatever state it follows.
 *
 * <pre>{@code
 * try (Notifications l = Notifications.open("postgresql://app@db/app", n -> System.out.println(n.payload()))) {
 *   l.listen("orders");
 *   ...
 * }
 * }</pre>
 */
public final class Notifications implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger("io.sluice.listener");
  private static final long MAX_PAUSE_MILLIS = 5_000;

  private final ConnectionConfig config;
  private final Consumer<Notification> callback;
  private final Runnable onReconnect;
  private final BlockingQueue<Notification> queue = new LinkedBlockingQueue<>();
  private final Set<String> channels = new LinkedHashSet<>();
  private final AtomicLong reconnects = new AtomicLong();
  private final Thread supervisor;
  private final Thread deliverer;
  /** Reconnection events for the configuration's {@link EventListener}; null without one. */
  private final Events events;
  private volatile Connection connection;
  private volatile boolean closed;

  private Notifications(ConnectionConfig config, Consumer<Notification> callback, Runnable onReconnect) {
    if (config.poolerMode().sharesSessions()) {
      throw new ConfigException("Notifications needs a server session of its own, and pooler_mode="
          + config.poolerMode().keyword() + " says the pooler shares them (a LISTEN would be the next client's, and"
          + " the notifications lost): connect it to the server directly, or through a pooler in session mode");
    }
    this.config = config;
    this.callback = callback;
    this.onReconnect = onReconnect;
    this.events = Events.of(config.listener().orElse(null), null);
    this.connection = connect();
    this.deliverer = callback == null ? null : Thread.ofVirtual().name("sluice-listener-callback").start(this::deliver);
    this.supervisor = Thread.ofVirtual().name("sluice-listener").start(this::supervise);
  }

  /** A listener whose notifications are read with {@link #poll(Duration)}. */
  public static Notifications open(String connectionString) {
    return new Notifications(ConnectionConfig.parse(connectionString), null, null);
  }

  /** A listener that hands each notification to {@code callback} on a virtual thread, in order. */
  public static Notifications open(String connectionString, Consumer<Notification> callback) {
    return new Notifications(ConnectionConfig.parse(connectionString), callback, null);
  }

  /**
   * As {@link #open(String, Consumer)}; {@code onReconnect} (may be null) runs after each
   * reconnection, once every channel is listened to again.
   */
  public static Notifications open(ConnectionConfig config, Consumer<Notification> callback, Runnable onReconnect) {
    return new Notifications(config, callback, onReconnect);
  }

  /** Starts listening on {@code channel} (taken literally: quoted by {@link Identifiers#quote}). */
  public void listen(String channel) {
    String sql = "LISTEN " + Identifiers.quote(channel);
    synchronized (channels) {
      channels.add(channel);
    }
    connection().simpleQuery(sql);
  }

  /** Stops listening on {@code channel}. */
  public void unlisten(String channel) {
    String sql = "UNLISTEN " + Identifiers.quote(channel);
    synchronized (channels) {
      channels.remove(channel);
    }
    connection().simpleQuery(sql);
  }

  /** The channels listened to. */
  public Set<String> channels() {
    synchronized (channels) {
      return Set.copyOf(channels);
    }
  }

  /**
   * The next notification, waiting up to {@code timeout}; null if none came. Only for a listener
   * opened without a callback.
   *
   * @throws IllegalStateException if this listener hands notifications to a callback
   */
  public Notification poll(Duration timeout) throws InterruptedException {
    if (callback != null) {
      throw new IllegalStateException("this listener hands notifications to its callback; poll is for listeners"
          + " opened without one");
    }
    return queue.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** How many times the connection was lost and made again (notifications may have been missed). */
  public long reconnects() {
    return reconnects.get();
  }

  /** Whether the listening connection is up now. */
  public boolean isConnected() {
    Connection c = connection;
    return c != null && c.isOpen();
  }

  @Override
  public void close() {
    closed = true;
    Connection c = connection;
    if (c != null) {
      c.close();
    }
    supervisor.interrupt();
    if (deliverer != null) {
      deliverer.interrupt();
    }
  }

  private Connection connection() {
    Connection c = connection;
    if (closed) {
      throw new ConnectionException("the listener is closed", SluiceException.Outcome.NOT_SENT);
    }
    return c;
  }

  private Connection connect() {
    Connection c = Connection.open(config);
    c.core.statements().server().onNotification(
        n -> queue.add(new Notification(n.channel(), n.payload(), n.processId())));
    return c;
  }

  /** Reads until the connection fails; then reconnects and listens again, until closed. */
  private void supervise() {
    long pause = 50;
    while (!closed) {
      connection.core.statements().engine().pump();
      if (closed) {
        return;
      }
      long lostAt = System.nanoTime();
      Throwable cause = connection.core.statements().engine().failure();
      while (!closed) {
        try {
          Thread.sleep(pause);
          Connection c = connect();
          for (String ch : channels()) {
            c.core.runInternally("LISTEN " + Identifiers.quote(ch));   // listening again: Sluice's own, not reported
          }
          connection = c;
          if (closed) {
            c.close();
            return;
          }
          long count = reconnects.incrementAndGet();
          pause = 50;
          if (Events.on(events)) {
            NotificationsReconnect e = new NotificationsReconnect(channels(), count, System.nanoTime() - lostAt, cause);
            events.send(l -> l.notificationsReconnected(e));
          }
          if (onReconnect != null) {
            Thread.startVirtualThread(onReconnect);
          }
          break;
        } catch (SluiceException e) {
          LOG.log(Level.DEBUG, "listener reconnection failed: {0}", e.getMessage());
          pause = Math.min(MAX_PAUSE_MILLIS, pause * 2);
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  /** Hands queued notifications to the callback, in order; a callback's exception is logged. */
  private void deliver() {
    while (!closed) {
      Notification n;
      try {
        n = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      try {
        callback.accept(n);
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "a notification callback failed", e);
      }
    }
  }
}

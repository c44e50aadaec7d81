package io.sluice.internal.calls;

import io.sluice.ConfigException;
import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.ReadRouting;
import io.sluice.SluiceException.Outcome;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.EventListener;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.events.Events;
import io.sluice.internal.session.ConnectPlan;
import io.sluice.internal.engine.EngineSettings;
import io.sluice.internal.session.Connector;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.TransactionStatus;
import java.time.Duration;

/**
 * What a {@code Connection} is underneath its public methods: one session's statement runner, its
 * configuration, its events, its default deadline and whether it was closed. The façade in {@code
 * io.sluice} keeps only what a user calls; the pool, the runners, transactions and COPY reach the
 * session through this.
 */
public final class ConnectionCore {
  private final StatementRunner statements;
  private final ConnectionConfig config;
  private final long queryTimeoutNanos;
  /** This connection's events (its listener's and JFR's), called safely; see {@link Events#on}. */
  private final Events events;
  private final Runner runner;

  private ConnectionCore(StatementRunner statements, ConnectionConfig config, Events events) {
    this.statements = statements;
    this.config = config;
    this.events = events;
    this.queryTimeoutNanos = config.queryTimeout().map(Duration::toNanos).orElse(0L);
    this.runner = new ConnectionRunner(this, -1);
  }

  /**
   * Connects, tracing startup's messages to {@code trace} when given, and registers the
   * configuration's codecs named by type (one catalog query, only when there are any); a failure
   * there closes the session.
   */
  public static ConnectionCore open(ConnectionConfig config, MessageTracer.Sink trace) {
    if (config.readRouting() != ReadRouting.PRIMARY) {
      throw new ConfigException("routing needs a Pool: read_routing=" + config.readRouting().keyword()
          + " picks a host per call, and a single Connection stays on the host it opened"
          + " (use Pool.open, or read_routing=primary)");
    }
    EventListener listener = config.listener().orElse(null);
    var server = Connector.connect(ConnectPlan.of(config, trace), Events.of(listener, null));
    ConnectionInfo info = server.connectionInfo();
    server.onNotice(Events.noticeRoute(config.noticeHandler().orElse(null), info));
    Events events = Events.of(listener, info);
    ConnectionCore core = new ConnectionCore(new StatementRunner(server, EngineSettings.of(config), events,
        config.poolerMode()),
        config, events);
    try {
      core.statements.registerNamedCodecs(config.codecs(), config.database(), core.deadline());
      return core;
    } catch (RuntimeException e) {
      core.close();
      throw e;
    }
  }

  /**
   * Initialises on the calling thread the classes a first {@link #open} of {@code config} needs
   * that the caller may not have used yet — the connect plan with its TLS files' checks (and the
   * file system beneath them), the public {@code Connection}'s bridge — before a pool starts the
   * virtual threads that open its connections: a virtual thread waiting for a class another thread
   * is initialising keeps its carrier (class initialisation pins, JDK 21 to 25), so with one
   * carrier no such wait may depend on another thread of the pool (docs/reliability.md). A
   * configuration error is left for {@link #open} to report, where it always was.
   */
  public static void initialiseForOpen(ConnectionConfig config) {
    try {
      ConnectPlan.of(config, null);
    } catch (ConfigException e) {
      // reported by the first open, as before
    }
    Connections.ready();
  }

  /** The calls of {@code Queryable}, on this connection. */
  public Runner runner() {
    return runner;
  }

  public StatementRunner statements() {
    return statements;
  }

  /**
   * Sets {@code sql} (a SAVEPOINT) in front of the calling thread's next request, which must hold
   * the connection in a transaction: the JDBC driver's autosave, at no round trip's cost.
   */
  public void deferSavepoint(String sql) {
    statements.engine().deferSavepoint(sql);
  }

  public ConnectionConfig config() {
    return config;
  }

  /** This connection's events (for transactions, COPY and a pool's events about it); see {@link Events#on}. */
  public Events events() {
    return events;
  }

  /** A call that names no deadline ends by this connection's {@code query_timeout} from now. */
  public Deadline deadline() {
    return Deadline.in(queryTimeoutNanos);
  }

  /** A call's own deadline, or this connection's query_timeout from now when the call has none. */
  public Deadline deadline(Deadline call) {
    return call.isNone() ? deadline() : call;
  }

  public void ensureOpen() {
    if (isClosed()) {
      throw new ConnectionException("the connection is closed", Outcome.NOT_SENT);
    }
  }

  /** Pins the session to the calling thread (a transaction or a session body). */
  public void pin() {
    statements.engine().hold(deadline());
  }

  /** Moves another thread's pin to the calling thread; see {@code RequestEngine.takeOverHold}. */
  public void takeOverPin() {
    statements.engine().takeOverHold();
  }

  public void unpin() {
    statements.engine().release();
  }

  /** The transaction status of the last ReadyForQuery. */
  public TransactionStatus transactionStatus() {
    return statements.engine().transactionStatus();
  }

  /** Runs Sluice's own statements (a pool's rollback and session reset): no event reports them. */
  public void runInternally(String sql) {
    ensureOpen();
    statements.simpleQueryUnobserved(sql, deadline());
  }

  /** For the pool: whether a stream is in flight here, so that statements routed here would wait behind it. */
  public boolean isStreaming() {
    return statements.engine().streaming();
  }

  /**
   * For the pool, before handing out an idle connection: reads what the server may have sent while
   * it was idle; false when it turns out closed (its backend was terminated, the server shut down).
   */
  public boolean checkIdle() {
    return !isClosed() && statements.engine().checkIdle();
  }

  /** Whether requests can be admitted: the connection's state (engine.ConnectionState) is OPEN. */
  public boolean isOpen() {
    return !statements.engine().isBroken();
  }

  /** Whether its owner closed it (a connection that failed is not open, but not closed until then). */
  public boolean isClosed() {
    return statements.engine().isClosed();
  }

  /** Ends the session with Terminate; requests in flight in other threads fail with an unknown outcome. */
  public void close() {
    statements.engine().terminate();
  }
}

package io.sluice.internal.replication;

import io.sluice.ConnectionConfig;
import io.sluice.ConnectionException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException.Outcome;
import io.sluice.TargetSessionAttrs;
import io.sluice.internal.session.ConnectPlan;
import io.sluice.internal.engine.Deadlines;
import io.sluice.internal.engine.ServerSession;
import io.sluice.replication.ChangeStream;
import io.sluice.replication.CreatedSlot;
import io.sluice.replication.Lsn;
import io.sluice.replication.SlotOptions;
import io.sluice.replication.SlotState;
import io.sluice.replication.StreamOptions;
import io.sluice.replication.SystemIdentity;
import io.sluice.types.JsonCodec;
import io.sluice.types.SessionTypeContext;
import io.sluice.types.TypeRegistry;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A replication session: a walsender for one database ({@code replication=database}), opened by
 * the connector a connection uses (TLS, SCRAM, multi-host), to a primary unless the configuration
 * says otherwise ({@code target_session_attrs}). It takes commands while idle and runs one stream
 * at a time; its state changes only here.
 */
public final class ReplicationSession implements AutoCloseable {
  /** Where the session is: commands are accepted only when IDLE. */
  enum State { IDLE, STREAMING, BROKEN, CLOSED }

  private final ServerSession s;
  private final ConnectionConfig config;
  private final int serverMajor;
  private final TypeResolver types;
  private final long commandTimeoutNanos;
  private final ReentrantLock lock = new ReentrantLock();
  private volatile State state = State.IDLE;
  private LogicalStream stream;
  /** A logical stream ran on this session: a walsender does not stream logically twice (see start). */
  private boolean streamed;

  private ReplicationSession(ServerSession s, ConnectionConfig config) {
    this.s = s;
    this.config = config;
    this.serverMajor = major(ReplicationAccess.parameters(s).getOrDefault("server_version", "0"));
    TypeRegistry registry = new TypeRegistry();
    SessionTypeContext context = new SessionTypeContext(registry, JsonCodec.STRING);
    ReplicationAccess.parameters(s).forEach(context::serverParameter);
    ReplicationAccess.onParameter(s, context::serverParameter);
    this.types = new TypeResolver(config, context);
    this.commandTimeoutNanos = config.queryTimeout().orElse(Duration.ofSeconds(60)).toNanos();
  }

  public static ReplicationSession open(ConnectionConfig config) {
    ConnectPlan p = ConnectPlan.of(config, null);
    Map<String, String> startup = new LinkedHashMap<>(p.startup());
    startup.put("replication", "database");
    // a slot lives on a primary (or, from PostgreSQL 16, a standby if asked for explicitly)
    TargetSessionAttrs want = config.get("target_session_attrs").isPresent() ? p.targetSessionAttrs()
        : TargetSessionAttrs.PRIMARY;
    ConnectPlan replication = p.withStartup(startup, want);
    return new ReplicationSession(ReplicationAccess.connect(replication), config);
  }

  private static int major(String version) {
    int i = 0;
    while (i < version.length() && Character.isDigit(version.charAt(i))) {
      i++;
    }
    return i == 0 ? 0 : Integer.parseInt(version.substring(0, Math.min(i, 6)));
  }

  public int serverMajor() {
    return serverMajor;
  }

  public String parameter(String name) {
    return ReplicationAccess.parameters(s).get(name);
  }

  public int processId() {
    return ReplicationAccess.processId(s);
  }

  public List<SimpleResult> simpleQuery(String sql) {
    lock.lock();
    try {
      idle();
      try {
        return ReplicationAccess.simpleQuery(s, sql, commandTimeoutNanos);
      } finally {
        if (ReplicationAccess.isBroken(s)) {
          state = State.BROKEN;
        }
      }
    } finally {
      lock.unlock();
    }
  }

  private void idle() {
    switch (state) {
      case IDLE -> { }
      case STREAMING -> throw new IllegalStateException("the replication session is streaming; close the stream "
          + "before running commands");
      case BROKEN -> throw new ConnectionException("the replication session failed; open a new one",
          Outcome.NOT_SENT);
      case CLOSED -> throw new ConnectionException("the replication session is closed", Outcome.NOT_SENT);
    }
  }

  private List<String> onlyRow(List<SimpleResult> results, String command) {
    if (results.isEmpty() || results.get(0).rows().size() != 1) {
      throw new ConnectionException(command + " returned no row", Outcome.UNKNOWN);
    }
    return results.get(0).rows().get(0);
  }

  public SystemIdentity identifySystem() {
    List<String> r = onlyRow(simpleQuery(Commands.identifySystem()), "IDENTIFY_SYSTEM");
    return new SystemIdentity(r.get(0), Integer.parseInt(r.get(1)), Lsn.parse(r.get(2)), r.get(3));
  }

  public CreatedSlot createSlot(String name, SlotOptions options) {
    List<String> r = onlyRow(simpleQuery(Commands.createSlot(name, options, serverMajor)), "CREATE_REPLICATION_SLOT");
    return new CreatedSlot(r.get(0), Lsn.parse(r.get(1)), r.get(2), r.get(3));
  }

  public void dropSlot(String name, boolean wait) {
    simpleQuery(Commands.dropSlot(name, wait));
  }

  public Optional<SlotState> slot(String name) {
    List<SimpleResult> results = simpleQuery(Commands.slotState(name, serverMajor));
    if (results.isEmpty() || results.get(0).rows().isEmpty()) {
      return Optional.empty();
    }
    List<String> r = results.get(0).rows().get(0);
    return Optional.of(new SlotState(r.get(0), r.get(1), r.get(2), r.get(3), "t".equals(r.get(4)),
        "t".equals(r.get(5)), r.get(6) == null ? 0 : Integer.parseInt(r.get(6)), lsn(r.get(7)), lsn(r.get(8)),
        r.get(9)));
  }

  private static Lsn lsn(String text) {
    return text == null ? null : Lsn.parse(text);
  }

  /** Starts streaming; the session takes no commands until the stream is closed. */
  public ChangeStream start(StreamOptions options) {
    lock.lock();
    try {
      idle();
      if (streamed) {
        // walsender.c resets its end-of-copy flags (streamingDoneSending/Receiving) only for physical
        // replication: a second logical START_REPLICATION on the session would end at once
        throw new IllegalStateException("this replication session has streamed once already, and a walsender "
            + "streams logically only once per session; open a new ReplicationConnection to start again");
      }
      int protocol = options.protocolVersion() != 0 ? options.protocolVersion() : Commands.protocolFor(serverMajor);
      boolean binary = options.binary() != null ? options.binary() : serverMajor >= 14;
      boolean streaming = options.streaming() != null ? options.streaming() : protocol >= 2;
      boolean messages = options.messages() && serverMajor >= 14;
      refuseAbsent(options, protocol);
      String sql = Commands.startReplication(options.slot(), options.startAt(), protocol, options.publications(),
          binary, messages, streaming, options.twoPhase());
      // a slot still held by a walsender that is going away (55006) is tried again, bounded
      SlotInUseRetry.run(() -> startCopyBoth(sql), Math.min(commandTimeoutNanos, SlotInUseRetry.DEFAULT_BOUND_NANOS));
      state = State.STREAMING;
      streamed = true;
      stream = new LogicalStream(this, s, options, protocol, new PgOutputDecoder(types));
      stream.begin();
      return stream;
    } finally {
      lock.unlock();
    }
  }

  /**
   * An option asked for explicitly that the server's pgoutput lacks is refused here, naming the
   * major it needs, rather than by the server's {@code unrecognized pgoutput option} (XX000):
   * {@code binary} and {@code streaming} from 14 ({@code streaming} with protocol 2),
   * {@code two_phase} from 15 with protocol 3 (pgoutput.c, {@code parse_output_parameters}).
   */
  private void refuseAbsent(StreamOptions options, int protocol) {
    if (Boolean.TRUE.equals(options.binary()) && serverMajor < 14) {
      throw new IllegalArgumentException("binary values (binary 'true') need PostgreSQL 14 or later; this is "
          + "PostgreSQL " + serverMajor + " (leave binary unset to have it where the server supports it)");
    }
    if (Boolean.TRUE.equals(options.streaming()) && (serverMajor < 14 || protocol < 2)) {
      throw new IllegalArgumentException("streaming in-progress transactions (streaming 'on') needs PostgreSQL 14 "
          + "or later and pgoutput protocol 2 or later; this is PostgreSQL " + serverMajor + " with protocol " + protocol);
    }
    if (options.twoPhase() && (serverMajor < 15 || protocol < 3)) {
      throw new IllegalArgumentException("two-phase decoding (two_phase) needs PostgreSQL 15 or later and "
          + "pgoutput protocol 3 or later; this is PostgreSQL " + serverMajor + " with protocol " + protocol);
    }
  }

  private void startCopyBoth(String sql) {
    Deadlines.Timer timer = Deadlines.after(commandTimeoutNanos, () -> ReplicationAccess.markBroken(s));
    try {
      ReplicationAccess.startCopyBoth(s, sql);
    } catch (RuntimeException e) {
      if (ReplicationAccess.isBroken(s)) {
        state = State.BROKEN;
      }
      throw e;
    } finally {
      timer.cancel();
    }
  }

  /** The stream ended: cleanly (the session takes commands again) or not (it is broken). */
  void streamEnded(LogicalStream ended, boolean clean) {
    lock.lock();
    try {
      if (stream == ended) {
        stream = null;
        if (state == State.STREAMING) {
          state = clean ? State.IDLE : State.BROKEN;
        }
      }
    } finally {
      lock.unlock();
    }
  }

  public boolean isOpen() {
    return state == State.IDLE || state == State.STREAMING;
  }

  @Override
  public void close() {
    LogicalStream running;
    lock.lock();
    try {
      running = stream;
    } finally {
      lock.unlock();
    }
    if (running != null) {
      running.close();
    }
    lock.lock();
    try {
      if (state == State.CLOSED) {
        return;
      }
      boolean polite = state == State.IDLE;
      state = State.CLOSED;
      types.close();
      if (polite) {
        ReplicationAccess.terminate(s);
      } else {
        ReplicationAccess.markBroken(s);
      }
    } finally {
      lock.unlock();
    }
  }
}

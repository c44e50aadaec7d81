package io.sluice.replication;

import io.sluice.ConnectionConfig;
import io.sluice.SimpleResult;
import io.sluice.internal.replication.ReplicationSession;
import java.util.List;
import java.util.Optional;

/**
 * A replication session with one database ({@code replication=database}): made from the same
 * configuration as a {@link io.sluice.Connection} (TLS, SCRAM, multi-host lists), to the primary
 * unless {@code target_session_attrs} says otherwise. The role needs the {@code REPLICATION}
 * attribute, and the server {@code wal_level = logical}. While idle it takes replication commands
 * (slots, {@code IDENTIFY_SYSTEM}) and simple SQL; {@link #start} turns it into a {@link
 * ChangeStream} until that is closed.
 *
 * <p>Thread-safe; one stream at a time.
 */
public final class ReplicationConnection implements AutoCloseable {
  private final ReplicationSession session;

  private ReplicationConnection(ReplicationSession session) {
    this.session = session;
  }

  /** Connects with a {@code postgresql://} URI, a {@code jdbc:postgresql://} URL, or a libpq {@code key=value} string. */
  public static ReplicationConnection open(String connectionString) {
    return open(ConnectionConfig.parse(connectionString));
  }

  public static ReplicationConnection open(ConnectionConfig config) {
    return new ReplicationConnection(ReplicationSession.open(config));
  }

  /** {@code IDENTIFY_SYSTEM}: the cluster's identifier, timeline and current WAL position. */
  public SystemIdentity identifySystem() {
    return session.identifySystem();
  }

  /**
   * {@code CREATE_REPLICATION_SLOT name [TEMPORARY] LOGICAL pgoutput}, with the snapshot action of
   * {@code options}. Slot names have lower-case letters, digits and underscores.
   */
  public CreatedSlot createSlot(String name, SlotOptions options) {
    return session.createSlot(name, options);
  }

  /** {@code DROP_REPLICATION_SLOT name}: fails if a session is streaming from it. */
  public void dropSlot(String name) {
    session.dropSlot(name, false);
  }

  /** {@code DROP_REPLICATION_SLOT name WAIT}: waits until no session streams from it. */
  public void dropSlotWaiting(String name) {
    session.dropSlot(name, true);
  }

  /** The slot's state in {@code pg_replication_slots}, or empty when there is no such slot. */
  public Optional<SlotState> slot(String name) {
    return session.slot(name);
  }

  /**
   * Runs SQL with the simple query protocol (the only one a walsender takes), values as text:
   * {@code BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY} before a slot made with {@link
   * SlotOptions.Snapshot#USE}, the initial copy in its snapshot, {@code COMMIT}.
   */
  public List<SimpleResult> simpleQuery(String sql) {
    return session.simpleQuery(sql);
  }

  /**
   * {@code START_REPLICATION SLOT … LOGICAL} with pgoutput: the stream runs until closed or until
   * the session fails. A server error (no such slot, publication, a slot in use) is thrown here,
   * and the session stays usable.
   */
  public ChangeStream start(StreamOptions options) {
    return session.start(options);
  }

  /** The server's major version (15, 18, …). */
  public int serverVersion() {
    return session.serverMajor();
  }

  /** A parameter the server reported (server_version, TimeZone, …), or null. */
  public String parameter(String name) {
    return session.parameter(name);
  }

  /** The walsender's process id ({@code pg_stat_replication.pid}). */
  public int processId() {
    return session.processId();
  }

  /** Whether the session can still take commands or is streaming. */
  public boolean isOpen() {
    return session.isOpen();
  }

  /** Closes a running stream first ({@link ChangeStream#close}), then the session; temporary slots go with it. */
  @Override
  public void close() {
    session.close();
  }
}

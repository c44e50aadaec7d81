package io.sluice.internal.pool;

import io.sluice.Connection;
import io.sluice.ConnectionStats;
import io.sluice.HostStats;
import io.sluice.Pool;
import io.sluice.PoolStats;
import io.sluice.Transaction;
import io.sluice.TxOptions;
import io.sluice.internal.calls.Runner;
import java.util.List;

/**
 * What a {@code Pool} is underneath its public methods: the connections of one server ({@link
 * SlotPool}), or of a primary and its standbys with read routing ({@link FleetPool}). The façade in
 * {@code io.sluice} keeps its name, options and close hooks, and forwards the rest here.
 */
public interface PoolCore {
  /**
   * What {@link Pool#acquire()} returns on a borrowed connection: SET values back to their defaults,
   * temporary tables, advisory locks, LISTENs and open cursors dropped. Statements Sluice prepared
   * stay prepared (its cache remains valid).
   */
  String RESET_SESSION = "CLOSE ALL; SET SESSION AUTHORIZATION DEFAULT; RESET ALL; UNLISTEN *;"
      + " SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES";

  /** The calls of {@code Queryable} through the pool (a routing pool's write route). */
  Runner runner();

  /** A routing pool's read route; null when the pool does not route (its reads are its calls). */
  Runner readRunner();

  <T, X extends Exception> T transaction(TxOptions options, Transaction.Body<T, X> body) throws X;

  <T, X extends Exception> T session(Connection.SessionBody<T, X> body) throws X;

  /** A borrowed connection; from the read route when {@code readOnly} and the pool routes. */
  Pool.Lease acquire(boolean readOnly);

  PoolStats stats();

  List<HostStats> hosts();

  ConnectionStats connectionStats();

  /** What the newest session the pool opened reported ({@code ParameterStatus}); empty before any. */
  java.util.Map<String, String> serverParameters();

  boolean isClosed();

  void close();
}

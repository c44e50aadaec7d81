package io.sluice.jdbc.internal;

import io.sluice.sql.JdbcSql;
import io.sluice.sql.RewrittenSql;
import io.sluice.SluiceException;
import java.sql.CallableStatement;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * A JDBC connection over one Sluice {@link io.sluice.Connection}, or, from a data source whose
 * {@code readRouting} routes, over a routing {@link io.sluice.Pool} that lends it a session per
 * transaction and per auto-commit statement ({@link RoutedSessions}: the read route after {@code
 * setReadOnly(true)}). Its statements reach their session through {@link #inSession}.
 *
 * <p><b>Sharing.</b> In auto-commit mode every statement is its own implicit transaction, so
 * threads that share this JDBC connection share Sluice's pipelined connection: their statements
 * are written without waiting for each other's replies. With auto-commit off, the first statement
 * begins a transaction (Sluice's {@link io.sluice.Connection#begin}, whose {@code BEGIN} travels
 * with that statement) that lasts until commit or rollback, on whichever thread they come
 * ({@link JdbcTransaction}: a JDBC transaction belongs to the connection). A result read with a
 * fetch size holds the connection too, until it is closed or fully read.
 */
public class SluiceConnection implements StatementOverloads, ConnectionObjects, ConnectionRefusals {
  /** Where its statements run: one session, or one per transaction from a routing pool. */
  final Sessions sessions;
  final DriverSettings settings;
  private final StatementDefaults statementDefaults;
  final ConnectionWarnings warnings = new ConnectionWarnings();
  final TypeNames typeNames;
  private volatile boolean closed;
  private volatile int networkTimeoutMillis;
  private final JdbcTransaction tx;
  final ConnectionTransactions transactions;
  /** A result being streamed (fetch size) on this connection, which holds it until read or closed. */
  private volatile SluiceResultSet streaming;
  private volatile SluiceDatabaseMetaData metaData;
  private final SqlRewriting rewriting;
  private final SessionSettings sessionSettings = new SessionSettings(this);

  /** A connection over one Sluice session: an {@link Extension}'s subclass when one makes it, else this class. */
  public static SluiceConnection of(io.sluice.Connection sluice, DriverSettings settings) {
    SluiceConnection c = Extensions.present() ? Extensions.get().connection(sluice, settings) : null;
    return c != null ? c : new SluiceConnection(sluice, settings);
  }

  /** A connection over a routing pool, made as the one above; {@code leave} (or null) runs once, at close. */
  public static SluiceConnection of(io.sluice.Pool pool, DriverSettings settings, Runnable leave) {
    SluiceConnection c = Extensions.present() ? Extensions.get().connection(pool, settings, leave) : null;
    return c != null ? c : new SluiceConnection(pool, settings, leave);
  }

  /** For {@link #of} and an {@link Extension}'s subclass (the drop-in's, which is also a pgjdbc {@code PGConnection}). */
  @SuppressWarnings("this-escape")   // see the private constructor
  protected SluiceConnection(io.sluice.Connection sluice, DriverSettings settings) {
    this(settings, w -> new OneSession(sluice, w));
  }

  /** Sessions lent by {@code pool}, a routing pool, per transaction and statement; {@code leave} (or null) runs at close. */
  @SuppressWarnings("this-escape")   // see the private constructor
  protected SluiceConnection(io.sluice.Pool pool, DriverSettings settings, Runnable leave) {
    this(settings, w -> new RoutedSessions(pool, settings.config(), w, leave));
  }

  // the parts made here keep the connection to call back later; none calls a method of it while
  // it is being made, and the drop-in's subclass overrides nothing they call
  @SuppressWarnings("this-escape")
  private SluiceConnection(DriverSettings settings, java.util.function.Function<ConnectionWarnings, Sessions> make) {
    this.settings = settings;
    this.sessions = make.apply(warnings);
    this.typeNames = new TypeNames(this);
    this.tx = new JdbcTransaction(sessions);
    this.rewriting = new SqlRewriting(this, sessions, settings.callMode());
    this.transactions = new ConnectionTransactions(this, tx, settings);
    this.networkTimeoutMillis = settings.networkTimeoutMillis();
    this.statementDefaults = new StatementDefaults(settings.defaultFetchSize());
  }

  /** What new statements of this connection start with (pgjdbc's connection-wide fetch size and query timeout). */
  public StatementDefaults statementDefaults() {
    return statementDefaults;
  }

  /** The session this thread's statement or transaction runs on; only inside {@link #inSession} or a transaction. */
  io.sluice.Connection sluice() {
    return sessions.current();
  }

  /**
   * Runs {@code work} on this thread's session (its transaction's, else one bound for the call on
   * the route {@link #isReadOnly} picks); {@code tracked} when no result of it streams.
   */
  <T> T inSession(boolean tracked, Sessions.Work<T> work) throws SQLException {
    return sessions.run(transactions.readOnly(), tracked, work);
  }

  /** As {@link #inSession(boolean, Sessions.Work)}, for work that streams nothing. */
  <T> T inSession(Sessions.Work<T> work) throws SQLException {
    return inSession(true, work);
  }

  /** The rewritten SQL, from the driver-wide cache: each SQL string is rewritten once. */
  RewrittenSql rewrite(String sql) throws SQLException {
    return rewriting.rewrite(sql, true);
  }

  /** As {@link #rewrite}, for a plain statement: {@code ?} is no placeholder there. */
  RewrittenSql rewritePlain(String sql) throws SQLException {
    return rewriting.rewrite(sql, false);
  }

  /** How this connection writes the call escape {@code r} was rewritten from. */
  JdbcSql.CallMode callMode(RewrittenSql r) throws SQLException {
    return rewriting.callMode(r);
  }

  /**
   * A statement's failure as an {@link SQLException}. The transaction in progress remembers its
   * first one, for {@link #commit}; a {@code 42809} (wrong object type: a routine called as the
   * other kind) makes the call escapes ask the catalog again.
   */
  SQLException failed(SluiceException e) {
    SQLException s = SqlErrors.of(e);
    tx.failed(s);
    if ("42809".equals(s.getSQLState())) {
      rewriting.forgetCallKinds();
    }
    return s;
  }

  /** Its pgjdbc {@code autosave}: savepoints before statements of a transaction ({@link AutoSavepoints}). */
  public AutoSavepoints autosave() {
    return transactions.autosave();
  }

  /** Whether the session reads backslashes in string literals as themselves ({@code standard_conforming_strings}). */
  boolean standardStrings() {
    return rewriting.standardStrings();
  }

  void checkOpen() throws SQLException {
    if (closed || !sessions.isOpen()) {
      throw SqlErrors.of("the connection is closed", "08003");
    }
  }

  /**
   * Before a statement of this thread: reads into memory what remains of this thread's streamed
   * result (the connection can run nothing else while a portal is open), and begins the
   * transaction when auto-commit is off.
   */
  void beforeStatement() throws SQLException {
    settleStream();
    transactions.beginIfNeeded();
  }

  /**
   * Before anything this thread sends: reads the rest of this thread's streamed result into
   * memory, since the connection can run nothing else while its portal is open.
   */
  void settleStream() throws SQLException {
    checkOpen();
    SluiceResultSet s = streaming;
    if (s != null && s.streamedBy(Thread.currentThread())) {
      s.buffer();
    }
  }

  void streamOpened(SluiceResultSet rs) {
    streaming = rs;
    sessions.streamOpened();
  }

  void streamEnded(SluiceResultSet rs) {
    if (streaming == rs) {
      streaming = null;
      sessions.streamEnded();
    }
  }

  @Override
  public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
    checkOpen();
    ResultSetKinds.check(type, concurrency, holdability);
    return Extensions.get().statement(this, type, concurrency);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability)
      throws SQLException {
    checkOpen();
    ResultSetKinds.check(type, concurrency, holdability);
    return Extensions.get().prepared(this, sql, type, concurrency, GeneratedKeys.NONE);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    checkOpen();
    return Extensions.get().prepared(this, sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY,
        autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS ? GeneratedKeys.ALL : GeneratedKeys.NONE);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    checkOpen();
    return Extensions.get().prepared(this, sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY,
        GeneratedKeys.named(columnNames, settings.quoteKeyNames()));
  }

  @Override
  public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
    checkOpen();
    ResultSetKinds.check(type, concurrency, holdability);
    return Extensions.get().callable(this, sql, type, concurrency);
  }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    checkOpen();
    return rewrite(sql).sql();
  }

  @Override
  public void setAutoCommit(boolean on) throws SQLException {
    checkOpen();
    transactions.setAutoCommit(on);
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return transactions.autoCommit();
  }

  @Override
  public void commit() throws SQLException {
    checkOpen();
    transactions.commit();
  }

  @Override
  public void rollback() throws SQLException {
    checkOpen();
    transactions.rollback();
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    checkOpen();
    return transactions.setSavepoint(null);
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    if (name == null || name.isEmpty()) {
      throw SqlErrors.of("a savepoint name cannot be empty", "3B000");
    }
    checkOpen();
    return transactions.setSavepoint(name);
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    checkOpen();
    transactions.rollback(savepoint);
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    checkOpen();
    transactions.releaseSavepoint(savepoint);
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    tx.forget();
    sessions.close();
  }

  @Override
  public boolean isClosed() {
    return closed || !sessions.isOpen();
  }

  @Override
  public void abort(Executor executor) throws SQLException {
    if (executor == null) {
      throw SqlErrors.of("abort needs an executor", "HY000");
    }
    closed = true;
    executor.execute(sessions::close);
  }

  /**
   * Whether the connection works: an empty query (which even an aborted transaction answers),
   * waited for at most {@link ConnectionProbe#bound} (the timeout, the network timeout, 30 s). On a
   * helper thread, except when this thread holds the transaction (only it can run in it): the probe
   * then runs here, and past the bound the connection is closed, which ends the wait (JDBC's {@code
   * setNetworkTimeout} marks a connection closed when its limit passes; a transaction that cannot
   * answer an empty query in time has nothing left to save). While another thread holds a
   * transaction, or a result streams, the connection cannot be probed without waiting for it: the
   * answer is then whether the connection is open. A routing connection outside a transaction owns
   * no session: it is valid while its pool's monitor knows a host for its route ({@link
   * RouteHealth}: a fit standby when read-only, the primary when not), answered without a round
   * trip, so that a pool validating idle connections does not wait for a primary during an
   * election; only while a host has not been probed yet is a session of the route asked.
   */
  @Override
  public boolean isValid(int timeoutSeconds) throws SQLException {
    if (timeoutSeconds < 0) {
      throw SqlErrors.of("isValid timeout must be 0 or more, not " + timeoutSeconds, "HY000");
    }
    if (isClosed()) {
      return false;
    }
    if (tx.heldByAnotherThread() || streaming != null) {
      return sessions.isOpen();   // a probe would wait behind the transaction or the stream
    }
    long bound = ConnectionProbe.bound(timeoutSeconds, networkTimeoutMillis);
    if (!tx.inProgress()) {
      RouteHealth known = sessions.health(transactions.readOnly());
      if (known != RouteHealth.UNKNOWN) {
        return known == RouteHealth.SERVED;
      }
      return ConnectionProbe.worksWithin(() -> inSession(s -> s.simpleQuery("")), bound);
    }
    return ConnectionProbe.worksHere(() -> inSession(s -> {
      java.util.concurrent.ScheduledFuture<?> timer = Timeouts.after(bound, s::close);
      try {
        return s.simpleQuery("");
      } finally {
        Timeouts.disarm(timer);
      }
    }));
  }

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    checkOpen();
    SluiceDatabaseMetaData known = metaData;
    if (known == null) {
      // one per connection, so that the server facts it reads once are read once per connection
      known = new SluiceDatabaseMetaData(this, MetaDataUrl.of(settings.config()), settings.hideUnprivileged());
      metaData = known;
    }
    return known;
  }

  @Override
  public void setReadOnly(boolean on) throws SQLException {
    checkOpen();
    transactions.setReadOnly(on);
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    checkOpen();
    return transactions.readOnly();
  }

  @Override
  public void setCatalog(String catalog) throws SQLException {
    checkOpen();   // JDBC: a driver that does not support catalogs ignores this
  }

  @Override
  public String getCatalog() throws SQLException {
    checkOpen();
    return settings.config().database();
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    checkOpen();
    transactions.setIsolation(level);
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    checkOpen();
    return transactions.isolation();
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings.chain(0);
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
    warnings.clear();
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    checkOpen();
    if (holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT && holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
      throw SqlErrors.of("unknown holdability " + holdability, "HY092");
    }
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    sessionSettings.setClientInfo(name, value);
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    sessionSettings.setClientInfo(properties);
  }

  @Override
  public String getClientInfo(String name) throws SQLException {
    return sessionSettings.clientInfo(name);
  }

  @Override
  public Properties getClientInfo() throws SQLException {
    return sessionSettings.clientInfo();
  }

  @Override
  public void setSchema(String schema) throws SQLException {
    sessionSettings.setSchema(schema);
  }

  @Override
  public String getSchema() throws SQLException {
    return sessionSettings.schema();
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    checkOpen();
    if (milliseconds < 0) {
      throw SqlErrors.of("network timeout must be 0 or more, not " + milliseconds, "HY000");
    }
    networkTimeoutMillis = milliseconds;
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    checkOpen();
    return networkTimeoutMillis;
  }

  /**
   * For a statement that sets no query timeout: a timer that, when the network timeout passes
   * before the statement is answered, closes the connection, which ends the wait with an
   * SQLException ("the Connection … will be marked as closed", {@code setNetworkTimeout}'s
   * Javadoc; pgjdbc's socketTimeout does the same); null without a network timeout.
   */
  java.util.concurrent.ScheduledFuture<?> armNetworkTimeout() {
    int millis = networkTimeoutMillis;
    return millis <= 0 ? null : Timeouts.after(millis, () -> {
      closed = true;
      sessions.close();
    });
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    checkOpen();   // as pgjdbc: a closed connection has nothing to unwrap to (08003)
    return Wrappers.unwrap(this, sessions.delegate(), iface);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    checkOpen();
    return Wrappers.isWrapperFor(this, sessions.delegate(), iface);
  }

  @Override
  public String toString() {
    return "SluiceConnection[" + sessions + "]";
  }
}

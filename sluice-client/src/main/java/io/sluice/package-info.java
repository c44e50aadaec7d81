/**
 * Sluice: a PostgreSQL client for virtual threads. This package is the whole API; start here.
 *
 * <table>
 * <caption>What you type, by job</caption>
 * <tr><th>job</th><th>types</th></tr>
 * <tr><td>connect</td><td>{@link io.sluice.Connection} (one session, shared by many threads: their
 *   statements are pipelined), {@link io.sluice.Pool} with {@link io.sluice.PoolOptions} and
 *   {@link io.sluice.PoolStats}; with {@code read_routing}, a pool over a primary and its standbys:
 *   {@link io.sluice.Pool#readOnly()}, {@link io.sluice.HostStats}, {@link io.sluice.ServerRole}</td></tr>
 * <tr><td>configure</td><td>{@link io.sluice.ConnectionConfig} (libpq's keys, URI and conninfo forms),
 *   {@link io.sluice.ConnectionConfigBuilder}, {@link io.sluice.HostPort}, {@link io.sluice.SslMode},
 *   {@link io.sluice.SslNegotiation}, {@link io.sluice.GssEncMode}, {@link io.sluice.ChannelBindingMode},
 *   {@link io.sluice.TargetSessionAttrs}, {@link io.sluice.LoadBalanceHosts}, {@link io.sluice.ReadRouting},
 *   {@link io.sluice.PasswordSupplier}, {@link io.sluice.OAuthTokenSupplier} and
 *   {@link io.sluice.OAuthTokenRequest}</td></tr>
 * <tr><td>run statements</td><td>{@link io.sluice.Queryable} (the calls a connection, a pool and a
 *   transaction share), {@link io.sluice.PreparedQuery}, {@link io.sluice.Batch},
 *   {@link io.sluice.SimpleResult}</td></tr>
 * <tr><td>read results</td><td>{@link io.sluice.RowSet} (buffered), {@link io.sluice.RowStream}
 *   (a portal, fetched as you iterate), {@link io.sluice.Row} (columns decoded when read, or mapped
 *   to a record), {@link io.sluice.Column}</td></tr>
 * <tr><td>transactions</td><td>{@link io.sluice.Transaction}, {@link io.sluice.TxOptions}</td></tr>
 * <tr><td>COPY</td><td>{@link io.sluice.Copy}, {@link io.sluice.CopyIn}, {@link io.sluice.CopyFormat}</td></tr>
 * <tr><td>server messages</td><td>{@link io.sluice.Notifications} (LISTEN/NOTIFY) and
 *   {@link io.sluice.Notification}, {@link io.sluice.Notice} and {@link io.sluice.NoticeHandler}</td></tr>
 * <tr><td>errors</td><td>{@link io.sluice.SluiceException} and its {@code Outcome} (did the request
 *   run?), {@link io.sluice.ServerException}, {@link io.sluice.ConnectionException},
 *   {@link io.sluice.QueryTimeoutException}, {@link io.sluice.ValueException},
 *   {@link io.sluice.ConfigException}, {@link io.sluice.TransactionException},
 *   {@link io.sluice.BatchException}, {@link io.sluice.PoolExhaustedException},
 *   {@link io.sluice.AuthenticationException}, {@link io.sluice.ProtocolViolationException};
 *   {@link io.sluice.SqlStateClass}</td></tr>
 * <tr><td>counters</td><td>{@link io.sluice.ConnectionStats}</td></tr>
 * </table>
 *
 * <p>Beside it: {@code io.sluice.event} (what an {@code EventListener} receives, for tracing and
 * metrics), {@code io.sluice.replication} (logical replication change streams) and
 * {@code io.sluice.sql} (SQL text tools the JDBC driver and the Clojure API build on). Everything
 * under {@code io.sluice.internal} is implementation.
 *
 * <p>One class here is not API: the package-private {@code View}, what {@code withTimeout} and
 * {@code Pool.readOnly()} return (typed {@code Queryable}). It stays beside {@code Queryable}
 * because that interface is sealed, and on the class path a sealed interface's permitted classes
 * must share its package.
 */
package io.sluice;

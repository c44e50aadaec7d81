/**
 * Sluice: a PostgreSQL client for virtual threads. This package is the whole API; start here.
 *
 * <table>
 * <caption>What you type, by job</caption>
 * <tr><th>job</th><th>types</th></tr>
 * <tr><td>connect</td><td>{@link io.sluice.Connection} (one session, shared by many threads: their
 *   statements are pipelined), {@link io.sluice.Pool} with {@link io.sluice.PoolOptions} and
 *   {@link io.sluice.PoolStats}</td></tr>
 * <tr><td>configure</td><td>{@link io.sluice.ConnectionConfig} (libpq's keys, URI and conninfo forms),
 *   {@link io.sluice.ConnectionConfigBuilder}, {@link io.sluice.HostPort}, {@link io.sluice.SslMode},
 *   {@link io.sluice.SslNegotiation}, {@link io.sluice.GssEncMode}, {@link io.sluice.ChannelBindingMode},
 *   {@link io.sluice.TargetSessionAttrs}, {@link io.sluice.LoadBalanceHosts}, {@link io.sluice.ReadRouting},
 *   {@link io.sluice.PasswordSupplier}, {@link io.sluice.OAuthTokenSupplier}</td></tr>
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
 *   {@link io.sluice.ConfigException} and the rest; {@link io.sluice.SqlStateClass}</td></tr>
 * <tr><td>counters</td><td>{@link io.sluice.ConnectionStats}</td></tr>
 * </table>
 *
 * <p>Beside it: {@code io.sluice.event} (what an {@code EventListener} receives, for tracing and
 * metrics), {@code io.sluice.replication} (logical replication change streams) and
 * {@code io.sluice.sql} (SQL text tools the JDBC driver and the Clojure API build on). Everything
 * under {@code io.sluice.internal} is implementation.
 */
package io.sluice;

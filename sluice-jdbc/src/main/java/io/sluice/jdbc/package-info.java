/**
 * Sluice's JDBC driver, the part an application names: the {@link java.sql.Driver} ({@link
 * io.sluice.jdbc.SluiceDriver}), the data sources ({@link io.sluice.jdbc.SluiceDataSource}, {@link
 * io.sluice.jdbc.SluicePoolDataSource}, {@link io.sluice.jdbc.SluiceConnectionPoolDataSource}) and
 * {@link io.sluice.jdbc.SqlExceptions}, which reads back what a {@link java.sql.SQLException} keeps of
 * Sluice's error. Connections run on Sluice's pipelined connections, with {@code ?} placeholders
 * rewritten once per SQL string and rows read lazily from Sluice's binary row buffers; {@code
 * connection.unwrap(io.sluice.Connection.class)} reaches the Sluice connection underneath. Everything
 * else lives in {@code io.sluice.jdbc.internal}, which is not API.
 */
package io.sluice.jdbc;

/**
 * The JDBC face of Sluice: a {@link java.sql.Driver} and a {@link javax.sql.DataSource} whose
 * connections run on Sluice's pipelined connections, with {@code ?} placeholders rewritten once
 * per SQL string and rows read lazily from Sluice's binary row buffers.
 */
package io.sluice.jdbc;

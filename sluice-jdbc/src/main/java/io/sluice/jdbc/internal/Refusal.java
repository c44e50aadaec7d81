package io.sluice.jdbc.internal;

import java.sql.SQLFeatureNotSupportedException;

/**
 * Why the driver refuses a JDBC method it does not offer. A refusal is a {@link
 * SQLFeatureNotSupportedException} (SQLSTATE 0A000) whose message is the method's name, a colon
 * and the reason ({@code "setRef: PostgreSQL has no REF or ROWID type …"}), so that the log line of a tool
 * that called it says both what and why. The methods refused outright live in the {@code
 * …Refusals} interfaces, one per thing refused; JdbcInterfaceCoverageTest calls each of them.
 */
public enum Refusal {
  /** {@code getRef}, {@code getRowId}, {@code getURL} of a result; {@code getCursorName}. */
  NO_LOCATORS("PostgreSQL has no REF, ROWID or DATALINK type, and the driver's results are not named cursors:"
      + " read the value with getString or getObject"),
  /** {@code setRef}, {@code setRowId}: PostgreSQL has neither type (a row is found by its key). */
  NO_REFS("PostgreSQL has no REF or ROWID type: find a row by its key columns, set with setObject"),
  /** {@code Connection.createStruct}. */
  NO_STRUCTS("composite types travel as io.sluice.types.Composite through setObject and getObject"),
  /** {@code CallableStatement} methods that take a parameter name. */
  NAMED_PARAMETERS("parameters are set and read by index; PostgreSQL's extended protocol has no named parameters"),
  /** Generated keys asked for by column index. */
  KEYS_BY_INDEX("PostgreSQL's RETURNING names columns, so generated keys are asked for by column name"
      + " (String[] columnNames) or with RETURN_GENERATED_KEYS, not by column index"),
  /** {@code Statement.setCursorName}. */
  NAMED_CURSORS("positioned updates (WHERE CURRENT OF) need named cursors, which the driver's results are not"),
  /** {@code Connection.setShardingKey} and the data sources' sharding key builders. */
  NO_SHARDING("PostgreSQL has no sharding keys (DatabaseMetaData.supportsSharding is false)"),
  /** {@code createConnectionBuilder} of the data sources. */
  NO_CONNECTION_BUILDER("a data source's connections all take its own settings (user, password, properties);"
      + " set those on the data source"),
  /** {@code SluicePoolDataSource.getConnection(user, password)}. */
  POOL_LOGIN("a pool's connections all log in as the role it was opened with; open another pool for another role"),
  /** {@code getParentLogger} of the driver and the data sources. */
  NO_JUL_LOGGER("Sluice logs through System.Logger, not java.util.logging");

  private final String reason;

  Refusal(String reason) {
    this.reason = reason;
  }

  String reason() {
    return reason;
  }

  /** The refusal of {@code method}, to throw. */
  public SQLFeatureNotSupportedException of(String method) {
    return SqlErrors.unsupported(method + ": " + reason);
  }
}

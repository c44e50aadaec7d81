package io.sluice.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The DatabaseMetaData tests' connection (with {@link MetaDataSchema} created) and its metadata. */
abstract class MetaDataTestBase {
  static Connection connection;
  static DatabaseMetaData md;

  @BeforeAll
  static void connect() throws SQLException {
    connection = MetaDataSchema.connectWithSchema();
    md = new SluiceDatabaseMetaData(connection);
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }
}

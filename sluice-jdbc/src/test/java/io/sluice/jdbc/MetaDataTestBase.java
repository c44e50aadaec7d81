package io.sluice.jdbc;

import io.sluice.jdbc.internal.SluiceDatabaseMetaData;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The DatabaseMetaData tests' connection (with {@link MetaDataSchema} created) and its metadata. */
public abstract class MetaDataTestBase {
  public static Connection connection;
  public static DatabaseMetaData md;

  @BeforeAll
  public static void connect() throws SQLException {
    connection = MetaDataSchema.connectWithSchema();
    md = new SluiceDatabaseMetaData(connection);
  }

  @AfterAll
  public static void close() throws SQLException {
    connection.close();
  }
}

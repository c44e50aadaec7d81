package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import liquibase.Contexts;
import liquibase.LabelExpression;
import liquibase.Liquibase;
import liquibase.database.Database;
import liquibase.database.DatabaseFactory;
import liquibase.database.core.PostgresDatabase;
import liquibase.database.jvm.JdbcConnection;
import liquibase.resource.ClassLoaderResourceAccessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Liquibase 4 over sluice-jdbc: a changelog of several changesets (tables, a foreign key, an
 * index, data, a dollar-quoted function, a new column) applied, its status read, and rolled back
 * two changesets; given a connection, a {@code jdbc:postgresql:} URL alone, and the {@code
 * jdbc:sluice:postgresql:} URL with the driver class named.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class LiquibaseTest {
  private static final String CHANGELOG = "db/liquibase/changelog.xml";

  @Test
  void updateStatusAndRollbackOnAConnection() throws Exception {
    ToolsDatabase db = ToolsDatabase.create("tools_liquibase");
    try (Connection c = db.connect()) {
      Database database = DatabaseFactory.getInstance().findCorrectDatabaseImplementation(new JdbcConnection(c));
      assertInstanceOf(PostgresDatabase.class, database, "chosen from the product name");
      try (Liquibase liquibase = new Liquibase(CHANGELOG, new ClassLoaderResourceAccessor(), database)) {
        liquibase.update(new Contexts(), new LabelExpression());
        assertEquals(List.of(), liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()));
        assertEquals(List.of("nickname"), columns(c, "person", "nickname"));
        assertEquals(1, count(c, "SELECT person_count()"));
        assertEquals(4, count(c, "SELECT count(*) FROM databasechangelog"));

        assertSnapshotSeesKeysAndIndexes(database);

        liquibase.rollback(2, (String) null);
        assertEquals(List.of(), columns(c, "person", "nickname"), "4-nickname rolled back");
        assertEquals(0, count(c, "SELECT count(*) FROM person"), "3-data rolled back by its own rollback block");
        assertEquals(2, liquibase.listUnrunChangeSets(new Contexts(), new LabelExpression()).size());
        assertEquals(2, count(c, "SELECT count(*) FROM databasechangelog"));
      }
    }
  }

  /**
   * Liquibase derives {@code org.postgresql.Driver} from the URL and loads it by name; the
   * sluice-jdbc-drop-in artifact supplies that class, delegating to SluiceDriver.
   */
  @Test
  void aPostgresqlUrlAlone() throws Exception {
    ToolsDatabase db = ToolsDatabase.create("tools_liquibase_url");
    ClassLoaderResourceAccessor resources = new ClassLoaderResourceAccessor();
    Database database = DatabaseFactory.getInstance().openDatabase(db.postgresqlUrl(), db.user(), "", null,
        resources);
    try (Liquibase liquibase = new Liquibase(CHANGELOG, resources, database)) {
      Connection c = ((JdbcConnection) database.getConnection()).getUnderlyingConnection();
      assertTrue(c.isWrapperFor(io.sluice.Connection.class), "a Sluice connection: " + c.getClass());
      liquibase.update(new Contexts(), new LabelExpression());
      assertEquals(4, count(c, "SELECT count(*) FROM databasechangelog"));
    }
  }

  /** With the driver class named (--driver), Liquibase takes the jdbc:sluice: URL too. */
  @Test
  void theSluiceUrlWithTheDriverClassNamed() throws Exception {
    ToolsDatabase db = ToolsDatabase.create("tools_liquibase_driver");
    ClassLoaderResourceAccessor resources = new ClassLoaderResourceAccessor();
    Database database = DatabaseFactory.getInstance().openDatabase(db.sluiceUrl(), db.user(), "",
        "io.sluice.jdbc.SluiceDriver", null, null, null, resources);
    assertInstanceOf(PostgresDatabase.class, database);
    try (Liquibase liquibase = new Liquibase(CHANGELOG, resources, database)) {
      liquibase.update(new Contexts(), new LabelExpression());
      Connection c = ((JdbcConnection) database.getConnection()).getUnderlyingConnection();
      assertEquals(4, count(c, "SELECT count(*) FROM databasechangelog"));
    }
  }

  /** Liquibase's snapshot (what diff and generateChangeLog compare) reads keys and indexes from DatabaseMetaData. */
  private static void assertSnapshotSeesKeysAndIndexes(Database database) throws Exception {
    var snapshot = liquibase.snapshot.SnapshotGeneratorFactory.getInstance().createSnapshot(
        database.getDefaultSchema(), database, new liquibase.snapshot.SnapshotControl(database));
    var example = new liquibase.structure.core.Table();
    example.setName("address");
    example.setSchema(database.getDefaultSchema().getCatalogName(), database.getDefaultSchema().getSchemaName());
    liquibase.structure.core.Table address = snapshot.get(example);
    assertNotNull(address, "the snapshot has table address");
    assertEquals(List.of("id"), address.getPrimaryKey().getColumnNamesAsList());
    assertEquals(List.of("address_person_fk"),
        address.getOutgoingForeignKeys().stream().map(k -> k.getName()).toList());
    assertEquals("person", address.getOutgoingForeignKeys().get(0).getPrimaryKeyTable().getName());
    assertTrue(address.getIndexes().stream().anyMatch(i -> i.getName().equals("address_city_idx")),
        address.getIndexes().toString());
    assertEquals(java.sql.Types.BIGINT, address.getColumn("person_id").getType().getDataTypeId());
    assertEquals("int8", address.getColumn("person_id").getType().getTypeName().toLowerCase(java.util.Locale.ROOT));
    assertFalse(address.getColumn("person_id").isNullable());
  }

  private static List<String> columns(Connection c, String table, String column) throws SQLException {
    List<String> names = new ArrayList<>();
    try (ResultSet rs = c.getMetaData().getColumns(null, "public", table, column)) {
      while (rs.next()) {
        names.add(rs.getString("COLUMN_NAME"));
      }
    }
    return names;
  }

  private static int count(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getInt(1);
    }
  }
}

package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Lob;
import jakarta.persistence.Table;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35: Hibernate's {@code @Lob} on PostgreSQL maps to {@code oid} columns written with
 * setBlob/setClob and read with getBlob/getClob, as with pgjdbc: large objects, in the session's
 * transaction.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class HibernateLobTest {
  static DataSource dataSource;
  static SessionFactory sessions;

  /** A document: bytes and text as large objects. */
  @Entity(name = "Document")
  @Table(name = "document")
  static class Document {
    @Id
    Long id;

    @Lob
    byte[] data;

    @Lob
    String body;
  }

  @BeforeAll
  static void schema() throws SQLException {
    dataSource = ToolsDatabase.create("tools_hibernate_lob").dataSource();
    StandardServiceRegistry registry = new StandardServiceRegistryBuilder()
        .applySetting(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, dataSource)
        .applySetting(AvailableSettings.JAKARTA_HBM2DDL_DATABASE_ACTION, "create")
        .build();
    sessions = new MetadataSources(registry).addAnnotatedClass(Document.class).buildMetadata()
        .buildSessionFactory();
  }

  @AfterAll
  static void close() {
    sessions.close();
  }

  @Test
  void lobAttributesRoundTripAsLargeObjects() throws SQLException {
    byte[] data = new byte[1_200_000];
    new Random(35).nextBytes(data);
    String body = "Grüße ✓ ".repeat(50_000);
    sessions.inTransaction(s -> {
      Document d = new Document();
      d.id = 1L;
      d.data = data;
      d.body = body;
      s.persist(d);
    });
    Document read = sessions.fromTransaction(s -> s.find(Document.class, 1L));
    assertArrayEquals(data, read.data);
    assertEquals(body, read.body);
    try (var c = dataSource.getConnection(); var s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT pg_typeof(data)::text, pg_typeof(body)::text,"
            + " (SELECT count(*) FROM pg_largeobject_metadata) FROM document")) {
      assertTrue(rs.next());
      assertEquals("oid", rs.getString(1));
      assertEquals("oid", rs.getString(2));
      assertEquals(2, rs.getLong(3), "one large object each, no copies left behind");
    }
  }
}

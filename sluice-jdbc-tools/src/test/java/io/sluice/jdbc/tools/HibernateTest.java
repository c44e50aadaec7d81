package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OptimisticLockException;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;
import org.hibernate.dialect.PostgreSQLDialect;
import org.hibernate.type.SqlTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hibernate ORM 7 with its PostgreSQL dialect (detected from DatabaseMetaData) over sluice-jdbc:
 * schema export and validation, a sequence id, a relation, a JSON column, java.time fields, a
 * paged query and optimistic locking.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class HibernateTest {
  static DataSource dataSource;
  static SessionFactory sessions;

  /** A customer: sequence id, version, JSON preferences, times of three kinds. */
  @Entity(name = "Customer")
  @Table(name = "customer")
  static class Customer {
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "customer_seq")
    @SequenceGenerator(name = "customer_seq", sequenceName = "customer_seq", allocationSize = 10)
    Long id;

    @Version
    int version;

    @Column(nullable = false, length = 100)
    String name;

    LocalDate born;

    Instant created;

    OffsetDateTime lastSeen;

    @JdbcTypeCode(SqlTypes.JSON)
    Map<String, Object> preferences;
  }

  /** An order of a customer: a lazy many-to-one relation. */
  @Entity(name = "PurchaseOrder")
  @Table(name = "purchase_order")
  static class PurchaseOrder {
    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE)
    Long id;

    @ManyToOne(optional = false, fetch = FetchType.LAZY)
    Customer customer;

    @Column(precision = 10, scale = 2)
    BigDecimal amount;

    LocalDateTime placed;
  }

  @BeforeAll
  static void schema() throws SQLException {
    dataSource = ToolsDatabase.create("tools_hibernate").dataSource();
    sessions = sessionFactory("create");
  }

  @AfterAll
  static void close() {
    sessions.close();
  }

  static SessionFactory sessionFactory(String schemaAction) {
    StandardServiceRegistry registry = new StandardServiceRegistryBuilder()
        .applySetting(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, dataSource)
        .applySetting(AvailableSettings.JAKARTA_HBM2DDL_DATABASE_ACTION, schemaAction)
        .applySetting(AvailableSettings.SHOW_SQL, false)
        .applySetting(AvailableSettings.STATEMENT_BATCH_SIZE, 20)   // inserts go out as executeBatch
        .applySetting(AvailableSettings.ORDER_INSERTS, true)
        .build();
    return new MetadataSources(registry)
        .addAnnotatedClass(Customer.class)
        .addAnnotatedClass(PurchaseOrder.class)
        .buildMetadata()
        .buildSessionFactory();
  }

  @Test
  void theDialectIsDetectedFromTheMetadata() {
    var dialect = sessions.unwrap(org.hibernate.engine.spi.SessionFactoryImplementor.class).getJdbcServices()
        .getDialect();
    assertInstanceOf(PostgreSQLDialect.class, dialect);
    assertTrue(dialect.getVersion().getMajor() >= 15, dialect.getVersion().toString());
  }

  @Test
  void schemaValidationAcceptsTheExportedSchema() {
    try (SessionFactory validated = sessionFactory("validate")) {
      assertTrue(validated.isOpen());
    }
  }

  /** A mapping the database disagrees with: validation must read the catalog to see it. */
  @Entity(name = "Ledger")
  @Table(name = "ledger")
  static class Ledger {
    @Id
    Long id;

    @Column(precision = 10, scale = 2)
    BigDecimal amount;

    String memo;
  }

  @Test
  void schemaValidationSeesAWrongTypeAndAMissingColumn() throws SQLException {
    try (var c = dataSource.getConnection(); var s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS ledger (id bigint PRIMARY KEY, amount text)");
    }
    StandardServiceRegistry registry = new StandardServiceRegistryBuilder()
        .applySetting(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, dataSource)
        .applySetting(AvailableSettings.JAKARTA_HBM2DDL_DATABASE_ACTION, "validate")
        .build();
    var metadata = new MetadataSources(registry).addAnnotatedClass(Ledger.class).buildMetadata();
    var e = assertThrows(org.hibernate.tool.schema.spi.SchemaManagementException.class,
        metadata::buildSessionFactory);
    assertTrue(e.getMessage().contains("amount") || e.getMessage().contains("memo"), e.getMessage());
    StandardServiceRegistryBuilder.destroy(registry);
  }

  /** A mapping with a column its table lacks: schema update must see the table and add only the column. */
  @Entity(name = "Note")
  @Table(name = "note")
  static class Note {
    @Id
    Long id;

    String body;

    LocalDate due;
  }

  @Test
  void schemaUpdateAddsTheMissingColumnToTheTableItFinds() throws SQLException {
    try (var c = dataSource.getConnection(); var s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS note (id bigint PRIMARY KEY, body varchar(255))");
      s.execute("INSERT INTO note VALUES (1, 'kept') ON CONFLICT DO NOTHING");
    }
    StandardServiceRegistry registry = new StandardServiceRegistryBuilder()
        .applySetting(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, dataSource)
        .applySetting(AvailableSettings.HBM2DDL_AUTO, "update")
        .build();
    try (SessionFactory updated = new MetadataSources(registry).addAnnotatedClass(Note.class).buildMetadata()
        .buildSessionFactory()) {
      Note note = updated.fromTransaction(s -> s.find(Note.class, 1L));
      assertEquals("kept", note.body, "the table was kept, not created again");
      assertNull(note.due, "the new column was added");
    }
  }

  @Test
  void jsonAndTimesRoundTrip() {
    Instant created = Instant.parse("2024-03-01T12:00:00.123456Z");
    OffsetDateTime seen = OffsetDateTime.of(2024, 3, 2, 8, 30, 0, 0, ZoneOffset.ofHours(2));
    Long id = sessions.fromTransaction(s -> {
      Customer c = new Customer();
      c.name = "Ada";
      c.born = LocalDate.of(1815, 12, 10);
      c.created = created;
      c.lastSeen = seen;
      c.preferences = Map.of("theme", "dark", "pages", 3);
      s.persist(c);
      return c.id;
    });
    Customer read = sessions.fromTransaction(s -> s.find(Customer.class, id));
    assertEquals(LocalDate.of(1815, 12, 10), read.born);
    assertEquals(created, read.created);
    assertEquals(seen.toInstant(), read.lastSeen.toInstant());
    assertEquals("dark", read.preferences.get("theme"));
    assertEquals(3, ((Number) read.preferences.get("pages")).intValue());
  }

  @Test
  void relationsAndAPagedQuery() {
    sessions.inTransaction(s -> {
      for (int i = 0; i < 25; i++) {
        Customer c = new Customer();
        c.name = String.format("paged %02d", i);
        s.persist(c);
        PurchaseOrder o = new PurchaseOrder();
        o.customer = c;
        o.amount = new BigDecimal(i + ".50");
        o.placed = LocalDateTime.of(2024, 1, 1, 0, 0).plusDays(i);
        s.persist(o);
      }
    });
    List<String> page = sessions.fromTransaction(s -> s
        .createSelectionQuery("select c.name from Customer c where c.name like 'paged%' order by c.name", String.class)
        .setFirstResult(10)
        .setMaxResults(5)
        .getResultList());
    assertEquals(List.of("paged 10", "paged 11", "paged 12", "paged 13", "paged 14"), page);
    BigDecimal amount = sessions.fromTransaction(s -> s
        .createSelectionQuery("select o from PurchaseOrder o join fetch o.customer c where c.name = :name",
            PurchaseOrder.class)
        .setParameter("name", "paged 07")
        .getSingleResult().amount);
    assertEquals(new BigDecimal("7.50"), amount);
  }

  @Test
  void aStaleUpdateFailsWithAnOptimisticLockException() {
    Long id = sessions.fromTransaction(s -> {
      Customer c = new Customer();
      c.name = "contended";
      s.persist(c);
      return c.id;
    });
    try (Session first = sessions.openSession(); Session second = sessions.openSession()) {
      first.beginTransaction();
      Customer mine = first.find(Customer.class, id);
      second.beginTransaction();
      Customer theirs = second.find(Customer.class, id);
      theirs.name = "theirs";
      second.getTransaction().commit();
      mine.name = "mine";
      assertThrows(OptimisticLockException.class, first::flush);
      first.getTransaction().rollback();
    }
    Customer now = sessions.fromTransaction(s -> s.find(Customer.class, id));
    assertEquals("theirs", now.name);
    assertEquals(1, now.version);
  }
}

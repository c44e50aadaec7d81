package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Id;
import jakarta.persistence.NamedStoredProcedureQuery;
import jakarta.persistence.ParameterMode;
import jakarta.persistence.StoredProcedureParameter;
import jakarta.persistence.Table;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jpa.repository.config.EnableJpaRepositories;
import org.springframework.data.jpa.repository.query.Procedure;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.query.Param;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;
import org.springframework.orm.jpa.vendor.HibernateJpaVendorAdapter;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spring Data JPA's {@code @Procedure} repository methods (over Hibernate 7) on PostgreSQL
 * procedures with IN, INOUT and OUT parameters, with no driver setting (Hibernate writes {@code
 * call …} for them; the OUT values are CALL's row).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class SpringDataProcedureTest {
  static DataSource dataSource;
  static AnnotationConfigApplicationContext context;

  /** The repository's domain type (Spring Data needs one); the procedures work on its table. */
  @Entity(name = "Shelf")
  @Table(name = "shelf")
  @NamedStoredProcedureQuery(name = "Shelf.add", procedureName = "shelf_add", parameters = {
      @StoredProcedureParameter(mode = ParameterMode.IN, name = "what", type = String.class),
      @StoredProcedureParameter(mode = ParameterMode.INOUT, name = "qty", type = Integer.class),
      @StoredProcedureParameter(mode = ParameterMode.OUT, name = "note", type = String.class)})
  public static class Shelf {
    @Id
    String item;

    int qty;
  }

  /**
   * Procedures as repository methods: one with a single OUT parameter, one declared with its IN,
   * INOUT and OUT parameters.
   */
  public interface Shelves extends Repository<Shelf, String> {
    @Procedure(procedureName = "shelf_total")
    Long total();

    @Procedure(name = "Shelf.add")
    Map<String, Object> add(@Param("what") String what, @Param("qty") int amount);
  }

  @Configuration
  @EnableJpaRepositories(considerNestedRepositories = true, basePackageClasses = SpringDataProcedureTest.class,
      includeFilters = @org.springframework.context.annotation.ComponentScan.Filter(
          type = org.springframework.context.annotation.FilterType.ASSIGNABLE_TYPE, classes = Shelves.class))
  static class Jpa {
    @Bean
    LocalContainerEntityManagerFactoryBean entityManagerFactory() {
      LocalContainerEntityManagerFactoryBean f = new LocalContainerEntityManagerFactoryBean();
      f.setDataSource(dataSource);
      f.setJpaVendorAdapter(new HibernateJpaVendorAdapter());
      f.setManagedTypes(org.springframework.orm.jpa.persistenceunit.PersistenceManagedTypes.of(Shelf.class.getName()));
      return f;
    }

    @Bean
    PlatformTransactionManager transactionManager(EntityManagerFactory emf) {
      return new JpaTransactionManager(emf);
    }
  }

  @BeforeAll
  static void start() throws SQLException {
    dataSource = ToolsDatabase.create("tools_spring_data").dataSource();
    try (var c = dataSource.getConnection(); var s = c.createStatement()) {
      s.execute("CREATE TABLE shelf (item text PRIMARY KEY, qty int NOT NULL)");
      s.execute("INSERT INTO shelf VALUES ('nut', 4)");
      s.execute("CREATE PROCEDURE shelf_total(OUT total bigint) LANGUAGE sql AS $$ SELECT sum(qty) FROM shelf $$");
      s.execute("CREATE PROCEDURE shelf_add(IN what text, INOUT qty int, OUT note text)"
          + " LANGUAGE plpgsql AS $$ BEGIN note := 'added ' || qty;"
          + " UPDATE shelf SET qty = shelf.qty + shelf_add.qty WHERE item = what RETURNING shelf.qty INTO qty; END $$");
    }
    context = new AnnotationConfigApplicationContext(Jpa.class);
  }

  @AfterAll
  static void stop() {
    context.close();
  }

  @Test
  void procedureMethodsWithInInoutAndOutParameters() {
    Shelves shelves = context.getBean(Shelves.class);
    // in a transaction, as a service would call it: outside one, Spring's shared EntityManager
    // closes before a named procedure's OUT values are read ("OUT/INOUT parameter not available")
    Map<String, Object> out = new TransactionTemplate(context.getBean(PlatformTransactionManager.class))
        .execute(status -> shelves.add("nut", 3));
    assertEquals(7, ((Number) out.get("qty")).intValue(), out.toString());
    assertEquals("added 3", out.get("note"), out.toString());
    assertEquals(7L, shelves.total());
  }
}

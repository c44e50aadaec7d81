package io.sluice.jdbc.tools;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import jakarta.persistence.ParameterMode;
import jakarta.persistence.StoredProcedureQuery;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.boot.MetadataSources;
import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.cfg.AvailableSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * JPA's {@code StoredProcedureQuery} (what Spring Data JPA's {@code @Procedure} runs) through
 * Hibernate 7 on PostgreSQL procedures with IN, INOUT and OUT parameters (PostgreSQL 14+ returns
 * a procedure's OUT values as CALL's row), and on a function, with no driver setting.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class HibernateProceduresTest {
  static SessionFactory sessions;

  @BeforeAll
  static void schema() throws SQLException {
    DataSource dataSource = ToolsDatabase.create("tools_hibernate_calls").dataSource();
    try (var c = dataSource.getConnection(); var s = c.createStatement()) {
      s.execute("CREATE TABLE stock (item text PRIMARY KEY, qty int NOT NULL)");
      s.execute("INSERT INTO stock VALUES ('bolt', 10)");
      s.execute("CREATE PROCEDURE restock(IN what text, INOUT qty int, OUT note text) LANGUAGE plpgsql AS $$"
          + " BEGIN UPDATE stock SET qty = stock.qty + restock.qty WHERE item = what RETURNING stock.qty INTO qty;"
          + " note := 'restocked ' || what; END $$");
      s.execute("CREATE PROCEDURE stock_total(OUT total bigint) LANGUAGE sql AS $$ SELECT sum(qty) FROM stock $$");
      s.execute("CREATE FUNCTION price(qty int, unit numeric) RETURNS numeric LANGUAGE sql AS $$ SELECT qty * unit $$");
    }
    sessions = new MetadataSources(new StandardServiceRegistryBuilder()
        .applySetting(AvailableSettings.JAKARTA_NON_JTA_DATASOURCE, dataSource)
        .build()).buildMetadata().buildSessionFactory();
  }

  @AfterAll
  static void close() {
    sessions.close();
  }

  @Test
  void aProcedureWithInInoutAndOutParameters() {
    sessions.inTransaction(session -> {
      StoredProcedureQuery q = session.createStoredProcedureQuery("restock")
          .registerStoredProcedureParameter(1, String.class, ParameterMode.IN)
          .registerStoredProcedureParameter(2, Integer.class, ParameterMode.INOUT)
          .registerStoredProcedureParameter(3, String.class, ParameterMode.OUT)
          .setParameter(1, "bolt")
          .setParameter(2, 5);
      q.execute();
      assertEquals(15, q.getOutputParameterValue(2));
      assertEquals("restocked bolt", q.getOutputParameterValue(3));
    });
  }

  @Test
  void aProcedureWithOnlyAnOutParameter() {
    sessions.inTransaction(session -> {
      StoredProcedureQuery q = session.createStoredProcedureQuery("stock_total")
          .registerStoredProcedureParameter("total", Long.class, ParameterMode.OUT);
      q.execute();
      assertTrue(((Long) q.getOutputParameterValue("total")) >= 10L);
    });
  }

  /**
   * A function is called as one when Hibernate is told it is ({@code markAsFunctionCall}); without
   * it Hibernate writes {@code call price(?, ?)} itself (no escape), which PostgreSQL refuses for a
   * function, with pgjdbc as here.
   */
  @Test
  void aFunctionMarkedAsAFunctionCall() {
    sessions.inTransaction(session -> {
      Object price = session.createStoredProcedureCall("price").markAsFunctionCall(BigDecimal.class)
          .registerStoredProcedureParameter(1, Integer.class, ParameterMode.IN)
          .registerStoredProcedureParameter(2, BigDecimal.class, ParameterMode.IN)
          .setParameter(1, 3)
          .setParameter(2, new BigDecimal("1.50"))
          .getSingleResult();
      assertEquals(0, new BigDecimal("4.50").compareTo((BigDecimal) price), String.valueOf(price));
    });
  }
}

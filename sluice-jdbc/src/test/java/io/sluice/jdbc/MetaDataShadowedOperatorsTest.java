package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 35 §1: user operators on the search path must not reach the catalogue queries. A schema
 * {@code meta_shadow} defines {@code =}, {@code <>}, {@code &}, {@code ||}, {@code LIKE} (~~) and
 * others for exactly the types the queries compare, each raising an error, and is put on the search
 * path before {@code pg_catalog}: an operator written without {@code OPERATOR(pg_catalog.…)} (or
 * an IN list, a simple CASE, NULLIF, which resolve {@code =} by the search path) would find them.
 * Then every DatabaseMetaData method returning a ResultSet is run and read to the end.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class MetaDataShadowedOperatorsTest {
  private static Connection connection;

  private static final String[][] OPERATORS = {
    {"=", "name", "name"}, {"=", "\"char\"", "\"char\""}, {"=", "oid", "oid"}, {"=", "int2", "int2"},
    {"=", "int4", "int4"}, {"=", "int8", "int8"}, {"=", "text", "text"}, {"=", "name", "text"},
    {"=", "bool", "bool"}, {"=", "int2", "int4"}, {"<>", "name", "name"}, {"<>", "\"char\"", "\"char\""},
    {"<>", "oid", "oid"}, {"<>", "text", "text"}, {"<>", "int4", "int4"}, {"&", "int2", "int4"},
    {"&", "int4", "int4"}, {"&", "int2", "int2"}, {"||", "text", "text"}, {"||", "name", "text"},
    {"~~", "name", "text"}, {"~~", "text", "text"}, {"!~", "name", "text"}, {">", "int2", "int2"},
    {">", "int4", "int4"}, {">=", "int4", "int4"}, {"-", "int4", "int4"}, {"-", "int8", "int8"},
    {"+", "int4", "int4"}, {"+", "int8", "int8"}, {">>", "int4", "int4"}, {"#", "int4", "int4"},
    {"&&", "\"char\"[]", "\"char\"[]"}, {"<", "int4", "int4"},
  };

  @BeforeAll
  static void shadow() throws SQLException {
    connection = MetaDataSchema.connectWithSchema();
    try (Statement s = connection.createStatement()) {
      s.execute("DROP SCHEMA IF EXISTS meta_shadow CASCADE");
      s.execute("CREATE SCHEMA meta_shadow");
      int i = 0;
      for (String[] o : OPERATORS) {
        String f = "meta_shadow.op" + i++;
        // arithmetic ones return their operand type, so that the query reaches them rather than failing to plan
        String returns = "&-+>>#".contains(o[0]) ? o[2] : o[0].equals("||") ? "text" : "bool";
        s.execute("CREATE FUNCTION " + f + "(" + o[1] + ", " + o[2] + ") RETURNS " + returns + " LANGUAGE plpgsql AS"
            + " $$BEGIN RAISE EXCEPTION 'unqualified operator %', '" + o[0] + "'; END$$");
        s.execute("CREATE OPERATOR meta_shadow." + o[0] + " (FUNCTION = " + f + ", LEFTARG = " + o[1]
            + ", RIGHTARG = " + o[2] + ")");
      }
      s.execute("CREATE FUNCTION meta_shadow.unnest(anyarray, anyarray) RETURNS SETOF record LANGUAGE plpgsql AS"
          + " $$BEGIN RAISE EXCEPTION 'unqualified function unnest'; END$$");
      s.execute("SET search_path = meta_shadow, pg_catalog, public");
    }
  }

  @AfterAll
  static void close() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("RESET search_path");
      s.execute("DROP SCHEMA meta_shadow CASCADE");
    }
    connection.close();
  }

  @Test
  void theShadowIsThere() {
    SQLException e = assertThrows(SQLException.class, () -> {
      try (Statement s = connection.createStatement()) {
        s.executeQuery("SELECT 'a'::text = 'b'::text").close();
      }
    });
    assertTrue(e.getMessage().contains("unqualified operator"), e.getMessage());
  }

  @Test
  void everyMetaDataMethodUnfiltered() throws Exception {
    runAll(null);
  }

  @Test
  void everyMetaDataMethodFiltered() throws Exception {
    runAll(MetaDataSchema.SCHEMA);
  }

  /** The issue's case: a user {@code &} on (int2, int4) after pg_catalog made the operator ambiguous (42725). */
  @Test
  void indexInfoWithAnAmbiguousUserOperator() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("SET search_path = pg_catalog, meta_shadow, public");
      try {
        List<String> names = MetaDataSchema.column(connection.getMetaData()
            .getIndexInfo(null, MetaDataSchema.SCHEMA, "customer", false, true), "INDEX_NAME");
        assertFalse(names.isEmpty());
      } finally {
        s.execute("SET search_path = meta_shadow, pg_catalog, public");
      }
    }
  }

  private static void runAll(String name) throws Exception {
    DatabaseMetaData md = connection.getMetaData();
    List<String> failures = new ArrayList<>();
    int ran = 0;
    for (Method m : DatabaseMetaData.class.getMethods()) {
      if (m.getReturnType() != ResultSet.class) {
        continue;
      }
      Object[] args = new Object[m.getParameterCount()];
      Class<?>[] types = m.getParameterTypes();
      for (int i = 0; i < args.length; i++) {
        args[i] = types[i] == String.class ? name
            : types[i] == int.class ? Integer.valueOf(0)
            : types[i] == boolean.class ? Boolean.FALSE : null;
      }
      try (ResultSet rs = (ResultSet) m.invoke(md, args)) {
        while (rs.next()) {
          for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
            rs.getObject(c);
          }
        }
        ran++;
      } catch (InvocationTargetException e) {
        failures.add(m.getName() + ": " + e.getCause().getMessage());
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(ran > 20, "ran " + ran);
  }
}

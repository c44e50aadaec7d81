package io.sluice.jdbc;

import io.sluice.testkit.PostgresServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The schema the DatabaseMetaData tests describe: tables, views, a materialized view, a
 * partitioned table, a foreign table, keys, indexes of several kinds, identity, serial and
 * generated columns, a domain, an enum, a composite type, functions and a procedure. Created once
 * per test JVM, in schemas of its own ({@code meta_test}, {@code meta_other}).
 */
public final class MetaDataSchema {
  public static final String SCHEMA = "meta_test";
  private static boolean created;

  private MetaDataSchema() {}

  /** A connection through the Sluice driver to the testkit's server. */
  public static Connection connect() throws SQLException {
    PostgresServer pg = PostgresServer.shared();
    Properties props = new Properties();
    props.setProperty("user", pg.superuser());
    return DriverManager.getConnection(
        "jdbc:sluice:postgresql://" + pg.host() + ":" + pg.port() + "/" + pg.database(), props);
  }

  /** Connects and makes sure the schema exists. */
  public static synchronized Connection connectWithSchema() throws SQLException {
    Connection c = connect();
    if (!created) {
      create(c, PostgresServer.shared().majorVersion());
      created = true;
    }
    return c;
  }

  private static void create(Connection c, int major) throws SQLException {
    List<String> ddl = new ArrayList<>(List.of(
        "DROP SCHEMA IF EXISTS meta_test CASCADE",
        "DROP SCHEMA IF EXISTS meta_other CASCADE",
        "DROP SERVER IF EXISTS meta_nowhere CASCADE",
        "DROP FOREIGN DATA WRAPPER IF EXISTS meta_dummy CASCADE",
        "CREATE SCHEMA meta_test",
        "CREATE SCHEMA meta_other",
        """
        CREATE TABLE meta_test.customer (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          dropped_soon int,
          email varchar(200) NOT NULL,
          name text,
          balance numeric(12,2) DEFAULT 0,
          created timestamptz(3) NOT NULL DEFAULT now(),
          born date,
          flags bit(4),
          tags text[],
          doc jsonb,
          email_lower text GENERATED ALWAYS AS (lower(email)) STORED,
          code char(3),
          ratio double precision,
          small smallint,
          token uuid,
          at_time time,
          plain_number numeric)""",
        "ALTER TABLE meta_test.customer DROP COLUMN dropped_soon",
        "COMMENT ON TABLE meta_test.customer IS 'people who buy'",
        "COMMENT ON COLUMN meta_test.customer.email IS 'login'",
        "CREATE UNIQUE INDEX customer_email_lower ON meta_test.customer (lower(email))",
        "CREATE INDEX customer_created_idx ON meta_test.customer (created DESC, name) WHERE born IS NOT NULL",
        "CREATE INDEX customer_code_hash ON meta_test.customer USING hash (code)",
        "GRANT SELECT ON meta_test.customer TO PUBLIC",
        "GRANT UPDATE (name) ON meta_test.customer TO PUBLIC",
        """
        CREATE TABLE meta_test.orders (
          order_no serial,
          region int NOT NULL,
          customer_id bigint NOT NULL REFERENCES meta_test.customer (id) ON DELETE CASCADE,
          placed timestamp(0),
          PRIMARY KEY (region, order_no))""",
        """
        CREATE TABLE meta_test.order_line (
          region int,
          order_no int,
          line int,
          qty int CHECK (qty > 0),
          PRIMARY KEY (region, order_no, line),
          CONSTRAINT line_order_fk FOREIGN KEY (region, order_no) REFERENCES meta_test.orders (region, order_no)
            ON UPDATE RESTRICT DEFERRABLE INITIALLY DEFERRED)""",
        "CREATE VIEW meta_test.big_customer AS SELECT id, name FROM meta_test.customer WHERE balance > 1000",
        "CREATE MATERIALIZED VIEW meta_test.customer_count AS SELECT count(*) AS n FROM meta_test.customer",
        "CREATE TABLE meta_test.event (id bigint, at date NOT NULL, PRIMARY KEY (id, at)) PARTITION BY RANGE (at)",
        "CREATE TABLE meta_test.event_2024 PARTITION OF meta_test.event"
            + " FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')",
        "CREATE TABLE meta_test.event_2025 PARTITION OF meta_test.event"
            + " FOR VALUES FROM ('2025-01-01') TO ('2026-01-01')",
        "CREATE TABLE meta_test.event_ref (id bigint, at date, CONSTRAINT event_ref_fk FOREIGN KEY (id, at)"
            + " REFERENCES meta_test.event (id, at))",
        "CREATE FOREIGN DATA WRAPPER meta_dummy",
        "CREATE SERVER meta_nowhere FOREIGN DATA WRAPPER meta_dummy",
        "CREATE FOREIGN TABLE meta_test.remote (id int) SERVER meta_nowhere",
        "CREATE SEQUENCE meta_test.counter",
        "CREATE TYPE meta_test.mood AS ENUM ('sad', 'ok')",
        "CREATE TYPE meta_test.point3 AS (x float8, y float8, z float8)",
        "CREATE DOMAIN meta_test.positive_int AS int4 NOT NULL CHECK (VALUE > 0)",
        "CREATE TABLE meta_test.typed (p meta_test.positive_int, m meta_test.mood, pt meta_test.point3,"
            + " \"MixedCase\" int, \"per%cent\" int, percent int)",
        "CREATE TABLE meta_test.a_b (x int)",
        "CREATE TABLE meta_test.keyless (alt text UNIQUE, code text NOT NULL UNIQUE)",
        "CREATE TABLE meta_test.axb (x int)",
        "CREATE TABLE meta_other.customer (id int)",
        """
        CREATE FUNCTION meta_test.add_tax(amount numeric, rate numeric DEFAULT 0.2) RETURNS numeric
          LANGUAGE sql AS $$ SELECT amount * (1 + rate) $$""",
        "COMMENT ON FUNCTION meta_test.add_tax(numeric, numeric) IS 'price with tax'",
        """
        CREATE FUNCTION meta_test.customers_since(since date) RETURNS TABLE (id bigint, email varchar)
          LANGUAGE sql AS $$ SELECT id, email FROM meta_test.customer WHERE born >= since $$""",
        """
        CREATE FUNCTION meta_test.split_name(full_name text, OUT first text, OUT last text)
          LANGUAGE sql AS $$ SELECT split_part(full_name, ' ', 1), split_part(full_name, ' ', 2) $$""",
        """
        CREATE PROCEDURE meta_test.archive(IN before date, INOUT moved int)
          LANGUAGE plpgsql AS $$ BEGIN moved := 0; END $$"""));
    if (major >= 18) {
      ddl.add("ALTER TABLE meta_test.customer ADD COLUMN email_length int GENERATED ALWAYS AS (length(email)) VIRTUAL");
    }
    try (Statement s = c.createStatement()) {
      for (String statement : ddl) {
        s.execute(statement);
      }
    }
  }

  /** The column labels of a result, in order. */
  public static List<String> labels(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      labels.add(md.getColumnLabel(i));
    }
    return labels;
  }

  /** Every row as a label → value map (getObject), in order; closes the result set. */
  public static List<Map<String, Object>> rows(ResultSet rs) throws SQLException {
    try (rs) {
      List<String> labels = labels(rs);
      List<Map<String, Object>> rows = new ArrayList<>();
      while (rs.next()) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
          row.put(labels.get(i), rs.getObject(i + 1));
        }
        rows.add(row);
      }
      return rows;
    }
  }

  /** One column of every row, as strings. */
  public static List<String> column(ResultSet rs, String label) throws SQLException {
    try (rs) {
      List<String> values = new ArrayList<>();
      while (rs.next()) {
        values.add(rs.getString(label));
      }
      return values;
    }
  }
}

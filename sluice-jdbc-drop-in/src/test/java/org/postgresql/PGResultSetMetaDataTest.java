package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.jdbc.EscapeSyntaxCallMode;

/** PGResultSetMetaData by unwrap of a result's metadata, and EscapeSyntaxCallMode's values. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PGResultSetMetaDataTest {
  @Test
  void baseNamesAreTheTablesAndLabelsAreNot() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table people (id int, name text)");
      s.execute("insert into people values (1, 'ann')");
      try (ResultSet rs = s.executeQuery("select name as who, id, 1 + 1 as two from people")) {
        assertTrue(rs.getMetaData().isWrapperFor(PGResultSetMetaData.class));
        PGResultSetMetaData md = rs.getMetaData().unwrap(PGResultSetMetaData.class);
        assertEquals("name", md.getBaseColumnName(1));
        assertEquals("who", rs.getMetaData().getColumnName(1), "the label, as pgjdbc's getColumnName");
        assertEquals("people", md.getBaseTableName(1));
        assertTrue(md.getBaseSchemaName(2).startsWith("pg_temp"), md.getBaseSchemaName(2));
        assertEquals("", rs.getMetaData().getSchemaName(2), "pgjdbc's getSchemaName is always empty");
        assertThrows(java.sql.SQLException.class, () -> rs.getMetaData().getSchemaName(9));
        assertEquals("", md.getBaseColumnName(3), "an expression comes from no table");
        assertEquals("", md.getBaseTableName(3));
        int format = md.getFormat(1);
        assertTrue(format == 0 || format == 1);
        assertThrows(java.sql.SQLException.class, () -> md.getBaseColumnName(4));
        PGResultSetMetaData cast = (PGResultSetMetaData) rs.getMetaData();   // pgjdbc's tests cast
        assertEquals("id", cast.getBaseColumnName(2));
        assertEquals("who", rs.getMetaData().getColumnLabel(1), "and it answers JDBC's questions as before");
        assertEquals(java.sql.Types.INTEGER, rs.getMetaData().getColumnType(2));
      }
      try (var ps = c.prepareStatement("select id as n from people where id = ?")) {
        assertEquals("id", ((PGResultSetMetaData) ps.getMetaData()).getBaseColumnName(1), "before it runs, too");
      }
    }
  }

  @Test
  void columnClassNamesAreTheClassesGetObjectReturns() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select point '(1,2)', '{}'::jsonb, '{}'::json, interval '1 day',"
            + " box '(0,0),(1,1)', 1, 'x'::text")) {
      assertTrue(rs.next());
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        assertEquals(rs.getObject(i).getClass().getName(), rs.getMetaData().getColumnClassName(i),
            rs.getMetaData().getColumnTypeName(i));
      }
    }
  }

  @Test
  void parameterClassNamesArePgjdbcsToo() throws Exception {
    try (Connection c = DropInServer.connect();
        var ps = c.prepareStatement("select ?::float8, ?::text, ?::point, ?::jsonb")) {
      var pmd = ps.getParameterMetaData();
      assertEquals("java.lang.Double", pmd.getParameterClassName(1));
      assertEquals("java.lang.String", pmd.getParameterClassName(2));
      assertEquals("point", pmd.getParameterTypeName(3));
      assertEquals("org.postgresql.geometric.PGpoint", pmd.getParameterClassName(3), "as pgjdbc's ParameterMetaDataTest");
      assertEquals("org.postgresql.util.PGobject", pmd.getParameterClassName(4));
    }
  }

  @Test
  void escapeSyntaxCallModeValuesAndTheProperty() throws Exception {
    assertEquals(EscapeSyntaxCallMode.CALL_IF_NO_RETURN, EscapeSyntaxCallMode.of("callIfNoReturn"));
    assertEquals(EscapeSyntaxCallMode.SELECT, EscapeSyntaxCallMode.of("nonsense"), "pgjdbc's fallback");
    assertEquals("call", EscapeSyntaxCallMode.CALL.value());
    Properties props = DropInServer.properties();
    props.setProperty("escapeSyntaxCallMode", EscapeSyntaxCallMode.CALL.value());
    try (Connection c = new Driver().connect(DropInServer.url(), props); Statement s = c.createStatement()) {
      s.execute("create procedure pg_temp.noop() language sql as ''");
      s.execute("create function pg_temp.f() returns int language sql as 'select 1'");
      try (var call = c.prepareCall("{call pg_temp.noop()}")) {
        call.execute();   // a procedure: only CALL runs it
      }
      try (var call = c.prepareCall("{call pg_temp.f()}")) {
        assertThrows(java.sql.SQLException.class, call::execute, "a function is not CALLed");
      }
    }
  }
}

package org.postgresql;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.SluiceException;
import io.sluice.jdbc.SqlExceptions;
import io.sluice.testkit.ServerTest;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import org.postgresql.util.ServerErrorMessage;

/** {@code catch (PSQLException e)} and the server's fields, with the drop-in present. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class PSQLExceptionTest {
  @Test
  void aServerErrorIsAPSQLExceptionWithEveryField() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table members (id int constraint members_pk primary key)");
      s.execute("insert into members values (1)");
      PSQLException e = assertThrows(PSQLException.class, () -> s.execute("insert into members values (1)"));
      assertEquals(PSQLState.UNIQUE_VIOLATION.getState(), e.getSQLState());
      ServerErrorMessage m = e.getServerErrorMessage();
      assertNotNull(m);
      assertEquals("23505", m.getSQLState());
      assertEquals("ERROR", m.getSeverity());
      assertEquals("members_pk", m.getConstraint());
      assertEquals("members", m.getTable());
      assertTrue(m.getSchema().startsWith("pg_temp"), m.getSchema());
      assertEquals("Key (id)=(1) already exists.", m.getDetail());
      assertTrue(m.getMessage().startsWith("duplicate key value violates unique constraint"), m.getMessage());
      assertNotNull(m.getFile());
      assertNotNull(m.getRoutine());
      assertTrue(m.getLine() > 0);
      assertTrue(e.getMessage().startsWith("ERROR: duplicate key") && e.getMessage().contains("\n  Detail: Key (id)"),
          "pgjdbc's message form: " + e.getMessage());
      assertEquals(SluiceException.Outcome.SERVER_ERROR, SqlExceptions.outcome(e).orElseThrow(),
          "Sluice's exception is still the cause");
    }
  }

  @Test
  void aSyntaxErrorHasItsPosition() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      PSQLException e = assertThrows(PSQLException.class, () -> s.executeQuery("select 1 from"));
      assertEquals(PSQLState.SYNTAX_ERROR.getState(), e.getSQLState());
      assertEquals(14, e.getServerErrorMessage().getPosition());
      assertEquals(0, e.getServerErrorMessage().getInternalPosition());
    }
  }

  @Test
  void theDriversOwnErrorsArePSQLExceptionsWithoutServerFields() throws Exception {
    try (Connection c = DropInServer.connect()) {
      Statement s = c.createStatement();
      s.close();
      PSQLException e = assertThrows(PSQLException.class, () -> s.executeQuery("select 1"));
      assertNull(e.getServerErrorMessage());
      assertEquals(0, e.getErrorCode(), "the JDBC layer's own");
      // not supported stays SQLFeatureNotSupportedException, as in pgjdbc
      SQLException n = assertThrows(SQLException.class, () -> c.createStruct("t", new Object[0]));
      assertInstanceOf(SQLFeatureNotSupportedException.class, n);
      // the server's own 0A000 is a server error like any other: pgjdbc's PSQLException, with its fields
      PSQLException server = assertThrows(PSQLException.class,
          () -> c.createStatement().execute("select count(*) from pg_class for update"));
      assertEquals("0A000", server.getSQLState());
      assertNotNull(server.getServerErrorMessage());
    }
  }

  @Test
  void theServerFieldsAreReadFromTheProtocolForm() {
    ServerErrorMessage m = new ServerErrorMessage("SERROR\0VERROR\0C42P01\0Mrelation \"x\" does not exist\0P15\0");
    assertEquals("42P01", m.getSQLState());
    assertEquals(15, m.getPosition());
    assertNull(m.getDetail());
    assertEquals("ERROR: relation \"x\" does not exist\n  Position: 15", m.toString());
  }
}

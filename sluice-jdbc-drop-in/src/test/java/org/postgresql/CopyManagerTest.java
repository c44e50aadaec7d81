package org.postgresql;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyManager;
import org.postgresql.copy.CopyOut;
import org.postgresql.util.PSQLException;

/** pgjdbc's CopyManager over Sluice's COPY, against the server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class CopyManagerTest {
  static long count(Connection c, String table) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select count(*) from " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void copyInFromStreamsAndReadersThenOut() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table items (id int, name text)");
      CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
      assertEquals(2, copy.copyIn("copy items from stdin (format csv)",
          new ByteArrayInputStream("1,apple\n2,pear\n".getBytes(UTF_8))));
      assertEquals(1, copy.copyIn("copy items from stdin", new StringReader("3\tcrème\n")));
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      assertEquals(3, copy.copyOut("copy (select * from items order by id) to stdout (format csv)", bytes));
      assertEquals("1,apple\n2,pear\n3,crème\n", bytes.toString(UTF_8));
      StringWriter chars = new StringWriter();
      assertEquals(1, copy.copyOut("copy (select name from items where id = 3) to stdout", chars));
      assertEquals("crème\n", chars.toString());
    }
  }

  @Test
  void copyInInChunksAndCopyOutRowByRow() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table items (id int)");
      CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
      CopyIn in = copy.copyIn("copy items from stdin");
      byte[] data = "1\n2\n3\n".getBytes(UTF_8);
      in.writeToCopy(data, 0, 3);   // a row split across calls
      in.writeToCopy(data, 3, 3);
      in.flushCopy();
      assertTrue(in.isActive());
      assertEquals(3, in.endCopy());
      assertFalse(in.isActive());
      assertEquals(3, in.getHandledRowCount());

      CopyIn abandoned = copy.copyIn("copy items from stdin");
      abandoned.writeToCopy("4\n".getBytes(UTF_8), 0, 2);
      abandoned.cancelCopy();
      assertEquals(3, count(c, "items"), "nothing of a cancelled COPY is kept");

      CopyOut out = copy.copyOut("copy (select id from items order by id) to stdout");
      StringBuilder rows = new StringBuilder();
      for (byte[] row; (row = out.readFromCopy()) != null; ) {
        rows.append(new String(row, UTF_8)).append('|');
      }
      assertEquals("1\n|2\n|3\n|", rows.toString());
      assertEquals(3, out.getHandledRowCount());
    }
  }

  @Test
  void aBadRowIsAPSQLExceptionAndTheConnectionStaysUsable() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table items (id int)");
      CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
      PSQLException e = assertThrows(PSQLException.class,
          () -> copy.copyIn("copy items from stdin", new StringReader("1\nnot a number\n")));
      assertEquals("22P02", e.getSQLState());
      assertEquals("22P02", e.getServerErrorMessage().getSQLState());
      assertEquals(0, count(c, "items"));
    }
  }

  @Test
  void withAutoCommitOffTheCopyIsPartOfTheTransaction() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table items (id int)");
      c.setAutoCommit(false);
      c.unwrap(PGConnection.class).getCopyAPI().copyIn("copy items from stdin", new StringReader("1\n2\n"));
      assertEquals(2, count(c, "items"));
      c.rollback();
      assertEquals(0, count(c, "items"), "rolled back with the transaction, as in pgjdbc");
    }
  }

  @Test
  void aByteStreamWriterFeedsACopyAndBindsAsBytea() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table bsw (id int, name text)");
      CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
      java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(8);
      direct.put("2\tpear\n".getBytes(UTF_8)).flip();
      assertEquals(2, copy.copyIn("copy bsw from stdin", org.postgresql.util.ByteStreamWriter.of(
          java.nio.ByteBuffer.wrap("1\tapple\n".getBytes(UTF_8)), direct)));
      assertEquals(0, direct.position(), "the buffers' positions do not move");
      CopyIn in = copy.copyIn("copy bsw from stdin");
      in.writeToCopy("3\t".getBytes(UTF_8), 0, 2);
      in.writeToCopy(new org.postgresql.util.ByteBufferByteStreamWriter(java.nio.ByteBuffer.wrap("fig\n".getBytes(UTF_8))));
      assertEquals(1, in.endCopy());
      assertEquals(3, count(c, "bsw"));
      // a writer whose length lies: the COPY is cancelled and nothing goes in
      CopyIn liar = copy.copyIn("copy bsw from stdin");
      PSQLException e = assertThrows(PSQLException.class, () -> liar.writeToCopy(new org.postgresql.util.ByteStreamWriter() {
        @Override
        public int getLength() {
          return 100;
        }

        @Override
        public void writeTo(ByteStreamTarget target) throws java.io.IOException {
          target.getOutputStream().write("4\tkiwi\n".getBytes(UTF_8));
        }
      }));
      assertEquals("22023", e.getSQLState());
      assertFalse(liar.isActive());
      assertEquals(3, count(c, "bsw"));
      try (java.sql.PreparedStatement p = c.prepareStatement("select ?::bytea")) {
        p.setObject(1, org.postgresql.util.ByteStreamWriter.of(java.nio.ByteBuffer.wrap(new byte[] {1, 2, (byte) 0xff})));
        try (ResultSet rs = p.executeQuery()) {
          assertTrue(rs.next());
          assertArrayEquals(new byte[] {1, 2, (byte) 0xff}, rs.getBytes(1));
        }
      }
    }
  }
}

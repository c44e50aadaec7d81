package org.postgresql;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.largeobject.LargeObject;
import org.postgresql.largeobject.LargeObjectManager;
import org.postgresql.util.PSQLException;

/** pgjdbc's large object API over the server's lo_* functions. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class LargeObjectManagerTest {
  static boolean exists(Connection c, long oid) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select count(*) from pg_largeobject_metadata where oid = " + oid)) {
      rs.next();
      return rs.getInt(1) == 1;
    }
  }

  @Test
  void createWriteSeekReadTruncateUnlink() throws Exception {
    try (Connection c = DropInServer.connect()) {
      c.setAutoCommit(false);
      LargeObjectManager lom = c.unwrap(PGConnection.class).getLargeObjectAPI();
      long oid = lom.createLO(LargeObjectManager.READWRITE);
      assertTrue(oid > 0);
      try (LargeObject lo = lom.open(oid, LargeObjectManager.WRITE)) {
        lo.write("hello, large world".getBytes(UTF_8));
        lo.write("XXabcXX".getBytes(UTF_8), 2, 3);
        assertEquals(21, lo.tell());
        assertEquals(21, lo.size());
        assertEquals(21, lo.tell(), "size() keeps the position");
        lo.truncate(5);
        assertEquals(5, lo.size64());
        assertEquals(oid, lo.getLongOID());
      }
      c.commit();
      LargeObject lo = lom.open(oid, LargeObjectManager.READ);
      {
        assertEquals("hello", new String(lo.read(100), UTF_8));
        assertEquals(0, lo.read(10).length, "at the end: nothing");
        lo.seek(1);
        byte[] buf = new byte[10];
        assertEquals(3, lo.read(buf, 2, 3));
        assertEquals("ell", new String(buf, 2, 3, UTF_8));
        lo.seek(-2, LargeObject.SEEK_END);
        assertEquals("lo", new String(lo.read(10), UTF_8));
        lo.seek64(-4, LargeObject.SEEK_CUR);
        assertEquals(1, lo.tell64());
        PSQLException write = assertThrows(PSQLException.class, () -> lo.write(new byte[] {1}));
        assertNotNull(write.getSQLState(), "read-only descriptor: the server's error");
      }
      c.rollback();   // the failed write ended the transaction, and its descriptors
      LargeObject closed = lom.open(oid);
      closed.close();
      closed.close();
      assertEquals("55000", assertThrows(PSQLException.class, () -> closed.read(1)).getSQLState());
      lom.unlink(oid);
      c.commit();
      assertFalse(exists(c, oid));
    }
  }

  @Test
  void outsideATransactionPgjdbcsError() throws Exception {
    try (Connection c = DropInServer.connect()) {
      LargeObjectManager lom = c.unwrap(PGConnection.class).getLargeObjectAPI();
      PSQLException e = assertThrows(PSQLException.class, lom::createLO);
      assertEquals("25P01", e.getSQLState());
      assertEquals("Large Objects may not be used in auto-commit mode.", e.getMessage());
      assertEquals("25P01", assertThrows(PSQLException.class, () -> lom.open(1L)).getSQLState());
    }
  }

  @Test
  void streamsAndCommitOnClose() throws Exception {
    byte[] data = new byte[200_000];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i * 31);
    }
    try (Connection c = DropInServer.connect()) {
      c.setAutoCommit(false);
      LargeObjectManager lom = ((PGConnection) c).getLargeObjectAPI();
      long oid = lom.createLO();
      LargeObject lo = lom.open(oid, true);
      OutputStream out = lo.getOutputStream();
      out.write(data, 0, 1000);
      out.write(data[1000]);
      out.write(data, 1001, data.length - 1001);
      out.close();   // flushes, closes the object, commits
      try (Connection other = DropInServer.connect()) {
        assertTrue(exists(other, oid), "committed on close: another session sees it");
      }
      try (InputStream in = lom.open(oid, LargeObjectManager.READ).getInputStream()) {
        assertArrayEquals(data, in.readAllBytes());
      }
      try (InputStream in = lom.open(oid, LargeObjectManager.READ).getInputStream(10)) {
        assertArrayEquals(Arrays.copyOf(data, 10), in.readAllBytes(), "up to the limit");
      }
      lom.delete(oid);
      c.commit();
      assertFalse(exists(c, oid));
    }
  }

  @Test
  void theInputStreamFillsArraysMarksResetsAndSkipsAsPgjdbcs() throws Exception {
    byte[] data = new byte[4096];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) i;
    }
    try (Connection c = DropInServer.connect()) {
      c.setAutoCommit(false);
      LargeObjectManager lom = ((PGConnection) c).getLargeObjectAPI();
      long oid = lom.createLO();
      try (LargeObject lo = lom.open(oid)) {
        lo.write(data);
      }
      // a 512-byte buffer, a 1024-byte limit: one read fills the array up to the limit
      try (InputStream in = lom.open(oid).getInputStream(512, 1024)) {
        assertEquals(0, in.read());
        byte[] buf = new byte[1024];
        assertEquals(1023, in.read(buf, 0, buf.length));
        assertEquals(1, buf[0]);
        assertEquals(-1, in.read(), "the limit");
      }
      LargeObject lo = lom.open(oid, LargeObjectManager.READ);
      lo.seek(100);
      InputStream in = lo.getInputStream();
      assertTrue(in.markSupported());
      assertEquals(100, in.read());
      in.reset();   // before any mark: back to where the stream began
      assertEquals(100, in.read());
      in.mark(4);
      assertEquals(101, in.read());
      assertEquals(102, in.read());
      in.reset();
      assertEquals(101, in.read());
      assertEquals(1000, in.skip(1000));
      assertEquals((byte) 1102, (byte) in.read());
      assertEquals(1_000_000, in.skip(1_000_000), "past the end: large objects are sparse");
      assertEquals(-1, in.read());
      assertThrows(java.io.IOException.class, () -> in.skip(Long.MAX_VALUE / 2), "past the server's maximum");
      c.rollback();
    }
  }
}

package org.postgresql;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.IOException;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.postgresql.copy.PGCopyInputStream;
import org.postgresql.copy.PGCopyOutputStream;

/** pgjdbc's COPY streams over the drop-in's CopyManager. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class CopyStreamsTest {
  @Test
  void writeThroughTheOutputStreamThenReadThroughTheInputStream() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table t (id int, name text)");
      PGConnection pg = c.unwrap(PGConnection.class);
      try (PGCopyOutputStream out = new PGCopyOutputStream(pg, "copy t from stdin (format csv)", 8)) {
        out.write("1,a".getBytes(UTF_8));
        out.write('\n');
        out.write("2,a much longer name than the buffer\n3,".getBytes(UTF_8));
        out.flush();
        out.write("c\n".getBytes(UTF_8));
        assertTrue(out.isActive());
      }
      assertEquals(3, CopyManagerTest.count(c, "t"));
      PGCopyOutputStream ended = new PGCopyOutputStream(pg.getCopyAPI().copyIn("copy t from stdin (format csv)"));
      ended.write("4,d\n".getBytes(UTF_8));
      assertEquals(1, ended.endCopy());
      assertFalse(ended.isActive());
      ended.close();
      assertThrows(IOException.class, () -> ended.write(1), "closed");

      try (PGCopyInputStream in = new PGCopyInputStream(pg, "copy (select * from t order by id) to stdout (format csv)")) {
        assertEquals('1', in.read());
        byte[] rest = in.readAllBytes();
        assertEquals(",a\n2,a much longer name than the buffer\n3,c\n4,d\n", new String(rest, UTF_8));
        assertEquals(-1, in.read());
        assertNull(in.readFromCopy());
      }
      try (PGCopyInputStream in = new PGCopyInputStream(pg, "copy (select id from t order by id) to stdout")) {
        assertEquals('1', in.read());
        assertArrayEquals("\n".getBytes(UTF_8), in.readFromCopy(), "the rest of the row");
        assertArrayEquals("2\n".getBytes(UTF_8), in.readFromCopy(), "then a whole row");
      }
    }
  }

  @Test
  void badDataFailsAtClose() throws Exception {
    try (Connection c = DropInServer.connect(); Statement s = c.createStatement()) {
      s.execute("create temp table n (id int)");
      PGCopyOutputStream out = new PGCopyOutputStream(c.unwrap(PGConnection.class), "copy n from stdin");
      out.write("not a number\n".getBytes(UTF_8));
      IOException e = assertThrows(IOException.class, out::close);
      assertEquals("22P02", ((java.sql.SQLException) e.getCause()).getSQLState());
      out.close();   // a second close does nothing
      assertEquals(0, CopyManagerTest.count(c, "n"));
    }
  }
}

package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A large buffered result keeps its rows in the connection's read buffers rather than copying them
 * ({@code RowStore.frame}, {@code FrameReader.keep}); the connection goes on reading other replies
 * while the result is held. Every value of every held result must still be what the server sent.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class KeptRowsTest {
  /** About 150 bytes a row: 20,000 rows are 3 MB, many read buffers past the store's 64 KiB threshold. */
  private static final String WIDE = "select g, repeat(md5(g::text), 4) as t, g * 3 as k from generate_series($1::int, $2::int) g";

  static Connection c;

  @BeforeAll
  static void connect() {
    PostgresServer pg = PostgresServer.shared();
    c = Connection.open(pg.conninfo(""));
  }

  @AfterAll
  static void close() {
    c.close();
  }

  private static void assertRows(RowSet rs, int from, int to, String what) {
    assertEquals(to - from + 1, rs.size(), what + ": rows");
    for (int i = 0; i < rs.size(); i++) {
      Row r = rs.get(i);
      int g = from + i;
      assertEquals(g, r.getInt(0), what + ": row " + i);
      assertEquals(Md5.hex(Integer.toString(g)).repeat(4), r.getString(1), what + ": row " + i);
      assertEquals(3L * g, r.getLong(2), what + ": row " + i);
    }
  }

  @Test
  void heldResultsStayIntactWhileTheConnectionReadsMore() {
    List<RowSet> held = new ArrayList<>();
    for (int k = 0; k < 5; k++) {
      held.add(c.query(WIDE, k * 20_000 + 1, (k + 1) * 20_000));
      // small results between them are copied, and the read buffer they share goes on being reused
      assertEquals(42, c.query("select 42").get(0).getInt(0));
    }
    for (int k = 0; k < 5; k++) {
      assertRows(held.get(k), k * 20_000 + 1, (k + 1) * 20_000, "result " + k);
    }
  }

  @Test
  void pipelinedCallersEachKeepTheirOwnRows() throws Exception {
    try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<RowSet>> big = new ArrayList<>();
      List<Future<RowSet>> small = new ArrayList<>();
      for (int k = 0; k < 8; k++) {
        int from = k * 5_000 + 1;
        big.add(callers.submit(() -> c.query(WIDE, from, from + 4_999)));
        small.add(callers.submit(() -> c.query(WIDE, from, from + 2)));
      }
      for (int k = 0; k < 8; k++) {
        int from = k * 5_000 + 1;
        assertRows(big.get(k).get(60, TimeUnit.SECONDS), from, from + 4_999, "caller " + k);
        assertRows(small.get(k).get(60, TimeUnit.SECONDS), from, from + 2, "small caller " + k);
      }
    }
  }

  @Test
  void aRepeatedLargeQueryIsReadRightWhenKeptFromItsFirstRow() {
    // the statement's previous result says the next is large: kept from the first row on (RowStoreTest checks the keeping)
    for (int k = 0; k < 3; k++) {
      assertRows(c.query(WIDE, 1, 30_000), 1, 30_000, "run " + k);
    }
  }

  /** md5 as PostgreSQL writes it: lower-case hex. */
  private static final class Md5 {
    static String hex(String s) {
      try {
        byte[] d = java.security.MessageDigest.getInstance("MD5").digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return java.util.HexFormat.of().formatHex(d);
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new AssertionError(e);
      }
    }
  }
}

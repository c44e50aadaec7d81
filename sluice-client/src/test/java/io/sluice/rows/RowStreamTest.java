package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.Row;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Rows fetched in chunks through a suspended portal. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class RowStreamTest {
  Connection c;

  @BeforeEach
  void open() {
    PostgresServer pg = PostgresServer.shared();
    c = Connection.open(pg.conninfo(""));
  }

  @AfterEach
  void close() {
    c.close();
  }

  @Test
  void readsEveryRowInChunks() {
    long sum = 0;
    int n = 0;
    try (RowStream s = c.stream("select g from generate_series(1, $1) g", 100, 10_000)) {
      for (Row r : s) {
        sum += r.getInt(0);
        n++;
      }
      assertTrue(s.commandTag().startsWith("SELECT"), s.commandTag());  // the count is of the last Execute only
    }
    assertEquals(10_000, n);
    assertEquals(10_000L * 10_001 / 2, sum);
    assertEquals(1, c.query("select 1").get(0).getInt(0));
  }

  @Test
  void closingEarlyFreesTheConnection() {
    try (RowStream s = c.stream("select g from generate_series(1, 1000000) g", 50)) {
      int n = 0;
      for (Row r : s) {
        if (++n == 150) {
          break;
        }
      }
      assertEquals(150, s.rowsRead());
    }
    assertEquals(2, c.query("select 2").get(0).getInt(0));
  }

  @Test
  void anErrorInALaterChunkIsThrownAndTheConnectionRecovers() {
    ServerException e = assertThrows(ServerException.class, () -> {
      try (RowStream s = c.stream("select 1 / (g - 500) from generate_series(1, 1000) g", 100)) {
        for (Row r : s) {
          r.getInt(0);
        }
      }
    });
    assertEquals("22012", e.sqlState());
    assertEquals(3, c.query("select 3").get(0).getInt(0));
  }

  @Test
  void otherCallersWaitForTheStreamAndThenRun() throws Exception {
    CompletableFuture<Integer> other;
    try (RowStream s = c.stream("select g from generate_series(1, 1000) g", 10)) {
      var it = s.iterator();
      assertEquals(1, it.next().getInt(0));
      other = CompletableFuture.supplyAsync(() -> c.query("select 42").get(0).getInt(0),
          r -> Thread.startVirtualThread(r));
      Thread.sleep(100);
      assertFalse(other.isDone(), "a request slipped into the open portal");
      assertEquals(2, it.next().getInt(0));
    }
    assertEquals(42, other.get(10, TimeUnit.SECONDS));
  }
}

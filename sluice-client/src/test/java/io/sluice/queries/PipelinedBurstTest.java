package io.sluice.queries;

import static io.sluice.hostile.HostileScenario.joinBounded;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionException;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.protocol.BackendMessage.NotificationResponse;
import io.sluice.protocol.BackendTag;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.FakeDatabase.Definition;
import io.sluice.testkit.FakeDatabase.Result;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14, pgmock-style: four callers pipelined on one connection, the server's correct replies
 * to all four sent as one burst — with an error between them, and a notice and a notification in
 * the middle of a result — then the connection cut at each message boundary of the burst in turn.
 * At every cut, each caller whose replies arrived whole gets exactly its own result (rows or its
 * own server error), every other caller fails with an unknown outcome (its statement was sent and
 * may have run), no row reaches the wrong caller, every call returns, and the connection is closed
 * for good.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PipelinedBurstTest {
  /** Statement i returns rows whose first value starts with its digit; "select 3" fails. */
  static final List<String> STATEMENTS = List.of("select 1", "select 2", "select 3", "select 4");
  static final FakeDatabase DB = new FakeDatabase()
      .rows("select 1", List.of("v"), List.of(List.of("1a"), List.of("1b")))
      .rows("select 2", List.of("v"), List.of(List.of("2a"), List.of("2b"), List.of("2c")))
      .define("select 3", new Definition(new int[0], Replies.textColumns("v"), p -> Result.failure(
          List.of(List.of("3a")), Replies.errorFields("ERROR", "22012", "division by zero"))))
      .rows("select 4", List.of("v"), List.of(List.of("4a")));

  /** What the server sent, in the order the requests arrived: each statement's frames. */
  record Burst(List<String> order, List<List<byte[]>> replies) {
    List<byte[]> frames() {
      List<byte[]> all = new ArrayList<>();
      replies.forEach(all::addAll);
      return all;
    }

    /** The number of frames after which {@code sql}'s replies are complete. */
    int endOf(String sql) {
      int end = 0;
      for (int i = 0; i < order.size(); i++) {
        end += replies.get(i).size();
        if (order.get(i).equals(sql)) {
          return end;
        }
      }
      throw new AssertionError(sql + " was not in the burst");
    }
  }

  /** A caller's outcome: the first value of each row, or its failure. */
  record Got(List<String> rows, SluiceException error, Throwable escaped) {}

  @Test
  void everyCutOfAPipelinedBurstGivesEachCallerItsOwnResultOrAnUnknownFailure() throws Exception {
    int frames = run(Integer.MAX_VALUE).frames().size();   // the whole burst, then a hang-up
    assertTrue(frames >= 20, "the burst has " + frames + " frames");
    for (int cut = 0; cut <= frames; cut++) {
      run(cut);
    }
  }

  /** Runs the four callers with the burst cut after {@code cut} frames; checks them; returns the burst. */
  static Burst run(int cut) throws Exception {
    List<Burst> sent = new CopyOnWriteArrayList<>();
    try (ScriptedServer server = ScriptedServer.start(DB, conn -> {
      // start-up statements are answered as they come: each caller prepares once first
      List<String> order = new ArrayList<>();
      List<List<byte[]>> replies = new ArrayList<>();
      while (order.size() < STATEMENTS.size()) {
        Exchange x = conn.next();
        if (x == null) {
          return;
        }
        if (!x.executes() || x.prepares()) {
          conn.answer(x);
          continue;
        }
        order.add(x.sql());
        replies.add(x.sql().equals("select 2") ? withAsyncMidResult(x.frames()) : x.frames());
      }
      Burst burst = new Burst(order, replies);
      sent.add(burst);
      List<byte[]> all = burst.frames();
      conn.send(Replies.concat(all.subList(0, Math.min(cut, all.size()))));
      conn.hangUp();
    })) {
      Connection c = Connection.open(server.url(""));
      for (String sql : STATEMENTS) {
        c.prepare(sql);   // described once, so each run below is a single Bind/Execute/Sync
      }
      Got[] got = new Got[STATEMENTS.size()];
      List<Thread> callers = new ArrayList<>();
      for (int i = 0; i < STATEMENTS.size(); i++) {
        int n = i;
        callers.add(Thread.ofVirtual().start(() -> got[n] = call(c, STATEMENTS.get(n))));
      }
      for (Thread t : callers) {
        joinBounded(t, "a caller (cut after " + cut + " frames)");
      }
      assertEquals(List.of(), server.failures(), "the script failed");
      assertEquals(1, sent.size(), "the server sent one burst");
      Burst burst = sent.get(0);
      int delivered = Math.min(cut, burst.frames().size());
      for (int i = 0; i < STATEMENTS.size(); i++) {
        check(STATEMENTS.get(i), got[i], delivered >= burst.endOf(STATEMENTS.get(i)), cut);
      }
      if (cut < burst.frames().size()) {
        assertFalse(c.isOpen(), "the connection still reports itself open after a cut at " + cut);
        Got late = call(c, "select 1");
        assertNotNull(late.error(), "the cut connection ran a statement");
        assertEquals(Outcome.NOT_SENT, late.error().outcome(), "a statement on the closed connection");
      }
      c.close();
      return burst;
    }
  }

  /** A notice and a notification after the first row of a result: the engine handles both in passing. */
  static List<byte[]> withAsyncMidResult(List<byte[]> frames) {
    List<byte[]> out = new ArrayList<>(frames);
    for (int i = 0; i < out.size(); i++) {
      if (out.get(i)[0] == BackendTag.DATA_ROW) {
        out.add(i + 1, Replies.bytes(Replies.notice("mid-result notice")));
        out.add(i + 2, Replies.bytes(new NotificationResponse(77, "channel", "payload")));
        return out;
      }
    }
    throw new AssertionError("no DataRow in " + frames.size() + " frames");
  }

  static Got call(Connection c, String sql) {
    List<String> rows = new ArrayList<>();
    try {
      c.query(sql).forEach(r -> rows.add(r.getString(0)));
      return new Got(rows, null, null);
    } catch (SluiceException e) {
      return new Got(rows, e, null);
    } catch (Throwable t) {
      return new Got(rows, null, t);
    }
  }

  static void check(String sql, Got got, boolean whole, int cut) {
    String where = sql + " with the burst cut after " + cut + " frames";
    assertNull(got.escaped(), () -> where + ": a non-Sluice throwable escaped: " + got.escaped());
    char digit = sql.charAt(sql.length() - 1);
    for (String r : got.rows()) {
      assertEquals(digit, r.charAt(0), () -> where + ": a row of another statement arrived: " + got.rows());
    }
    if (!whole) {
      assertNotNull(got.error(), () -> where + ": succeeded with rows " + got.rows() + " from an incomplete reply");
      assertEquals(Outcome.UNKNOWN, got.error().outcome(), () -> where + ": " + got.error());
      assertInstanceOf(ConnectionException.class, got.error(), where);
      return;
    }
    if (sql.equals("select 3")) {
      assertInstanceOf(ServerException.class, got.error(), () -> where + ": " + got.error());
      assertEquals("22012", ((ServerException) got.error()).sqlState());
      return;
    }
    assertNull(got.error(), () -> where + ": its replies arrived whole, yet it failed: " + got.error());
    int expected = switch (digit) {
      case '1' -> 2;
      case '2' -> 3;
      default -> 1;
    };
    assertEquals(expected, got.rows().size(), where);
  }
}

package io.sluice.hostile;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ProtocolViolationException;
import io.sluice.RowStream;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.SluiceException;
import io.sluice.protocol.BackendEncoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A hostile server on the request path: one statement (the offender) gets a broken reply while
 * another (the bystander) waits behind it on the same connection. The server answers everything
 * else correctly, from a {@link FakeDatabase}.
 */
public final class HostileScenario {
  static final String OFFENDER = "select offender";
  static final String BYSTANDER = "select bystander";
  /** Every row's first value names its statement: "o…" for the offender, "b…" for the bystander. */
  static final FakeDatabase DB = new FakeDatabase()
      .rows(OFFENDER, List.of("a", "b"), List.of(List.of("o1", "x"), List.of("o2", "y")))
      .rows(BYSTANDER, List.of("a", "b"), List.of(List.of("b1", "x")));
  /** Rows fetched per chunk by {@link Api#STREAM}: more than the offender has. */
  static final int FETCH_SIZE = 10;
  /** How long the server waits for a client that should have hung up before it hangs up on it. */
  static final int HANG_UP_MILLIS = 3000;

  private HostileScenario() {}

  /** How a caller reads its rows. */
  enum Api {
    QUERY, FOR_EACH, STREAM;

    /** Runs {@code sql}; never throws: what happened is in the result. */
    Got call(Connection c, String sql) {
      List<String> seen = new ArrayList<>();
      try {
        switch (this) {
          case QUERY -> c.query(sql).forEach(r -> seen.add(r.getString(0)));
          case FOR_EACH -> c.forEach(sql, r -> seen.add(r.getString(0)));
          case STREAM -> {
            try (RowStream s = c.stream(sql, FETCH_SIZE)) {
              s.forEach(r -> seen.add(r.getString(0)));
            }
          }
        }
        return new Got(seen, null, null);
      } catch (SluiceException e) {
        return new Got(seen, e, null);
      } catch (Throwable t) {
        return new Got(seen, null, t);
      }
    }
  }

  /** What a caller got: the first value of each row it was handed, and its failure if any. */
  record Got(List<String> rows, SluiceException error, Throwable escaped) {
    /** Fails unless this call failed as a protocol violation whose outcome is unknown. */
    void assertViolation() {
      assertFailed(Outcome.UNKNOWN);
      assertInstanceOf(ProtocolViolationException.class, error, "the offender's failure");
    }

    /** Fails unless this call failed with a {@link SluiceException} of this outcome. */
    void assertFailed(Outcome outcome) {
      assertNull(escaped, () -> "a non-Sluice throwable escaped: " + escaped);
      assertNotNull(error, () -> "the call succeeded with rows " + rows);
      assertEquals(outcome, error.outcome(), () -> "outcome of " + error);
    }

    /** Fails if the caller was handed a row whose first value does not start with {@code prefix}. */
    void assertOnlyOwnRows(String prefix) {
      for (String r : rows) {
        assertTrue(r != null && r.startsWith(prefix), () -> "a row of another statement reached this caller: " + rows);
      }
    }
  }

  /** What the offender and the bystander got, and the connection they shared. */
  record Outcomes(Got offender, Got bystander, Connection connection) {
    /**
     * The promises of issue 17: the offender fails with a protocol violation (outcome unknown),
     * the bystander with its own failure (unknown if it was written, else not sent), no row
     * crosses between them, and the connection is closed for good.
     */
    void assertViolationClosesAll(Outcome bystanderOutcome) {
      try (connection) {
        offender.assertOnlyOwnRows("o");
        bystander.assertOnlyOwnRows("b");
        offender.assertViolation();
        bystander.assertFailed(bystanderOutcome);
        assertClosed(connection);
      }
    }
  }

  /** Fails unless the connection reports itself closed and refuses new work as not sent. */
  static void assertClosed(Connection c) {
    assertFalse(c.isOpen(), "the connection still reports itself open");
    Got late = Api.QUERY.call(c, BYSTANDER);
    late.assertFailed(Outcome.NOT_SENT);
  }

  /**
   * Runs the offender through {@code api} with the bystander queued behind it; the server answers
   * the offender's execution with {@code hostile} applied to its correct reply frames, then the
   * bystander's correct replies. For a stream the bystander cannot be written while the portal is
   * open, so the server does not wait for it.
   */
  static Outcomes pipelined(Api api, String options, UnaryOperator<List<byte[]>> hostile) throws Exception {
    return pipelinedBytes(api, options, x -> Replies.concat(hostile.apply(new ArrayList<>(x.frames()))));
  }

  private static Outcomes pipelinedBytes(Api api, String options, Function<Exchange, byte[]> hostile)
      throws Exception {
    CountDownLatch offenderSent = new CountDownLatch(1);
    boolean bystanderWritten = api != Api.STREAM;
    try (ScriptedServer server = ScriptedServer.start(DB, conn -> {
      Exchange offender = conn.serveUntil(x -> x.executes(OFFENDER));
      offenderSent.countDown();
      Exchange bystander = bystanderWritten ? conn.serveUntil(x -> x.executes(BYSTANDER)) : null;
      if (offender == null) {
        return;
      }
      conn.send(hostile.apply(offender));
      if (bystander != null) {
        conn.answer(bystander);
      }
      conn.readTimeout(HANG_UP_MILLIS);   // answers what follows, if anything; a silent client is hung up on
      conn.serveRest();
    })) {
      Connection c = Connection.open(server.url(options));
      Api.QUERY.call(c, BYSTANDER);   // prepared and run once, so that its next run is one exchange
      Got[] got = new Got[2];
      Thread offender = Thread.ofVirtual().start(() -> got[0] = api.call(c, OFFENDER));
      assertTrue(offenderSent.await(10, TimeUnit.SECONDS), "the offender's statement never reached the server");
      Thread bystander = Thread.ofVirtual().start(() -> got[1] = Api.QUERY.call(c, BYSTANDER));
      joinBounded(offender, "the offender");
      joinBounded(bystander, "the bystander");
      assertEquals(List.of(), server.failures(), "the script failed");
      return new Outcomes(got[0], got[1], c);
    }
  }

  public static void joinBounded(Thread t, String who) throws InterruptedException {
    t.join(Duration.ofSeconds(15));
    assertFalse(t.isAlive(), who + "'s call never returned");
  }

  /** The index of the first frame of this message type, or -1. */
  static int indexOf(List<byte[]> frames, char type) {
    for (int i = 0; i < frames.size(); i++) {
      if (frames.get(i)[0] == type) {
        return i;
      }
    }
    return -1;
  }

  /** The frames with the first one of {@code type} replaced. */
  static List<byte[]> replaceFirst(List<byte[]> frames, char type, byte[] with) {
    int i = indexOf(frames, type);
    assertTrue(i >= 0, "no " + type + " to replace");
    frames.set(i, with);
    return frames;
  }

  /** The frames with {@code extra} inserted after the first one of {@code type}. */
  static List<byte[]> insertAfter(List<byte[]> frames, char type, byte[] extra) {
    int i = indexOf(frames, type);
    assertTrue(i >= 0, "no " + type + " to insert after");
    frames.add(i + 1, extra);
    return frames;
  }

  /** Whether {@code t} or one of its causes is a server error with this SQLSTATE. */
  static boolean hasSqlState(Throwable t, String sqlState) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof ServerException se && se.sqlState().equals(sqlState)) {
        return true;
      }
    }
    return false;
  }

  /** Reads a start-up packet (length, code, the rest skipped) and returns its code. */
  public static int readInitial(DataInputStream in) throws IOException {
    int len = in.readInt();
    int code = in.readInt();
    in.skipNBytes(len - 8);
    return code;
  }

  /** Writes each message as the server would. */
  public static void send(OutputStream out, BackendMessage... ms) throws IOException {
    for (BackendMessage m : ms) {
      out.write(BackendEncoder.toBytes(m));
    }
  }
}

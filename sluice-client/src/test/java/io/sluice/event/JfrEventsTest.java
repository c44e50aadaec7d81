package io.sluice.event;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ConnectionConfig;
import io.sluice.Pool;
import io.sluice.PoolExhaustedException;
import io.sluice.PoolOptions;
import io.sluice.QueryTimeoutException;
import io.sluice.ServerException;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Sluice's Java Flight Recorder events, recorded with {@link Recording} around real work against
 * the real server (no listener configured: JFR alone hears them), then read back from the file
 * with {@link RecordingFile}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class JfrEventsTest {
  static final List<String> TYPES = List.of("io.sluice.Statement", "io.sluice.Batch", "io.sluice.Connect",
      "io.sluice.PoolWait", "io.sluice.PoolConnection", "io.sluice.Cancel", "io.sluice.Copy");

  @Test
  void statementsBatchesConnectsPoolWaitsAndCancelsAreRecorded() throws Exception {
    PostgresServer pg = PostgresServer.shared();
    String url = StatementEventsTest.url();
    List<RecordedEvent> events;
    int pid;
    Path file = Files.createTempFile("sluice", ".jfr");
    try (Recording recording = new Recording()) {
      for (String type : TYPES) {
        recording.enable(type).withThreshold(Duration.ZERO);
      }
      recording.start();
      try (Pool pool = Pool.open("jfr-pool", ConnectionConfig.parse(url),
          PoolOptions.DEFAULT.minSize(0).maxSize(1).acquireTimeout(Duration.ofMillis(200)))) {
        pid = pool.query("select pg_backend_pid() where $1::int = 1", 1).get(0).getInt(0);
        try (Pool.Lease held = pool.acquire()) {
          assertThrows(PoolExhaustedException.class, () -> pool.query("select 1"));
          Connection c = held.connection();
          c.executeMany("select $1::int", List.of(new Object[] {1}, new Object[] {2}));
          assertThrows(QueryTimeoutException.class,
              () -> c.withTimeout(Duration.ofMillis(100)).query("select pg_sleep(30)"));
          assertThrows(ServerException.class, () -> c.query("select 1 / $1::int", 0));
        }
      }
      recording.stop();
      recording.dump(file);
      events = RecordingFile.readAllEvents(file);
    } finally {
      Files.deleteIfExists(file);
    }

    RecordedEvent statement = one(events, "io.sluice.Statement",
        e -> "SUCCEEDED".equals(e.getString("result")) && e.getInt("parameters") == 1);
    assertEquals(1, statement.getLong("rows"));
    assertEquals("SUCCEEDED", statement.getString("result"));
    assertEquals("PREPARED", statement.getString("preparation"));
    assertEquals(1, statement.getInt("pipelineDepth"));
    assertEquals(pid, statement.getInt("backendPid"));
    assertEquals(pg.database(), statement.getString("database"));
    assertTrue(statement.getDuration().toNanos() > 0);
    assertFalse(statement.toString().contains("where $1"), "a summary, never the SQL text or its values");

    RecordedEvent failed = one(events, "io.sluice.Statement", e -> "22012".equals(e.getString("sqlState")));
    assertEquals("SERVER_ERROR", failed.getString("result"), "division_by_zero");
    RecordedEvent cancelled = one(events, "io.sluice.Statement", e -> "57014".equals(e.getString("sqlState")));
    assertEquals(0, cancelled.getInt("parameters"), "the statement the timeout cancelled");

    RecordedEvent batch = one(events, "io.sluice.Batch", e -> true);
    assertEquals(2, batch.getInt("statements"));
    assertTrue(batch.getBoolean("atomic"));
    assertEquals("select", batch.getString("summary"));

    RecordedEvent connect = one(events, "io.sluice.Connect", e -> true);
    assertEquals("SUCCEEDED", connect.getString("result"));
    assertEquals(pid, connect.getInt("backendPid"));
    assertEquals(pg.superuser(), connect.getString("user"));

    RecordedEvent wait = one(events, "io.sluice.PoolWait", e -> true);
    assertEquals("jfr-pool", wait.getString("pool"));
    assertEquals("TIMED_OUT", wait.getString("ending"));
    assertTrue(wait.getDuration("waited").toNanos() > 0);

    RecordedEvent cancel = one(events, "io.sluice.Cancel", e -> true);
    assertTrue(cancel.getBoolean("acknowledged"));
    assertEquals(pid, cancel.getInt("backendPid"));

    List<String> pooled = events.stream().filter(e -> e.getEventType().getName().equals("io.sluice.PoolConnection"))
        .map(e -> e.getString("kind") + " " + e.getString("reason")).toList();
    assertEquals(List.of("OPENED FOR_CALLER", "RETIRED POOL_CLOSED"), pooled);
  }

  @Test
  void nothingIsRecordedWhenTheRecordingLeavesSluicesEventsOff() throws Exception {
    Path file = Files.createTempFile("sluice", ".jfr");
    try (Recording recording = new Recording()) {
      for (String type : TYPES) {
        recording.disable(type);
      }
      recording.start();
      try (Connection c = Connection.open(StatementEventsTest.url())) {
        c.query("select 1");
      }
      recording.stop();
      recording.dump(file);
      List<RecordedEvent> sluice = new ArrayList<>();
      for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
        if (e.getEventType().getName().startsWith("io.sluice.")) {
          sluice.add(e);
        }
      }
      assertEquals(List.of(), sluice);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** A connection opened before any recording reports to one started later, and stops with it. */
  @Test
  void aRecordingStartedAfterTheConnectionOpenedStillHearsIt() throws Exception {
    Path file = Files.createTempFile("sluice", ".jfr");
    try (Connection c = Connection.open(StatementEventsTest.url())) {
      c.query("select 'before any recording'");
      try (Recording recording = new Recording()) {
        recording.enable("io.sluice.Statement").withThreshold(Duration.ZERO);
        recording.start();
        c.query("select $1::text", "while recording");
        recording.stop();
        recording.dump(file);
        List<String> recorded = RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("io.sluice.Statement"))
            .map(e -> e.getString("summary") + "/" + e.getInt("parameters")).toList();
        assertEquals(List.of("select/1"), recorded);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static RecordedEvent one(List<RecordedEvent> events, String type, Predicate<RecordedEvent> which) {
    List<RecordedEvent> found = events.stream().filter(e -> e.getEventType().getName().equals(type)).filter(which)
        .toList();
    assertEquals(1, found.size(), type + ": " + found);
    return found.get(0);
  }
}

package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.sluice.Connection;
import io.sluice.replication.LogicalServer.Published;
import io.sluice.testkit.ServerTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What pgoutput offers differs by major: protocol 1 up to 13, 2 on 14 (streaming, binary values,
 * messages), 3 on 15 (two-phase), 4 from 16. The stream takes the newest the server has, and an
 * option asked for that it lacks is refused before START_REPLICATION, naming what it needs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class OptionsByMajorTest {

  @Test
  void theNewestProtocolOfTheServerIsTakenAndAChangeArrives() {
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      int major = repl.serverVersion();
      Published p = LogicalServer.publish(c, repl, "bymajor", "id int primary key", SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(p.options())) {
        assertEquals(major >= 16 ? 4 : major == 15 ? 3 : major == 14 ? 2 : 1, stream.protocolVersion());
        c.execute("insert into " + p.table() + " values (7)");
        Change.Insert ins = ChangeStreamTest.only(LogicalServer.takeCommits(stream, 1), Change.Insert.class);
        assertEquals(7, ins.row().getInt("id"));
      }
    }
  }

  @Test
  void streamingWithProtocol1IsRefusedBeforeStarting() {
    String slot = LogicalServer.name("slot");
    try (ReplicationConnection repl = LogicalServer.replication()) {
      repl.createSlot(slot, SlotOptions.TEMPORARY);
      StreamOptions options = StreamOptions.of(slot, "p").streaming(true).protocolVersion(1);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> repl.start(options));
      assertTrue(e.getMessage().contains("protocol 2"), e.getMessage());
      assertTrue(repl.isOpen());
    }
  }

  @Test
  void binaryValuesBefore14AreRefusedBeforeStarting() {
    String slot = LogicalServer.name("slot");
    try (ReplicationConnection repl = LogicalServer.replication()) {
      assumeTrue(repl.serverVersion() < 14, "the refusal is for servers before 14 (binary 'true' is PostgreSQL 14's)");
      repl.createSlot(slot, SlotOptions.TEMPORARY);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> repl.start(StreamOptions.of(slot, "p").binary(true)));
      assertTrue(e.getMessage().contains("PostgreSQL 14") && e.getMessage().contains("binary"), e.getMessage());
      IllegalArgumentException s = assertThrows(IllegalArgumentException.class,
          () -> repl.start(StreamOptions.of(slot, "p").streaming(true)));
      assertTrue(s.getMessage().contains("PostgreSQL 14") && s.getMessage().contains("streaming"), s.getMessage());
      assertTrue(repl.isOpen());
    }
  }
}

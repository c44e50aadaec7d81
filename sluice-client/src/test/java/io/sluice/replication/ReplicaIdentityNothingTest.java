package io.sluice.replication;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ServerException;
import io.sluice.testkit.ServerTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code REPLICA IDENTITY NOTHING}: the Relation says so; a publication of inserts only streams the
 * inserts while updates and deletes go on unpublished; one that publishes updates makes the server
 * refuse them (55000, "does not have a replica identity and publishes updates"), so none is streamed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class ReplicaIdentityNothingTest {
  @Test
  void onlyInsertsAreStreamedAndTheRelationSaysNothing() throws Exception {
    String t = LogicalServer.name("nothing");
    String inserts = LogicalServer.name("pub");
    String all = LogicalServer.name("pub");
    String slot = LogicalServer.name("slot");
    try (Connection c = LogicalServer.connect(); ReplicationConnection repl = LogicalServer.replication()) {
      c.execute("create table " + t + " (id int primary key, v text)");
      c.execute("alter table " + t + " replica identity nothing");
      c.execute("create publication " + inserts + " for table " + t + " with (publish = 'insert')");
      repl.createSlot(slot, SlotOptions.TEMPORARY);
      try (ChangeStream stream = repl.start(StreamOptions.of(slot, inserts))) {
        c.execute("insert into " + t + " values (1, 'a')");
        c.execute("update " + t + " set v = 'b' where id = 1");
        c.execute("delete from " + t + " where id = 1");
        c.execute("insert into " + t + " values (2, 'c')");
        // PostgreSQL 15+ sends no Begin/Commit for the transactions that published nothing: count inserts
        List<Change> got = LogicalServer.take(stream, Duration.ofSeconds(30),
            l -> l.stream().filter(ch -> ch instanceof Change.Insert).count() == 2);
        Change.Relation relation = (Change.Relation) got.stream().filter(ch -> ch instanceof Change.Relation)
            .findFirst().orElseThrow();
        assertEquals(ReplicaIdentity.NOTHING, relation.identity());
        assertEquals(List.of(1, 2), got.stream().filter(ch -> ch instanceof Change.Insert)
            .map(ch -> ((Change.Insert) ch).row().getInt("id")).toList());
        assertTrue(got.stream().noneMatch(ch -> ch instanceof Change.Update || ch instanceof Change.Delete),
            LogicalServer.summary(got));
      }
      c.execute("create publication " + all + " for table " + t);
      ServerException e = assertThrows(ServerException.class, () -> c.execute("update " + t + " set v = 'd'"));
      assertEquals("55000", e.sqlState(), e.getMessage());
    }
  }
}

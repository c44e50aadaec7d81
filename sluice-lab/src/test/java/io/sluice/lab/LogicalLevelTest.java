package io.sluice.lab;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lab's server is logical only when the changes case runs, or a slot on disk needs it to start. */
class LogicalLevelTest {
  @TempDir
  Path base;

  @Test
  void logicalOnlyForTheChangesCaseOrALeftSlot() throws Exception {
    Profiles def = Profiles.named("default");
    assertNull(LogicalLevel.options(def.cases(List.of("int1", "t50k")), base, "18").settings().get("wal_level"));
    List<LabCase> changes = def.cases(List.of("int1", "changes"));
    assertEquals("changes-100000", changes.get(1).name(), "a tenth of the full feed outside the full profile");
    assertEquals("logical", LogicalLevel.options(changes, base, "18").settings().get("wal_level"));
    Files.createDirectories(base.resolve("data/pg_replslot"));
    assertFalse(LogicalLevel.holdsSlots(base.resolve("data")), "an empty pg_replslot");
    Files.createDirectories(base.resolve("data/pg_replslot/lab_changes"));
    assertEquals("logical", LogicalLevel.options(def.cases(List.of("int1")), base, "18").settings().get("wal_level"),
        "a slot left by a killed run: the server would not start below logical");
    assertEquals(1_000_000, Profiles.named("full").cases(List.of("changes")).get(0).workload().expectedRows());
    assertTrue(def.cases(List.of()).stream().anyMatch(c -> c.name().equals("changes-100000")), "in the default");
    assertTrue(Profiles.named("quick").cases(List.of()).stream().noneMatch(c -> c.name().startsWith("changes")));
  }
}

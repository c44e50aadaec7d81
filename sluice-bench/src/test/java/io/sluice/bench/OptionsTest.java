package io.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {

  @Test
  void quickOnlyAndDrivers() {
    Options o = Options.parse("--quick", "--only", "ts60,int1", "--drivers", "vertx,pgjdbc");
    assertEquals("quick", o.profile());
    assertEquals(1, o.warmups());
    assertEquals(3, o.runs());
    assertEquals(List.of("int1", "ts60"), o.workloads(), "workloads keep table order");
    assertEquals(List.of("vertx", "pgjdbc"), o.drivers(), "drivers keep the order given");
  }

  @Test
  void explicitCountsMakeACustomProfile() {
    Options o = Options.parse("--quick", "--runs", "5");
    assertEquals("custom", o.profile());
    assertEquals(1, o.warmups());
    assertEquals(5, o.runs());
  }

  @Test
  void unknownNamesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Options.parse("--only", "t10m"));
    assertThrows(IllegalArgumentException.class, () -> Options.parse("--drivers", "jdbc"));
    assertThrows(IllegalArgumentException.class, () -> Options.parse("--runs", "0"));
    assertThrows(IllegalArgumentException.class, () -> Options.parse("--runs"));
    assertThrows(IllegalArgumentException.class, () -> Options.parse("--fast"));
  }
}

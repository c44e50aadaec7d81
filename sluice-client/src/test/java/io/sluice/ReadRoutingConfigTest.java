package io.sluice;

import static io.sluice.ConfigFixtures.cfg;
import static io.sluice.ConfigFixtures.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code read_routing}, {@code max_standby_lag} and {@code read_your_writes}: parsing, defaults and refusals (issue 23). */
class ReadRoutingConfigTest {

  @Test
  void routingIsOffByDefault() {
    ConnectionConfig c = cfg("host=a,b");
    assertEquals(ReadRouting.PRIMARY, c.readRouting());
    assertFalse(c.readYourWrites());
    assertEquals(Duration.ofSeconds(5), c.maxStandbyLag());
    assertEquals("primary", c.get("read_routing").orElseThrow());
    assertTrue(c.get("max_standby_lag").isEmpty(), "no lag default where it has no effect");
  }

  @Test
  void eachSyntaxSetsTheThreeParameters() {
    for (String s : new String[] {
        "host=a,b read_routing=standby max_standby_lag=250ms read_your_writes=off",
        "postgresql://a,b/db?read_routing=standby&max_standby_lag=250ms&read_your_writes=off",
        "jdbc:postgresql://a,b/db?readRouting=standby&maxStandbyLag=250ms&readYourWrites=off"}) {
      ConnectionConfig c = cfg(s);
      assertEquals(ReadRouting.STANDBY, c.readRouting(), s);
      assertEquals(Duration.ofMillis(250), c.maxStandbyLag(), s);
      assertFalse(c.readYourWrites(), s);
    }
    ConnectionConfig c = cfg("read_routing=prefer-standby");
    assertEquals(ReadRouting.PREFER_STANDBY, c.readRouting());
    assertTrue(c.readYourWrites(), "on by default when reads are routed");
    assertEquals(Duration.ofSeconds(5), c.maxStandbyLag());
    assertEquals("5000ms", c.get("max_standby_lag").orElseThrow());
    assertEquals("on", c.get("read_your_writes").orElseThrow());
  }

  @Test
  void durationsTakeMillisecondsSecondsMinutesOrAPlainNumberOfSeconds() {
    assertEquals(Duration.ofMillis(250), lag("250ms"));
    assertEquals(Duration.ofSeconds(2), lag("2s"));
    assertEquals(Duration.ofMinutes(1), lag("1min"));
    assertEquals(Duration.ofSeconds(3), lag("3"));
    assertEquals(Duration.ofMillis(1500), lag("1.5"));
    assertEquals(Duration.ofMillis(500), lag("0.5s"));
    assertEquals(Duration.ZERO, lag("0"));
  }

  private static Duration lag(String v) {
    return cfg("read_routing=standby max_standby_lag=" + v).maxStandbyLag();
  }

  @Test
  void badValuesNameTheKeyAndWhatItTakes() {
    String m = fails("read_routing=secondary").getMessage();
    assertTrue(m.contains("\"read_routing\"") && m.contains("\"secondary\"") && m.contains("primary, prefer-standby, standby"), m);
    m = fails("read_routing=standby max_standby_lag='5 seconds'").getMessage();
    assertTrue(m.contains("\"max_standby_lag\"") && m.contains("250ms, 2s or 1min"), m);
    m = fails("read_routing=standby max_standby_lag=-1s").getMessage();
    assertTrue(m.contains("\"max_standby_lag\"") && m.contains("\"-1s\""), m);
    m = fails("read_routing=standby max_standby_lag=2d").getMessage();
    assertTrue(m.contains("\"max_standby_lag\""), m);
    m = fails("read_routing=standby max_standby_lag=25h").getMessage();
    assertTrue(m.contains("\"max_standby_lag\"") && m.contains("at most one day"), m);
    m = fails("read_routing=standby read_your_writes=maybe").getMessage();
    assertTrue(m.contains("\"read_your_writes\"") && m.contains("on or off"), m);
    m = fails("jdbc:postgresql://a/db?readRouting=replica").getMessage();
    assertTrue(m.contains("\"read_routing\"") && m.contains("primary, prefer-standby, standby"), m);
  }

  @Test
  void lagAndReadYourWritesWithoutRoutingAreRefusedAsHavingNoEffect() {
    for (String s : new String[] {"max_standby_lag=1s", "read_your_writes=on", "read_routing=primary read_your_writes=off"}) {
      String m = fails(s).getMessage();
      assertTrue(m.contains("has no effect unless read_routing is prefer-standby or standby"), m);
    }
  }

  @Test
  void aSingleConnectionRefusesRouting() {
    ConnectionConfig c = cfg("host=127.0.0.1 port=1 read_routing=prefer-standby");
    ConfigException e = assertThrows(ConfigException.class, () -> Connection.open(c));
    assertTrue(e.getMessage().contains("routing needs a Pool"), e.getMessage());
  }
}

package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigException;
import org.junit.jupiter.api.Test;

class PercentTest {
  @Test
  void decodes() {
    assertEquals("a b", Percent.decode("a%20b", "x", false));
    assertEquals("/var/run", Percent.decode("%2Fvar%2frun", "x", false));
    assertEquals("\u20ac\u00e9", Percent.decode("%E2%82%AC%C3%A9", "x", false));
    assertEquals("\u20ac", Percent.decode("\u20ac", "x", false), "raw non-ASCII passes through");
    assertEquals("\ud83d\ude00x", Percent.decode("\ud83d\ude00%78", "x", false), "surrogate pairs survive");
    assertEquals("a+b", Percent.decode("a+b", "x", false), "+ is not a space in libpq URIs");
    assertEquals("trim", Percent.decode("  trim  ", "x", false));
  }

  @Test
  void rejects() {
    assertThrows(ConfigException.class, () -> Percent.decode("%", "x", false));
    assertThrows(ConfigException.class, () -> Percent.decode("%g0", "x", false));
    assertThrows(ConfigException.class, () -> Percent.decode("%\u0661\u0662", "x", false), "non-ASCII digits");
    assertThrows(ConfigException.class, () -> Percent.decode("%00", "x", false));
    assertThrows(ConfigException.class, () -> Percent.decode("a b", "x", false));
    assertThrows(ConfigException.class, () -> Percent.decode("%FF", "x", false));
  }

  @Test
  void secretPartsAreNotShown() {
    ConfigException e = assertThrows(ConfigException.class, () -> Percent.decode("abc%zz", "URI password", true));
    assertFalse(e.getMessage().contains("%zz"), e.getMessage());
    assertTrue(e.getMessage().contains("URI password"), e.getMessage());
    ConfigException shown = assertThrows(ConfigException.class, () -> Percent.decode("abc%zz", "URI host", false));
    assertTrue(shown.getMessage().contains("\"%zz\""), shown.getMessage());
  }
}

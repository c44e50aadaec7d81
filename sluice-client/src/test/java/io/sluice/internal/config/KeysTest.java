package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigException;
import org.junit.jupiter.api.Test;

class KeysTest {
  @Test
  void secretsAndEnvironment() {
    assertTrue(Keys.isSecret("password"));
    assertTrue(Keys.isSecret("sslpassword"));
    assertTrue(!Keys.isSecret("passfile"));
    assertTrue(Keys.envVars().contains("PGTARGETSESSIONATTRS"));
    assertTrue(Keys.envVars().contains("PGLOADBALANCEHOSTS"));
    assertEquals("PGAPPNAME", Keys.find("application_name").orElseThrow().envVar());
    ConfigException e = assertThrows(ConfigException.class, () -> Keys.require("databse"));
    assertTrue(e.getMessage().contains("\"databse\""), e.getMessage());
  }

  /** Issue 37 §3: a 1 MB unknown name took 2 s to refuse and was echoed whole. */
  @Test
  void aHugeUnknownNameIsRefusedWithABoundedMessage() {
    String name = "x".repeat(1 << 20);
    ConfigException e = assertThrows(ConfigException.class, () -> Keys.require(name));
    assertTrue(e.getMessage().startsWith("unknown connection parameter \"xxxx"), e.getMessage());
    assertTrue(e.getMessage().contains("\"…(1048576 chars)"), e.getMessage());
    assertTrue(e.getMessage().length() < 200, "bounded, not the name: " + e.getMessage().length());
    assertTrue(!e.getMessage().contains("did you mean"), e.getMessage());
  }
}

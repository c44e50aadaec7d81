package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigException;
import org.junit.jupiter.api.Test;

class KeysTest {
  @Test
  void editDistance() {
    assertEquals(0, Keys.editDistance("port", "port"));
    assertEquals(1, Keys.editDistance("sslmodee", "sslmode"));
    assertEquals(1, Keys.editDistance("prot", "pot"));
    assertEquals(2, Keys.editDistance("prot", "port"));
    assertEquals(4, Keys.editDistance("", "host"));
  }

  @Test
  void suggestions() {
    assertEquals("sslmode", Keys.nearest("sslmod"));
    assertEquals("dbname", Keys.nearest("dbnam"));
    assertEquals("password", Keys.nearest("passwrd"));
    assertEquals("channel_binding", Keys.nearest("channel-binding"));
    assertEquals("dbname", Keys.nearest("database"), "an alias, too far for the edit distance");
    assertEquals("user", Keys.nearest("username"));
    assertNull(Keys.nearest("xyzzy"));
  }

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
}

package io.sluice.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.ConfigException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** pgjdbc's Kerberos parameters become Sluice's keywords; none is accepted and dropped. */
class GssParametersTest {
  private static DriverSettings parse(String url, String... props) {
    return DriverSettingsTest.parse(url, props);
  }

  @Test
  void kerberosServerNameJaasApplicationNameAndGsslibAreMapped() {
    DriverSettings s = parse("jdbc:postgresql://db/app?user=u&kerberosServerName=pgsvc&gsslib=auto",
        "jaasApplicationName", "MyKerberosEntry");
    assertEquals(Optional.of("pgsvc"), s.config().get("krbsrvname"));
    assertEquals(Optional.of("MyKerberosEntry"), s.config().get("jaas_application_name"));
    assertEquals(Optional.of("gssapi"), s.config().get("gsslib"));
  }

  @Test
  void sspiIsRefusedNamingIt() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> parse("jdbc:postgresql://db/app?user=u&gsslib=sspi"));
    assertTrue(e.getMessage().contains("gsslib=sspi"), e.getMessage());
  }

  @Test
  void aBadServiceNameIsRefused() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> parse("jdbc:postgresql://db/app?user=u&kerberosServerName=postgres/db"));
    assertTrue(e.getMessage().contains("krbsrvname"), e.getMessage());
  }

  /** A megabyte of bad value is quoted as a 64-character prefix and its length, not whole (issue 37 §3). */
  @Test
  void aHugeBadValueIsQuotedShort() {
    String huge = "x".repeat(1 << 20);
    ConfigException e = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://db/app?user=u&gsslib=" + huge));
    assertTrue(e.getMessage().contains("gsslib") && e.getMessage().contains("(1048576 chars)"), e.getMessage());
    assertTrue(e.getMessage().length() < 300, "message of " + e.getMessage().length() + " chars");
  }
}

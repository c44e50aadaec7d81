package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuthMethodTest {

  @Test
  void keywordsRoundTrip() {
    for (AuthMethod m : AuthMethod.values()) {
      assertEquals(Optional.of(m), AuthMethod.fromKeyword(m.keyword()));
    }
    assertEquals(Optional.of(AuthMethod.SCRAM_SHA_256), AuthMethod.fromKeyword(" SCRAM-SHA-256 "));
    assertEquals(Optional.empty(), AuthMethod.fromKeyword("scram-sha-256-plus"));
    assertEquals("md5", AuthMethod.MD5.keyword());
  }
}

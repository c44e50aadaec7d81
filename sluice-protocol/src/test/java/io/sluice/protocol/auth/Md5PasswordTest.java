package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Fixtures computed in the shell with coreutils:
 *
 * <pre>
 * h=$(printf 'sluice-secretalice' | md5sum | cut -c1-32)
 * { printf '%s' "$h"; printf '\x01\x02\x03\x04'; } | md5sum
 * </pre>
 */
class Md5PasswordTest {

  @Test
  void asciiFixture() {
    assertEquals("md50c414966303f4356966b2ef1afd9c10c",
        Md5Password.encode("alice", "sluice-secret", new byte[] {1, 2, 3, 4}));
  }

  /** password "p\u00e4ssword" as UTF-8 (printf 'p\xc3\xa4sswordbob'), salt de ad be ef. */
  @Test
  void utf8Fixture() {
    assertEquals("md5392db31699afcb1b99bbd30369853f7e",
        Md5Password.encode("bob", "p\u00e4ssword", new byte[] {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef}));
  }

  @Test
  void saltMustBeFourBytes() {
    assertThrows(IllegalArgumentException.class,
        () -> Md5Password.encode("alice", "sluice-secret", new byte[3]));
  }

  @Test
  void unusablePasswordsAreRefusedWithoutQuotingThem() {
    assertThrows(IllegalArgumentException.class, () -> Md5Password.encode("alice", "", new byte[4]));
    var e = assertThrows(IllegalArgumentException.class,
        () -> Md5Password.encode("alice", "Zq7\0secret", new byte[4]));
    assertFalse(e.getMessage().contains("Zq7"));
  }
}

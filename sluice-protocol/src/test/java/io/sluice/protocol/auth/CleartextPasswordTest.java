package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CleartextPasswordTest {

  @Test
  void utf8BytesWithoutSaslPrep() {
    // U+00A0 would be a space after SASLprep; cleartext keeps it (C2 A0)
    assertArrayEquals(new byte[] {'a', (byte) 0xC2, (byte) 0xA0, 'b'},
        CleartextPassword.encode("a\u00A0b"));
  }

  @Test
  void unusablePasswordsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> CleartextPassword.encode(""));
    assertThrows(IllegalArgumentException.class, () -> CleartextPassword.encode("a\0b"));
    assertThrows(IllegalArgumentException.class, () -> CleartextPassword.encode("a\uDC00"));
  }
}

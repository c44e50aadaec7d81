package io.sluice.internal.statements;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ProtocolViolationException;
import io.sluice.SluiceException;
import org.junit.jupiter.api.Test;

/** The binary COPY stream is untrusted: a malformed header is the driver's protocol error. */
class CopyTuplesTest {
  @Test
  void aNegativeHeaderExtensionIsAProtocolViolation() {
    byte[] header = {
        'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0,   // signature
        0, 0, 0, 0,                                                     // flags
        (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xF0,             // extension length: -16
        0, 1, 0, 0, 0, 1, 'x'};                                         // a tuple that must not be read
    CopyTuples tuples = new CopyTuples((buf, off, len) -> fail("no tuple after a malformed header"));
    ProtocolViolationException e = assertThrows(ProtocolViolationException.class,
        () -> tuples.data(header, 0, header.length));
    assertEquals(SluiceException.Outcome.UNKNOWN, e.outcome());
    assertTrue(e.getMessage().contains("-16"), e.getMessage());
  }
}

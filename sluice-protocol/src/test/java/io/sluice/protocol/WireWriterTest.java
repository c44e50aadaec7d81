package io.sluice.protocol;

import static io.sluice.protocol.HexDump.assertBytes;
import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WireWriterTest {

  @Test
  void integersAreBigEndian() {
    WireWriter w = new WireWriter(16);
    w.int8(0xAB).int16(0x1234).int32(0xDEADBEEF).int64(0x0102030405060708L);
    assertBytes(bytes(
        0xAB,                         // int8
        0x12, 0x34,                   // int16
        0xDE, 0xAD, 0xBE, 0xEF,       // int32
        1, 2, 3, 4, 5, 6, 7, 8),      // int64
        w.toByteArray());
  }

  @Test
  void beginAndEndBackPatchTheLengthCountingItself() {
    WireWriter w = new WireWriter();
    int at = w.begin((byte) 'Q');
    w.cstring("select 1");
    w.end(at);
    assertBytes(bytes('Q', 0, 0, 0, 13, "select 1", 0), w.toByteArray());
  }

  @Test
  void cstringEncodesUtf8AndSurrogatePairs() {
    WireWriter w = new WireWriter(16);
    w.cstring("é").cstring("\uD83D\uDE00");
    assertBytes(bytes(0xC3, 0xA9, 0, 0xF0, 0x9F, 0x98, 0x80, 0), w.toByteArray());
  }

  /** Regression: after the UTF-8 path filled the buffer exactly, the NUL was stored out of bounds. */
  @Test
  void nonAsciiCstringFillingTheBufferExactlyStillGetsItsTerminator() {
    WireWriter w = new WireWriter(16);
    w.cstring("é".repeat(8)); // 16 bytes of UTF-8 in a 16-byte buffer, then the NUL
    assertEquals(17, w.size());
    assertEquals(0, w.array()[16]);
  }

  @Test
  void nulInsideAnAsciiCstringIsRejected() {
    ProtocolException e = assertThrows(ProtocolException.class, () -> new WireWriter().cstring("a\0b"));
    assertTrue(e.getMessage().contains("NUL"), e.getMessage());
  }

  /** Regression: the NUL check stopped at the first non-ASCII character, so "é\0x" was written. */
  @Test
  void nulAfterANonAsciiCharacterIsNotSmuggledIntoTheNextField() {
    ProtocolException e = assertThrows(ProtocolException.class, () -> new WireWriter().cstring("é\0; drop table t"));
    assertTrue(e.getMessage().contains("NUL"), e.getMessage());
  }

  @Test
  void nulInsideAByteCstringIsRejected() {
    ProtocolException e = assertThrows(ProtocolException.class,
        () -> new WireWriter().cstring(new byte[] {'p', 0, 'w'}));
    assertTrue(e.getMessage().contains("NUL"), e.getMessage());
  }

  @Test
  void loneSurrogatesAreRejected() {
    for (String s : new String[] {"a\uD800b", "\uDC00", "tail\uD83D", "\uDE00\uD83D"}) {
      ProtocolException e = assertThrows(ProtocolException.class, () -> new WireWriter().cstring(s), s);
      assertTrue(e.getMessage().contains("surrogate"), e.getMessage());
    }
  }

  @Test
  void theLimitIsPostgresqlsLargeMessageLimit() {
    // PQ_LARGE_MESSAGE_LIMIT = MaxAllocSize - 1 = 0x3FFFFFFE, compared by pq_getmessage with the
    // length word as sent; regression: the limit was one byte too high
    assertEquals(0x3FFF_FFFE, WireWriter.MAX_MESSAGE_LENGTH);
  }

  @Test
  void endAcceptsAMessageOfExactlyTheLimit() {
    WireWriter w = new WireWriter(16, 100);
    int at = w.begin((byte) 'd');
    w.skip(96);
    w.end(at);
    assertEquals(100, WireReader.getInt(w.array(), 1));
  }

  @Test
  void endRejectsAMessageOverTheLimitWithoutWritingItsLength() {
    WireWriter w = new WireWriter(16, 100);
    w.int8(7);
    int before = w.size();
    int at = w.begin((byte) 'd');
    w.skip(97);
    ProtocolException e = assertThrows(ProtocolException.class, () -> w.end(at));
    assertTrue(e.getMessage().contains("101 bytes"), e.getMessage());
    assertEquals(0, WireReader.getInt(w.array(), at), "no length may be written for a refused message");
    w.truncate(before);
    assertBytes(bytes(7), w.toByteArray());
  }

  /** The real limit, when the test JVM can afford a 1 GiB buffer. */
  @Test
  void endRejectsAMessageOneByteOverOneGibibyte() {
    assumeTrue(Runtime.getRuntime().maxMemory() >= 3L << 30, "needs a heap of 3 GiB");
    WireWriter w = new WireWriter(WireWriter.MAX_MESSAGE_LENGTH + 8);
    int at = w.begin((byte) 'd');
    w.skip(WireWriter.MAX_MESSAGE_LENGTH - 4);
    w.end(at);
    assertEquals(WireWriter.MAX_MESSAGE_LENGTH, WireReader.getInt(w.array(), at));
    w.skip(1);
    assertThrows(ProtocolException.class, () -> w.end(at));
  }

  @Test
  void negativeSkipAndEnsureAreRefused() {
    WireWriter w = new WireWriter(16);
    w.int32(1);
    assertThrows(IllegalArgumentException.class, () -> w.skip(-2));
    assertThrows(IllegalArgumentException.class, () -> w.ensure(-2));
    assertEquals(4, w.size());
  }

  @Test
  void growsAcrossManyWritesAndMatchesAReferenceStream() throws IOException {
    Random random = new Random(42);
    WireWriter w = new WireWriter(1);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    DataOutputStream ref = new DataOutputStream(expected);
    for (int i = 0; i < 50_000; i++) {
      switch (random.nextInt(5)) {
        case 0 -> { int v = random.nextInt(); w.int8(v); ref.writeByte(v); }
        case 1 -> { int v = random.nextInt(); w.int16(v); ref.writeShort(v); }
        case 2 -> { int v = random.nextInt(); w.int32(v); ref.writeInt(v); }
        case 3 -> { long v = random.nextLong(); w.int64(v); ref.writeLong(v); }
        default -> {
          String s = "s" + random.nextInt(1000) + "é".repeat(random.nextInt(3));
          w.cstring(s);
          ref.write(s.getBytes(StandardCharsets.UTF_8));
          ref.writeByte(0);
        }
      }
    }
    assertBytes(expected.toByteArray(), w.toByteArray());
  }

  @Test
  void aLargeWriteGrowsTheBufferInOneStep() {
    WireWriter w = new WireWriter(16);
    byte[] big = new byte[100_000];
    big[99_999] = 9;
    w.int8(1).bytes(big);
    assertEquals(100_001, w.size());
    assertEquals(9, w.array()[100_000]);
  }

  @Test
  void truncateUndoesAPartialMessageAndWritingContinues() {
    WireWriter w = new WireWriter(16);
    w.int32(1);
    int mark = w.size();
    w.begin((byte) 'P');
    assertThrows(ProtocolException.class, () -> w.cstring("bad\0"));
    w.truncate(mark);
    w.int8('S');
    assertBytes(bytes(0, 0, 0, 1, 'S'), w.toByteArray());
    assertThrows(IllegalArgumentException.class, () -> w.truncate(6));
    assertThrows(IllegalArgumentException.class, () -> w.truncate(-1));
  }

  @Test
  void resetKeepsTheBuffer() {
    WireWriter w = new WireWriter(16);
    byte[] before = w.array();
    w.int32(5).reset();
    assertEquals(0, w.size());
    assertSame(before, w.array());
  }

  @Test
  void skipReservesRoomForALaterPutInt() {
    WireWriter w = new WireWriter(16);
    int at = w.skip(4);
    w.int8(1);
    w.putInt(at, 0x01020304);
    assertBytes(bytes(1, 2, 3, 4, 1), w.toByteArray());
  }
}

package io.sluice.protocol;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The hot replies read in place (issue 14): the same bytes the fixtures test, read without
 * records, and every malformed body refused.
 */
class ReplyBodiesTest {
  /** A frame reader positioned on the one message in {@code bytes}. */
  static FrameReader frame(byte[] bytes) throws IOException {
    ByteArrayInputStream in = new ByteArrayInputStream(bytes);
    FrameReader r = new FrameReader(in::read, 1 << 20, 64);
    r.next();
    return r;
  }

  static byte[] message(char type, byte... body) {
    byte[] m = new byte[5 + body.length];
    m[0] = (byte) type;
    int len = 4 + body.length;
    m[1] = (byte) (len >>> 24);
    m[2] = (byte) (len >>> 16);
    m[3] = (byte) (len >>> 8);
    m[4] = (byte) len;
    System.arraycopy(body, 0, m, 5, body.length);
    return m;
  }

  @Test
  void commandTagIsReadInPlaceAndMustEndAtItsNul() throws IOException {
    byte[] ok = BackendEncoder.toBytes(new BackendMessage.CommandComplete("INSERT 0 5"));
    assertEquals("INSERT 0 5", ReplyBodies.commandTag(frame(ok)));
    assertThrows(ProtocolException.class, () -> ReplyBodies.commandTag(frame(message('C', (byte) 'S', (byte) 'E'))));
    assertThrows(ProtocolException.class,
        () -> ReplyBodies.commandTag(frame(message('C', (byte) 'A', (byte) 0, (byte) 'B', (byte) 0))));
  }

  @Test
  void readyStatusIsOneKnownByte() throws IOException {
    for (TransactionStatus s : TransactionStatus.values()) {
      assertEquals(s, ReplyBodies.readyStatus(frame(BackendEncoder.toBytes(new BackendMessage.ReadyForQuery(s)))));
    }
    assertThrows(ProtocolException.class, () -> ReplyBodies.readyStatus(frame(message('Z', (byte) 'X'))));
    assertThrows(ProtocolException.class, () -> ReplyBodies.readyStatus(frame(message('Z', (byte) 'I', (byte) 'I'))));
  }

  @Test
  void dataRowFramingIsCheckedAgainstTheColumns() throws IOException {
    byte[] row = BackendEncoder.toBytes(new BackendMessage.DataRow(new byte[][] {{1, 2}, null}));
    ReplyBodies.checkDataRow(frame(row), 2);
    assertThrows(ProtocolException.class, () -> ReplyBodies.checkDataRow(frame(row), 3));
    // one value of 9 bytes in a body that has 2
    assertThrows(ProtocolException.class,
        () -> ReplyBodies.checkDataRow(frame(message('D', (byte) 0, (byte) 1, (byte) 0, (byte) 0, (byte) 0, (byte) 9,
            (byte) 1, (byte) 2)), 1));
    // a NULL, then a byte too many
    assertThrows(ProtocolException.class,
        () -> ReplyBodies.checkDataRow(frame(message('D', (byte) 0, (byte) 1, (byte) -1, (byte) -1, (byte) -1,
            (byte) -1, (byte) 7)), 1));
  }

  @Test
  void tagsCountRowsOnlyForCommandsThatReportThem() {
    assertEquals(5, CommandTags.rowCount("INSERT 0 5"));
    assertEquals(10, CommandTags.rowCount("SELECT 10"));
    assertEquals(7, CommandTags.rowCount("COPY 7"));
    assertEquals(3, CommandTags.rowCount("MOVE 3"));
    assertEquals(-1, CommandTags.rowCount("CREATE TABLE"));
    assertEquals(-1, CommandTags.rowCount(""));
    assertEquals(-1, CommandTags.rowCount(null));
    assertEquals(-1, CommandTags.rowCount("SELECT x"));
    ReplyBodies.checkRowCount("SELECT 2", 2, 1);
    ReplyBodies.checkRowCount("COPY 9", 0, 1);              // COPY does not count DataRows
    ReplyBodies.checkRowCount("INSERT 0 4", 0, 0);          // no columns: no rows sent
    assertThrows(ProtocolException.class, () -> ReplyBodies.checkRowCount("SELECT 3", 2, 1));
    assertThrows(ProtocolException.class, () -> ReplyBodies.checkRowCount("SELECT three", 3, 1));
  }
}

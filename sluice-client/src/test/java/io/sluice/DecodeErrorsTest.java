package io.sluice;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ScriptedServer.Column;
import io.sluice.protocol.BackendEncoder;
import io.sluice.protocol.BackendMessage;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Bytes from a server that cannot be decoded. A value is an error of that value only: a {@link
 * ValueException} naming its column, and the connection goes on. A message that cannot be read
 * (a column name or a command tag that is not UTF-8) breaks the protocol: a {@link
 * ProtocolViolationException} and the connection is closed. Never a bare Java exception.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DecodeErrorsTest {
  static final byte[] SELECT_1 = "SELECT 1".getBytes(StandardCharsets.US_ASCII);
  static final byte[] NOT_UTF8 = {'a', (byte) 0xFF, 'b'};

  static ValueException assertValueError(String column, Executable read) {
    ValueException e = assertThrows(ValueException.class, read);
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains("column " + column), e.getMessage());
    return e;
  }

  /** One row of one column {@code name} of type {@code oid}, holding {@code value}. */
  static ScriptedServer serving(String name, int oid, int size, byte[] value) throws Exception {
    return new ScriptedServer(ScriptedServer.rows(List.of(new Column(name, oid, size)),
        List.<byte[][]>of(new byte[][] {value}), SELECT_1));
  }

  @Test
  void textThatIsNotUtf8IsAValueErrorOfItsColumn() throws Exception {
    try (ScriptedServer s = serving("v", 25, -1, NOT_UTF8); Connection c = Connection.open(s.url())) {
      Row r = c.query("select v").get(0);
      assertValueError("v", () -> r.getString("v"));
      assertValueError("v", () -> r.get("v"));
      assertValueError("v", r::toMap);
      assertTrue(c.isOpen());
      assertEquals(1, c.query("select v").size(), "the connection goes on");
    }
  }

  @Test
  void aStreamedRowThatIsNotUtf8IsAValueError() throws Exception {
    try (ScriptedServer s = serving("v", 25, -1, NOT_UTF8); Connection c = Connection.open(s.url())) {
      assertValueError("v", () -> c.forEach("select v", r -> r.getString(0)));
      assertTrue(c.isOpen());
    }
  }

  @Test
  void aSimpleQueryValueThatIsNotUtf8IsAValueErrorAndTheConnectionGoesOn() throws Exception {
    ScriptedServer.Replies simple = (batch, out) -> {
      out.write(ScriptedServer.rowDescription(List.of(new Column("v", 25, -1))));
      out.write(io.sluice.protocol.BackendEncoder.toBytes(new io.sluice.protocol.BackendMessage.DataRow(
          new byte[][] {NOT_UTF8})));
      out.write(io.sluice.protocol.BackendEncoder.toBytes(new io.sluice.protocol.BackendMessage.CommandComplete(
          "SELECT 1")));
    };
    try (ScriptedServer s = new ScriptedServer(simple); Connection c = Connection.open(s.url())) {
      assertValueError("v", () -> c.simpleQuery("select v"));
      assertTrue(c.isOpen());
      assertThrows(ValueException.class, () -> c.simpleQuery("select v"), "the connection goes on");
    }
  }

  @Test
  void aShortBinaryFloat8IsAValueErrorNotAMisread() throws Exception {
    try (ScriptedServer s = serving("d", 701, 8, new byte[] {0x40, 0, 0, 0}); Connection c = Connection.open(s.url())) {
      RowSet rs = c.query("select d");
      assertTrue(rs.columns().get(0).binary(), "float8 is asked for in binary");
      ValueException e = assertValueError("d", () -> rs.get(0).getDouble(0));
      assertTrue(e.getMessage().contains("has 8 bytes, but the server sent 4"), e.getMessage());
    }
  }

  @Test
  void aShortBinaryIntegerIsAValueError() throws Exception {
    try (ScriptedServer s = serving("n", 20, 8, new byte[] {0, 0, 0, 1}); Connection c = Connection.open(s.url())) {
      RowSet rs = c.query("select n");
      assertTrue(rs.columns().get(0).binary(), "int8 is asked for in binary");
      assertValueError("n", () -> rs.get(0).getLong(0));
      assertValueError("n", () -> rs.get(0).getInt(0));
    }
  }

  @Test
  void anEmptyBooleanIsAValueError() throws Exception {
    try (ScriptedServer s = serving("b", 16, 1, new byte[0]); Connection c = Connection.open(s.url())) {
      assertValueError("b", () -> c.query("select b").get(0).getBoolean(0));
    }
  }

  @Test
  void aColumnNameThatIsNotUtf8BreaksTheProtocol() throws Exception {
    try (ScriptedServer s = new ScriptedServer(ScriptedServer.rows(List.of(new Column(NOT_UTF8, 25, -1)),
        List.of(), SELECT_1)); Connection c = Connection.open(s.url())) {
      ProtocolViolationException e = assertThrows(ProtocolViolationException.class, () -> c.query("select 1"));
      assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
      assertFalse(c.isOpen(), "a message that cannot be read leaves the stream untrustworthy");
    }
  }

  @Test
  void aCommandTagThatIsNotUtf8BreaksTheProtocol() throws Exception {
    try (ScriptedServer s = new ScriptedServer(ScriptedServer.rows(List.of(new Column("v", 25, -1)),
        List.<byte[][]>of(new byte[][] {{'x'}}), NOT_UTF8)); Connection c = Connection.open(s.url())) {
      SluiceException e = assertThrows(SluiceException.class, () -> c.query("select v"));
      assertInstanceOf(ProtocolViolationException.class, e);
      assertFalse(c.isOpen());
    }
  }

  /** COPY TO STDOUT whose data is {@code data}, in one CopyData message. */
  static ScriptedServer copyingOut(byte[] data) throws Exception {
    return new ScriptedServer((batch, out) -> {
      out.write(BackendEncoder.toBytes(new BackendMessage.CopyOutResponse(0, new short[] {0})));
      out.write(BackendEncoder.toBytes(new BackendMessage.CopyData(data)));
      out.write(BackendEncoder.toBytes(BackendMessage.CopyDone.INSTANCE));
      out.write(BackendEncoder.toBytes(new BackendMessage.CommandComplete("COPY 1")));
    });
  }

  @Test
  void copyDataThatIsNotUtf8IsAValueErrorForAWriter() throws Exception {
    try (ScriptedServer s = copyingOut(NOT_UTF8); Connection c = Connection.open(s.url())) {
      ValueException e = assertThrows(ValueException.class, () -> c.copy().to("copy t to stdout", new StringWriter()));
      assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
      assertTrue(c.isOpen());
    }
  }

  @Test
  void copyDataEndingInHalfACharacterIsAValueErrorForAWriter() throws Exception {
    try (ScriptedServer s = copyingOut(new byte[] {'a', (byte) 0xC3}); Connection c = Connection.open(s.url())) {
      ValueException e = assertThrows(ValueException.class, () -> c.copy().to("copy t to stdout", new StringWriter()));
      assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }
  }
}

package io.sluice.hostile;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.ProtocolViolationException;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.SluiceException;
import io.sluice.ValueException;
import io.sluice.protocol.BackendMessage.CommandComplete;
import io.sluice.protocol.BackendMessage.DataRow;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.BackendMessage.RowDescription;
import io.sluice.protocol.BackendMessage;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.FakeDatabase.Definition;
import io.sluice.testkit.FakeDatabase.Result;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
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
  static final byte[] SELECT_1 = Replies.bytes(new CommandComplete("SELECT 1"));
  static final byte[] NOT_UTF8 = {'a', (byte) 0xFF, 'b'};
  /** Any statement: one column, no rows. Its RowDescription and its end are what a test rewrites. */
  static final Definition ONE_COLUMN = new Definition(new int[0], Replies.textColumns("placeholder"),
      p -> Result.rows(List.of()));
  /** Any statement: no columns, no rows (what COPY TO STDOUT is, before its end is rewritten). */
  static final Definition NO_COLUMNS = new Definition(new int[0], List.of(), p -> Result.command("COPY 0"));

  static ValueException assertValueError(String column, Executable read) {
    ValueException e = assertThrows(ValueException.class, read);
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains("column " + column), e.getMessage());
    return e;
  }

  /**
   * A server that answers every statement as PostgreSQL would (extended or simple protocol), as
   * {@code every} defines it, with each frame of its replies rewritten by {@code rewrite}.
   */
  static ScriptedServer rewriting(Definition every, UnaryOperator<byte[]> rewrite) throws IOException {
    return ScriptedServer.start(new FakeDatabase().fallback(sql -> every), conn -> {
      for (Exchange x = conn.next(); x != null; x = conn.next()) {
        conn.send(Replies.concat(x.frames().stream().map(rewrite).toList()));
      }
    });
  }

  /**
   * Every statement is described by the RowDescription {@code description} and returns
   * {@code rows}, then the CommandComplete {@code tag}: raw frames, so that they can be invalid.
   */
  static ScriptedServer serving(byte[] description, List<byte[][]> rows, byte[] tag) throws IOException {
    List<byte[]> end = new ArrayList<>();
    rows.forEach(r -> end.add(Replies.bytes(new DataRow(r))));
    end.add(tag);
    byte[] ending = Replies.concat(end);
    return rewriting(ONE_COLUMN, frame -> switch ((char) frame[0]) {
      case 'T' -> description;
      case 'C' -> ending;
      default -> frame;
    });
  }

  /** A RowDescription of one column {@code name} of type {@code oid}, in text format. */
  static byte[] column(String name, int oid, int size) {
    return Replies.bytes(new RowDescription(List.of(new Field(name, 0, (short) 0, oid, (short) size, -1, (short) 0))));
  }

  /** One row of one column {@code name} of type {@code oid}, holding {@code value}. */
  static ScriptedServer serving(String name, int oid, int size, byte[] value) throws Exception {
    return serving(column(name, oid, size), List.<byte[][]>of(new byte[][] {value}), SELECT_1);
  }

  static String url(ScriptedServer s) {
    return s.url("query_timeout=10");
  }

  @Test
  void textThatIsNotUtf8IsAValueErrorOfItsColumn() throws Exception {
    try (ScriptedServer s = serving("v", 25, -1, NOT_UTF8); Connection c = Connection.open(url(s))) {
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
    try (ScriptedServer s = serving("v", 25, -1, NOT_UTF8); Connection c = Connection.open(url(s))) {
      assertValueError("v", () -> c.forEach("select v", r -> r.getString(0)));
      assertTrue(c.isOpen());
    }
  }

  @Test
  void aSimpleQueryValueThatIsNotUtf8IsAValueErrorAndTheConnectionGoesOn() throws Exception {
    try (ScriptedServer s = serving("v", 25, -1, NOT_UTF8); Connection c = Connection.open(url(s))) {
      assertValueError("v", () -> c.simpleQuery("select v"));
      assertTrue(c.isOpen());
      assertThrows(ValueException.class, () -> c.simpleQuery("select v"), "the connection goes on");
    }
  }

  @Test
  void aShortBinaryFloat8IsAValueErrorNotAMisread() throws Exception {
    try (ScriptedServer s = serving("d", 701, 8, new byte[] {0x40, 0, 0, 0}); Connection c = Connection.open(url(s))) {
      RowSet rs = c.query("select d");
      assertTrue(rs.columns().get(0).binary(), "float8 is asked for in binary");
      ValueException e = assertValueError("d", () -> rs.get(0).getDouble(0));
      assertTrue(e.getMessage().contains("has 8 bytes, but the server sent 4"), e.getMessage());
    }
  }

  @Test
  void aShortBinaryIntegerIsAValueError() throws Exception {
    try (ScriptedServer s = serving("n", 20, 8, new byte[] {0, 0, 0, 1}); Connection c = Connection.open(url(s))) {
      RowSet rs = c.query("select n");
      assertTrue(rs.columns().get(0).binary(), "int8 is asked for in binary");
      assertValueError("n", () -> rs.get(0).getLong(0));
      assertValueError("n", () -> rs.get(0).getInt(0));
    }
  }

  @Test
  void anEmptyBooleanIsAValueError() throws Exception {
    try (ScriptedServer s = serving("b", 16, 1, new byte[0]); Connection c = Connection.open(url(s))) {
      assertValueError("b", () -> c.query("select b").get(0).getBoolean(0));
    }
  }

  @Test
  void aColumnNameThatIsNotUtf8BreaksTheProtocol() throws Exception {
    byte[] badName = Replies.frame('T', w -> w.int16(1)
        .cstring(NOT_UTF8).int32(0).int16(0).int32(25).int16(-1).int32(-1).int16(0));
    try (ScriptedServer s = serving(badName, List.of(), SELECT_1); Connection c = Connection.open(url(s))) {
      ProtocolViolationException e = assertThrows(ProtocolViolationException.class, () -> c.query("select 1"));
      assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
      assertFalse(c.isOpen(), "a message that cannot be read leaves the stream untrustworthy");
    }
  }

  @Test
  void aCommandTagThatIsNotUtf8BreaksTheProtocol() throws Exception {
    byte[] badTag = Replies.frame('C', w -> w.cstring(NOT_UTF8));
    try (ScriptedServer s = serving(column("v", 25, -1), List.<byte[][]>of(new byte[][] {{'x'}}), badTag);
        Connection c = Connection.open(url(s))) {
      SluiceException e = assertThrows(SluiceException.class, () -> c.query("select v"));
      assertInstanceOf(ProtocolViolationException.class, e);
      assertFalse(c.isOpen());
    }
  }

  /** COPY TO STDOUT whose data is {@code data}, in one CopyData message. */
  static ScriptedServer copyingOut(byte[] data) throws Exception {
    byte[] copy = Replies.bytes(new BackendMessage.CopyOutResponse(0, new short[] {0}),
        new BackendMessage.CopyData(data), BackendMessage.CopyDone.INSTANCE, new CommandComplete("COPY 1"));
    return rewriting(NO_COLUMNS, frame -> frame[0] == 'C' ? copy : frame);
  }

  @Test
  void copyDataThatIsNotUtf8IsAValueErrorForAWriter() throws Exception {
    try (ScriptedServer s = copyingOut(NOT_UTF8); Connection c = Connection.open(url(s))) {
      ValueException e = assertThrows(ValueException.class, () -> c.copy().to("copy t to stdout", new StringWriter()));
      assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
      assertTrue(c.isOpen());
    }
  }

  @Test
  void copyDataEndingInHalfACharacterIsAValueErrorForAWriter() throws Exception {
    try (ScriptedServer s = copyingOut(new byte[] {'a', (byte) 0xC3}); Connection c = Connection.open(url(s))) {
      ValueException e = assertThrows(ValueException.class, () -> c.copy().to("copy t to stdout", new StringWriter()));
      assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }
  }
}

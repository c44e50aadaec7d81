package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.protocol.BindWriter;
import io.sluice.protocol.FrontendMessage;
import io.sluice.testkit.Exchange;
import io.sluice.testkit.FakeDatabase.Definition;
import io.sluice.testkit.FakeDatabase.Result;
import io.sluice.testkit.FakeDatabase;
import io.sluice.testkit.Replies;
import io.sluice.testkit.ScriptedServer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14, one vocabulary: the Bind a query sends, read back by the protocol's fixture-tested
 * decoder, carries exactly the values given (text and binary, NULL, bytes). The request path and
 * the {@link FrontendMessage.Bind} record the byte fixtures test both write through {@link
 * BindWriter}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class BindBytesTest {
  static final String SQL = "select $1, $2, $3, $4";
  /** text, text, int4, bytea: the parameter types the fake server infers. */
  static final FakeDatabase DB = new FakeDatabase()
      .define(SQL, new Definition(new int[] {25, 25, 23, 17}, Replies.textColumns("a"), p -> Result.rows(
          List.of(List.of("ok")))));

  @Test
  void theBindAQuerySendsDecodesToItsValues() throws Exception {
    List<FrontendMessage.Bind> binds = new CopyOnWriteArrayList<>();
    try (ScriptedServer server = ScriptedServer.start(DB, conn -> {
      while (true) {
        Exchange x = conn.next();
        if (x == null) {
          return;
        }
        x.messages().stream().filter(m -> m instanceof FrontendMessage.Bind)
            .forEach(m -> binds.add((FrontendMessage.Bind) m));
        conn.answer(x);
      }
    }); Connection c = Connection.open(server.url(""))) {
      assertEquals("ok", c.query(SQL, "héllo", null, 42, new byte[] {0, 1, (byte) 0xFF}).get(0).getString(0));
    }
    assertEquals(1, binds.size(), "one Bind: " + binds);
    FrontendMessage.Bind b = binds.get(0);
    assertEquals("", b.portal());
    assertEquals(4, b.parameters().length);
    assertEquals(4, b.parameterFormats().length, "one format code per value");
    assertArrayEquals("héllo".getBytes(StandardCharsets.UTF_8), b.parameters()[0]);
    assertNull(b.parameters()[1]);
    assertArrayEquals(b.parameterFormats()[2] == 1 ? new byte[] {0, 0, 0, 42} : "42".getBytes(StandardCharsets.UTF_8),
        b.parameters()[2]);
    assertEquals(1, b.parameterFormats()[3], "bytea travels binary");
    assertArrayEquals(new byte[] {0, 1, (byte) 0xFF}, b.parameters()[3]);
  }
}

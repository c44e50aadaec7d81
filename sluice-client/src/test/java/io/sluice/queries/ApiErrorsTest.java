package io.sluice.queries;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.Connection;
import io.sluice.CopyFormat;
import io.sluice.HostPort;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.SluiceException;
import io.sluice.TxOptions;
import io.sluice.ValueException;
import io.sluice.sql.Identifiers;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Bad input and values that do not convert fail as {@link SluiceException}s with an outcome, never
 * as bare Java exceptions (each test names the one that used to escape), and leave the connection
 * usable.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class ApiErrorsTest {
  static Connection c;

  @BeforeAll
  static void connect() {
    c = Connection.open(PostgresServer.shared().uri());
    c.execute("create table if not exists api_errors (a text, b int)");
  }

  @AfterAll
  static void close() {
    c.close();
  }

  static ValueException assertValueError(String expected, Executable call) {
    ValueException e = assertThrows(ValueException.class, call);
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertEquals(1, c.query("select 1").get(0).getInt(0), "the connection goes on");
    return e;
  }

  @Test
  void anIdentifierWithALoneSurrogate() {
    // was io.sluice.protocol.ProtocolException
    assertValueError("lone surrogate", () -> Identifiers.quote("a\uD800"));
    assertValueError("lone surrogate", () -> c.copy().fromRows("api_errors", List.of("\uDC00"), CopyFormat.TEXT,
        List.of()));
  }

  @Test
  void aFractionIsNoBigInteger() {
    // was ArithmeticException
    Row r = c.query("select 1.5::numeric as n, 2.0::numeric as w, 2.0::float8 as f").get(0);
    assertValueError("1.5", () -> r.getBigInteger(0));
    assertValueError("1.5", () -> r.get(0, BigInteger.class));
    assertEquals(BigInteger.TWO, r.getBigInteger(1));
    assertEquals(BigInteger.TWO, r.getBigInteger(2));
  }

  @Test
  void notANumberAndTheInfinitiesAreNoBigDecimal() {
    // were NumberFormatException
    // numeric infinities are PostgreSQL 14's: before, a second numeric NaN
    String infinity = PostgresServer.shared().majorVersion() >= 14 ? "'Infinity'::numeric" : "'NaN'::numeric";
    Row r = c.query("select 'NaN'::float8, '-Infinity'::float4, 'NaN'::numeric, " + infinity).get(0);
    for (int i = 0; i < 4; i++) {
      int column = i;
      assertValueError("cannot be read as BigDecimal", () -> r.getBigDecimal(column));
    }
  }

  @Test
  void copyRowsWithALoneSurrogateNameTheirColumn() {
    // were io.sluice.protocol.ProtocolException
    for (CopyFormat format : List.of(CopyFormat.TEXT, CopyFormat.CSV)) {
      assertValueError("row 2, column a", () -> c.copy().fromRows("api_errors", List.of("b", "a"), format,
          List.of(new Object[] {1, "fine"}, new Object[] {2, "x\uD800y"})));
    }
    assertEquals(0L, c.query("select count(*) from api_errors").get(0).getLong(0), "the COPY was rolled back");
  }

  @Test
  void aReaderWithALoneSurrogate() {
    // was silently sent as '?'
    assertValueError("lone surrogate", () -> c.copy().from("copy api_errors (a) from stdin",
        new StringReader("ok\nbad\uDC00\n")));
    assertValueError("lone surrogate", () -> c.copy().from("copy api_errors (a) from stdin",
        new StringReader("ends in half\uD83D")));
    assertEquals(0L, c.query("select count(*) from api_errors").get(0).getLong(0));
  }

  @Test
  void aReaderMaySplitASurrogatePairBetweenReads() throws Exception {
    // was corrupted to "??" when a read ended between the two halves
    Reader oneCharAtATime = new StringReader("a\uD83D\uDE00b\n") {
      @Override
      public int read(char[] buf, int off, int len) throws java.io.IOException {
        return super.read(buf, off, Math.min(len, 1));
      }
    };
    c.execute("create temp table api_split (a text)");
    assertEquals(1, c.copy().from("copy api_split (a) from stdin", oneCharAtATime));
    assertEquals("a\uD83D\uDE00b", c.query("select a from api_split").get(0).getString(0));
  }

  @Test
  void badOptionsAreConfigErrors() {
    // were IllegalArgumentException
    assertEquals(SluiceException.Outcome.NOT_SENT,
        assertThrows(ConfigException.class, () -> TxOptions.DEFAULT.retries(-1)).outcome());
    assertThrows(ConfigException.class, () -> PoolOptions.DEFAULT.maxWaiters(-1));
    assertThrows(ConfigException.class, () -> new HostPort.Tcp(Optional.of("db"), Optional.empty(), 0));
    assertThrows(ConfigException.class, () -> new HostPort.Tcp(Optional.empty(), Optional.empty(), 5432));
  }
}

package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/**
 * Issue 35: Blob and Clob over large objects, as pgjdbc's PgBlob/PgClob (its jdbc2.BlobTest,
 * jdbc3.Jdbc3BlobTest, jdbc4.BlobTest): getBlob/getClob of an oid column, setBlob/setClob writing a
 * new large object, createBlob/createClob, in a transaction; auto-commit refused with 25P01.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ServerTest
class LargeObjectTest extends OneConnection {
  private static final byte[] BIG = new byte[1_500_000];

  @BeforeAll
  static void table() throws SQLException {
    new Random(35).nextBytes(BIG);
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS lo_test (id text, lo oid, b bytea, t text)");
    }
  }

  @BeforeEach
  void transaction() throws SQLException {
    c.setAutoCommit(false);
  }

  @AfterEach
  void clean() throws SQLException {
    c.rollback();
    c.setAutoCommit(true);
    try (Statement s = c.createStatement()) {
      s.execute("SELECT lo_unlink(lo) FROM lo_test WHERE lo IS NOT NULL");
      s.execute("DELETE FROM lo_test");
    }
  }

  private static void assertState(String state, Executable call) {
    SQLException e = assertThrows(SQLException.class, call);
    assertEquals(state, e.getSQLState(), e.getMessage());
  }

  private static void insert(String id, SqlSetter set) throws SQLException {
    try (PreparedStatement p = c.prepareStatement("INSERT INTO lo_test (id, lo) VALUES (?, ?)")) {
      p.setString(1, id);
      set.accept(p);
      assertEquals(1, p.executeUpdate());
    }
  }

  @FunctionalInterface
  interface SqlSetter {
    void accept(PreparedStatement p) throws SQLException;
  }

  private static ResultSet select(String id) throws SQLException {
    PreparedStatement p = c.prepareStatement("SELECT lo FROM lo_test WHERE id = ?");
    p.setString(1, id);
    ResultSet rs = p.executeQuery();
    assertTrue(rs.next(), id);
    return rs;
  }

  @Test
  void aLargeBlobRoundTripsWholeAndInParts() throws Exception {
    insert("big", p -> p.setBlob(2, new ByteArrayInputStream(BIG)));
    Blob blob = select("big").getBlob(1);
    assertEquals(BIG.length, blob.length());
    assertArrayEquals(BIG, blob.getBytes(1, BIG.length));
    assertArrayEquals(Arrays.copyOfRange(BIG, 1_000_000, 1_000_100), blob.getBytes(1_000_001, 100));
    try (InputStream in = blob.getBinaryStream()) {
      assertArrayEquals(BIG, in.readAllBytes());
    }
    try (InputStream in = blob.getBinaryStream(300_001, 500_000)) {
      assertArrayEquals(Arrays.copyOfRange(BIG, 300_000, 800_000), in.readAllBytes());
    }
    // past the end: fewer bytes, as pgjdbc's loread
    assertEquals(10, blob.getBytes(BIG.length - 9, 100).length);
    // the same object through getObject is its oid, a Long (pgjdbc: Types.BIGINT)
    assertInstanceOf(Long.class, select("big").getObject(1));
    assertEquals(BIG.length, select("big").getObject(1, Blob.class).length());
    assertEquals(BIG.length, select("big").getObject("lo", Clob.class).getAsciiStream().readAllBytes().length);
  }

  @Test
  void setBlobForms() throws Exception {
    byte[] ten = "0123456789".getBytes(StandardCharsets.US_ASCII);
    insert("len", p -> p.setBlob(2, new ByteArrayInputStream(ten), 4));
    insert("all", p -> p.setBlob(2, new ByteArrayInputStream(ten)));
    insert("short", p -> p.setBlob(2, new ByteArrayInputStream(ten), 20));   // the stream's end, as pgjdbc
    insert("obj", p -> p.setObject(2, new ByteArrayInputStream(ten), Types.BLOB));
    insert("null", p -> p.setBlob(2, (Blob) null));
    insert("nullb", p -> p.setNull(2, Types.BLOB));   // NULL::oid, as pgjdbc's setNull
    insert("nullc", p -> p.setNull(2, Types.CLOB));
    insert("nullo", p -> p.setObject(2, null, Types.BLOB));
    assertArrayEquals("0123".getBytes(StandardCharsets.US_ASCII), select("len").getBlob(1).getBytes(1, 100));
    assertArrayEquals(ten, select("all").getBlob(1).getBytes(1, 100));
    assertArrayEquals(ten, select("short").getBlob(1).getBytes(1, 100));
    assertArrayEquals(ten, select("obj").getBlob(1).getBytes(1, 100));
    ResultSet rs = select("null");
    assertNull(rs.getBlob(1));
    assertTrue(rs.wasNull());
    // a Blob read back is copied into a new object: each row names its own (lo_unlink of both works)
    Blob read = select("all").getBlob(1);
    insert("copy", p -> p.setBlob(2, read));
    insert("copy2", p -> p.setObject(2, read));
    assertNotEquals(select("all").getLong(1), select("copy").getLong(1));
    assertArrayEquals(ten, select("copy2").getBlob(1).getBytes(1, 100));
  }

  @Test
  void writesTruncateAndPosition() throws Exception {
    insert("w", p -> p.setBlob(2, new ByteArrayInputStream("hello world".getBytes(StandardCharsets.US_ASCII))));
    Blob b = select("w").getBlob(1);
    assertEquals(5, b.setBytes(7, "WORLD!".getBytes(StandardCharsets.US_ASCII), 0, 5));
    assertEquals("hello WORLD", new String(b.getBytes(1, 100), StandardCharsets.US_ASCII));
    b.setBytes(12, "!!".getBytes(StandardCharsets.US_ASCII));   // grows the object
    assertEquals(13, b.length());
    try (OutputStream out = b.setBinaryStream(1)) {
      out.write("HE".getBytes(StandardCharsets.US_ASCII));
    }
    assertEquals("HEllo WORLD!!", new String(b.getBytes(1, 100), StandardCharsets.US_ASCII));
    assertEquals(7, b.position("WORLD".getBytes(StandardCharsets.US_ASCII), 1));
    assertEquals(12, b.position("!".getBytes(StandardCharsets.US_ASCII), 1));
    assertEquals(13, b.position("!".getBytes(StandardCharsets.US_ASCII), 13));
    assertEquals(-1, b.position("WORLD".getBytes(StandardCharsets.US_ASCII), 8));
    assertEquals(-1, b.position("nothing".getBytes(StandardCharsets.US_ASCII), 1));
    b.truncate(5);
    assertEquals(5, b.length());
    assertEquals("HEllo", new String(b.getBytes(1, 100), StandardCharsets.US_ASCII));
    assertState("22023", () -> b.truncate(-1));
    assertState("22023", () -> b.getBytes(0, 1));
    c.commit();
    // the large object outlives the transaction; the Blob works in the next one
    assertEquals(5, b.length());
  }

  /** pgjdbc's jdbc3.Jdbc3BlobTest and jdbc4.BlobTest: an object made by lo_creat, written at an offset, grown by truncate. */
  @Test
  void pgjdbcBlobScenarios() throws Exception {
    try (Statement s = c.createStatement()) {
      s.execute("INSERT INTO lo_test (id, lo) VALUES ('p', lo_creat(-1))");
    }
    byte[] ten = "aaaaaaaaaa".getBytes(StandardCharsets.US_ASCII);
    select("p").getBlob("lo").setBytes(10, ten);
    Blob b = select("p").getBlob("lo");
    assertArrayEquals(ten, b.getBytes(10, ten.length));
    assertArrayEquals(new byte[9], b.getBytes(1, 9), "sparse: zeros before the offset");
    try (OutputStream out = b.setBinaryStream(30)) {
      out.write(ten);
      out.flush();
    }
    try (InputStream in = select("p").getBlob("lo").getBinaryStream()) {
      assertEquals(29, in.skip(29));
      assertArrayEquals(ten, in.readNBytes(10));
      assertEquals(-1, in.read());
    }
    b.truncate(5);
    b.truncate(150);
    assertEquals(150, b.length());
    assertArrayEquals(new byte[145], b.getBytes(6, 200), "grown with zeros");
    // getBinaryStream(pos, n) ends after n bytes (jdbc4.BlobTest.getBinaryStreamWithBoundaries2)
    b.setBytes(1, "Cras vestibulum tellus".getBytes(StandardCharsets.US_ASCII));
    try (InputStream in = b.getBinaryStream(6, 10)) {
      byte[] nine = new byte[9];
      for (int i = 0; i < 9; i++) {
        nine[i] = (byte) in.read();
      }
      assertEquals("vestibulu", new String(nine, StandardCharsets.US_ASCII));
      assertEquals(1, in.read(new byte[2]));
      assertEquals(-1, in.read(new byte[1]));
    }
  }

  @Test
  void aPatternAcrossChunksIsFound() throws Exception {
    insert("big", p -> p.setBlob(2, new ByteArrayInputStream(BIG)));
    Blob b = select("big").getBlob(1);
    // a pattern straddling the 256 KiB boundary of the reads
    int at = 256 * 1024 - 3;
    byte[] pattern = Arrays.copyOfRange(BIG, at, at + 8);
    long found = b.position(pattern, 1);
    assertTrue(found >= 1 && found <= at + 1, "found at " + found);
    assertArrayEquals(pattern, b.getBytes(found, 8));
    assertEquals(at + 1, b.position(pattern, at - 100));
  }

  @Test
  void autoCommitIsRefusedWith25P01() throws Exception {
    insert("a", p -> p.setBlob(2, new ByteArrayInputStream(new byte[] {1, 2, 3})));
    c.commit();
    c.setAutoCommit(true);
    ResultSet rs = select("a");
    Blob b = rs.getBlob(1);   // no server call yet, as pgjdbc
    assertState("25P01", b::length);
    assertState("25P01", () -> b.getBytes(1, 3));
    Blob created = c.createBlob();   // made when first used
    assertState("25P01", () -> created.setBytes(1, new byte[1]));
    try (PreparedStatement p = c.prepareStatement("INSERT INTO lo_test (id, lo) VALUES ('x', ?)")) {
      SQLException e = assertThrows(SQLException.class, () -> p.setBlob(1, new ByteArrayInputStream(new byte[1])));
      assertEquals("25P01", e.getSQLState());
      assertEquals("Large Objects may not be used in auto-commit mode.", e.getMessage());
    }
    c.setAutoCommit(false);
    assertArrayEquals(new byte[] {1, 2, 3}, b.getBytes(1, 3));
  }

  /** The descriptor length() opens is closed in the same statement: in a new transaction, fd 0 is free again. */
  @Test
  void lengthLeavesNoDescriptorOpen() throws Exception {
    insert("d", p -> p.setBlob(2, new ByteArrayInputStream(new byte[] {1, 2})));
    c.commit();
    Blob b = select("d").getBlob(1);
    assertEquals(2, b.length());
    b.truncate(1);
    try (Statement s = c.createStatement()) {
      // lo_open hands out the lowest free descriptor, 0 first; had length() left it open this would succeed
      assertState("42704", () -> s.execute("SELECT lo_close(0)"));
    }
  }

  @Test
  void freeEndsUse() throws Exception {
    insert("f", p -> p.setBlob(2, new ByteArrayInputStream(new byte[] {1})));
    Blob b = select("f").getBlob(1);
    Clob cl = select("f").getClob(1);
    b.free();
    b.free();
    cl.free();
    assertState("55000", b::length);
    assertState("55000", () -> b.getBytes(1, 1));
    assertState("55000", b::getBinaryStream);
    assertState("55000", () -> b.setBytes(1, new byte[1]));
    assertState("55000", cl::length);
    assertState("55000", () -> cl.getSubString(1, 1));
    assertState("55000", () -> cl.setString(1, "x"));
  }

  @Test
  void clobsKeepNonAsciiTextAndCountCharacters() throws Exception {
    String text = "Grüße, 世界! ".repeat(20_000) + "ende";   // > 1 MB as UTF-8
    insert("c", p -> p.setClob(2, new StringReader(text)));
    insert("c4", p -> p.setClob(2, new StringReader(text), 5));
    Clob clob = select("c").getClob(1);
    assertEquals(text.length(), clob.length());
    assertEquals(text, clob.getSubString(1, (int) clob.length()));
    assertEquals("ße, 世界!", clob.getSubString(4, 7));
    assertEquals("ende", clob.getSubString(text.length() - 3, 100));
    try (Reader r = clob.getCharacterStream()) {
      StringBuilder sb = new StringBuilder();
      char[] buf = new char[4096];
      int n;
      while ((n = r.read(buf)) >= 0) {
        sb.append(buf, 0, n);
      }
      assertEquals(text, sb.toString());
    }
    assertEquals(text.indexOf("ende") + 1, clob.position("ende", 1));
    assertEquals(8, clob.position("世界", 1));
    assertEquals("Grüße", select("c4").getClob(1).getSubString(1, 100));
    NClob n = select("c4").getNClob(1);
    assertEquals(5, n.length());
  }

  @Test
  void clobWrites() throws Exception {
    insert("w", p -> p.setClob(2, new StringReader("abc")));
    Clob clob = select("w").getClob(1);
    clob.setString(2, "ßß");
    assertEquals("aßß", clob.getSubString(1, 10));
    clob.setString(4, "€");   // appends
    assertEquals("aßß€", clob.getSubString(1, 10));
    try (Writer w = clob.setCharacterStream(1)) {
      w.write("Z");
    }
    assertEquals("Zßß€", clob.getSubString(1, 10));
    clob.truncate(2);
    assertEquals("Zß", clob.getSubString(1, 10));
    assertEquals(2, clob.length());
    assertState("22023", () -> clob.setString(10, "x"));
    // a Clob read back is copied as text
    insert("copy", p -> p.setClob(2, clob));
    assertEquals("Zß", select("copy").getClob(1).getSubString(1, 10));
  }

  @Test
  void createdObjectsAreBoundAsTheyAre() throws Exception {
    long before = largeObjects();
    Blob b = c.createBlob();
    b.setBytes(1, BIG);
    insert("cb", p -> p.setBlob(2, b));
    Clob cl = c.createClob();
    cl.setString(1, "neu ✓");
    insert("cc", p -> p.setClob(2, cl));
    c.commit();
    assertEquals(before + 2, largeObjects(), "no copy of a created object was made");
    c.createBlob().free();
    c.createClob().free();
    c.commit();
    assertEquals(before + 2, largeObjects(), "a created object freed unused was never made");
    assertArrayEquals(BIG, select("cb").getBlob(1).getBytes(1, BIG.length));
    assertEquals("neu ✓", select("cc").getClob(1).getSubString(1, 100));
    try (PreparedStatement p = c.prepareStatement("SELECT lo_get(lo) FROM lo_test WHERE id = 'cc'");
        ResultSet rs = p.executeQuery()) {
      assertTrue(rs.next());
      assertArrayEquals("neu ✓".getBytes(StandardCharsets.UTF_8), rs.getBytes(1));
    }
  }

  private static long largeObjects() throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_largeobject_metadata")) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  @Test
  void getBlobOfAColumnThatIsNoOidIsRefused() throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT '\\x0102'::bytea, 'abc'::text")) {
      assertTrue(rs.next());
      assertState("22003", () -> rs.getBlob(1));
      assertState("22003", () -> rs.getClob(2));
    }
  }
}

package io.sluice.jdbc.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.SQLException;

/**
 * A {@link Clob} (and {@link NClob}) over the large object an {@code oid} column names, its text
 * kept as UTF-8, the encoding Sluice's sessions use, as pgjdbc's {@code PgClob} keeps it in the
 * connection's. Unlike pgjdbc, whose lengths and positions count bytes, they count characters
 * (UTF-16 units, as {@link String} does), as JDBC says: for ASCII text the two agree. Reads
 * stream; what changes text in the middle ({@code setString}) reads it whole and writes back what
 * follows the change. {@link #free} ends its use, as {@link LargeObjectBlob#free}.
 */
final class LargeObjectClob implements NClob {
  private final LargeObjectBlob bytes;
  private final LargeObjects lobs;

  LargeObjectClob(LargeObjects lobs, long oid, LargeObjectBlob.Origin origin) {
    this.lobs = lobs;
    this.bytes = new LargeObjectBlob(lobs, oid, origin);
  }

  long oid() throws SQLException {
    return bytes.oid();
  }

  /** As {@link LargeObjectBlob#boundAsItIs}. */
  boolean boundAsItIs(SluiceConnection connection) {
    return bytes.boundAsItIs(connection);
  }

  private Reader reader() throws SQLException {
    return new InputStreamReader(bytes.getBinaryStream(), StandardCharsets.UTF_8);
  }

  /** The whole text. */
  private String text() throws SQLException {
    try (Reader r = reader()) {
      StringWriter w = new StringWriter();
      r.transferTo(w);
      return w.toString();
    } catch (IOException e) {
      throw failed(e);
    }
  }

  private static SQLException failed(IOException e) {
    return SqlErrors.forState("HY000", "reading the large object failed: " + e.getMessage(), 0, e);
  }

  @Override
  public long length() throws SQLException {
    try (Reader r = reader()) {
      long n = 0;
      char[] buf = new char[8192];
      int k;
      while ((k = r.read(buf)) >= 0) {
        n += k;
      }
      return n;
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public String getSubString(long pos, int length) throws SQLException {
    long skip = LargeObjectBlob.offset(pos);
    if (length < 0) {
      throw SqlErrors.of("a negative length: " + length, "22023");
    }
    try (Reader r = reader()) {
      r.skip(skip);
      // grown as read: a length past the text's (getSubString(1, Integer.MAX_VALUE)) allocates nothing more
      StringBuilder out = new StringBuilder(Math.min(length, 8192));
      char[] buf = new char[8192];
      int k;
      while (out.length() < length && (k = r.read(buf, 0, Math.min(buf.length, length - out.length()))) >= 0) {
        out.append(buf, 0, k);
      }
      return out.toString();
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public Reader getCharacterStream() throws SQLException {
    return reader();
  }

  @Override
  public Reader getCharacterStream(long pos, long length) throws SQLException {
    if (length > Integer.MAX_VALUE) {
      throw SqlErrors.of("a length past " + Integer.MAX_VALUE + ": " + length, "22023");
    }
    return new StringReader(getSubString(pos, (int) length));
  }

  /** The text's bytes, as pgjdbc gives them (UTF-8 here: ASCII text is itself). */
  @Override
  public InputStream getAsciiStream() throws SQLException {
    return bytes.getBinaryStream();
  }

  @Override
  public long position(String pattern, long start) throws SQLException {
    long from = LargeObjectBlob.offset(start);
    String all = text();
    if (from > all.length()) {
      return -1;
    }
    int i = all.indexOf(pattern, (int) from);
    return i < 0 ? -1 : i + 1;
  }

  @Override
  public long position(Clob pattern, long start) throws SQLException {
    long n = pattern.length();
    if (n > Integer.MAX_VALUE) {
      throw SqlErrors.of("a search pattern of " + n + " characters is longer than a Java string", "22023");
    }
    return position(pattern.getSubString(1, (int) n), start);
  }

  @Override
  public int setString(long pos, String str) throws SQLException {
    return setString(pos, str, 0, str.length());
  }

  /**
   * Replaces characters from {@code pos} on (appends past the end): the text before {@code pos}
   * is kept as it is, what follows is written anew from there, since a character's bytes need
   * not be as many as those of the one it replaces.
   */
  @Override
  public int setString(long pos, String str, int offset, int len) throws SQLException {
    java.util.Objects.checkFromIndexSize(offset, len, str.length());
    long at = LargeObjectBlob.offset(pos);
    String all = text();
    if (at > all.length()) {
      throw SqlErrors.of("position " + pos + " is past the end of a Clob of " + all.length() + " characters",
          "22023");
    }
    int from = (int) at;
    int end = (int) Math.min(all.length(), (long) from + len);
    String tail = str.substring(offset, offset + len) + all.substring(end);
    long byteAt = all.substring(0, from).getBytes(StandardCharsets.UTF_8).length;
    byte[] written = tail.getBytes(StandardCharsets.UTF_8);
    long oid = bytes.oid();
    lobs.write(oid, byteAt, written);
    lobs.truncate(oid, byteAt + written.length);
    return len;
  }

  /** Bytes written are taken as UTF-8 text (ASCII is) and set from {@code pos} when the stream closes. */
  @Override
  public OutputStream setAsciiStream(long pos) throws SQLException {
    bytes.checkOpen();
    LargeObjectBlob.offset(pos);
    return new ByteArrayOutputStream() {
      @Override
      public void close() throws IOException {
        closeWith(pos, toString(StandardCharsets.UTF_8));
      }
    };
  }

  @Override
  public Writer setCharacterStream(long pos) throws SQLException {
    bytes.checkOpen();
    LargeObjectBlob.offset(pos);
    return new StringWriter() {
      @Override
      public void close() throws IOException {
        closeWith(pos, toString());
      }
    };
  }

  private void closeWith(long pos, String text) throws IOException {
    try {
      setString(pos, text);
    } catch (SQLException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  @Override
  public void truncate(long len) throws SQLException {
    if (len < 0) {
      throw SqlErrors.of("Cannot truncate LOB to a negative length.", "22023");
    }
    String kept = getSubString(1, (int) Math.min(len, Integer.MAX_VALUE));
    bytes.truncate(kept.getBytes(StandardCharsets.UTF_8).length);
  }

  @Override
  public void free() {
    bytes.free();
  }

  @Override
  public String toString() {
    return "Clob over " + bytes;
  }
}

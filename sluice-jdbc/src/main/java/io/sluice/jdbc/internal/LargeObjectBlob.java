package io.sluice.jdbc.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Blob;
import java.sql.SQLException;

/**
 * A {@link Blob} over the large object an {@code oid} column names, as pgjdbc's {@code PgBlob}:
 * every call reads or writes the object on the server, in the connection's transaction
 * ({@link LargeObjects}); nothing is held in memory but a stream's chunk. Positions are 1-based
 * bytes. {@link #free} ends its use: every call after it is {@code 55000}, pgjdbc's "free() was
 * called on this LOB previously".
 */
final class LargeObjectBlob implements Blob {
  /** Whether the object may still be used. */
  enum State { OPEN, FREED }

  /** Where the large object came from: a column (setBlob copies it), or createBlob (setBlob binds it). */
  enum Origin { COLUMN, CREATED }

  /** PostgreSQL's InvalidOid (postgres_ext.h), which no large object has: a created object not made yet. */
  static final long NOT_YET = 0;

  private final LargeObjects lobs;
  private final Origin origin;
  private final Object lock = new Object();
  private long oid;
  private volatile State state = State.OPEN;

  /** An {@code oid}'s object; {@link #NOT_YET} for createBlob's, made by lo_create when first used. */
  LargeObjectBlob(LargeObjects lobs, long oid, Origin origin) {
    this.lobs = lobs;
    this.oid = oid;
    this.origin = origin;
  }

  /**
   * The object's oid, made now if createBlob's was not yet: so that a created Blob that is
   * freed unused (as a tool probing whether createBlob works does) leaves no object behind.
   */
  long oid() throws SQLException {
    synchronized (lock) {
      // a column's oid is used as it is, 0 too (the server then says there is no such object)
      if (oid == NOT_YET && origin == Origin.CREATED) {
        oid = lobs.create();
      }
      return oid;
    }
  }

  /** Whether {@code setBlob} on {@code connection} binds this object itself: one createBlob made there. */
  boolean boundAsItIs(SluiceConnection connection) {
    return origin == Origin.CREATED && lobs.connection() == connection;
  }

  void checkOpen() throws SQLException {
    if (state == State.FREED) {
      throw SqlErrors.of("free() was called on this LOB previously", "55000");
    }
  }

  /** The 0-based offset of 1-based {@code pos}; pgjdbc's {@code assertPosition}: 22023 below 1. */
  static long offset(long pos) throws SQLException {
    if (pos < 1) {
      throw SqlErrors.of("LOB positioning offsets start at 1.", "22023");
    }
    return pos - 1;
  }

  @Override
  public long length() throws SQLException {
    checkOpen();
    return lobs.length(oid());
  }

  @Override
  public byte[] getBytes(long pos, int length) throws SQLException {
    checkOpen();
    if (length < 0) {
      throw SqlErrors.of("a negative length: " + length, "22023");
    }
    return lobs.read(oid(), offset(pos), length);
  }

  @Override
  public InputStream getBinaryStream() throws SQLException {
    checkOpen();
    return LargeObjectStreams.reader(lobs, oid(), 0, Long.MAX_VALUE);
  }

  /** As pgjdbc: reads up to {@code length} bytes from {@code pos}, fewer where the object ends. */
  @Override
  public InputStream getBinaryStream(long pos, long length) throws SQLException {
    checkOpen();
    if (length < 0) {
      throw SqlErrors.of("a negative length: " + length, "22023");
    }
    return LargeObjectStreams.reader(lobs, oid(), offset(pos), length);
  }

  @Override
  public long position(byte[] pattern, long start) throws SQLException {
    checkOpen();
    return find(getBinaryStream(), pattern, offset(start));
  }

  @Override
  public long position(Blob pattern, long start) throws SQLException {
    checkOpen();
    long n = pattern.length();
    if (n > Integer.MAX_VALUE) {
      throw SqlErrors.of("a search pattern of " + n + " bytes is longer than a Java array", "22023");
    }
    return position(pattern.getBytes(1, (int) n), start);
  }

  /**
   * The 1-based position of {@code pattern} in {@code in} at or after 0-based {@code from}, or -1;
   * an empty pattern is found where the search starts. Reads the stream once, matching as KMP
   * does, so that a partial match across a chunk's end is not lost.
   */
  static long find(InputStream in, byte[] pattern, long from) throws SQLException {
    if (pattern.length == 0) {
      return from + 1;
    }
    int[] fail = new int[pattern.length];
    for (int i = 1, k = 0; i < pattern.length; i++) {
      while (k > 0 && pattern[i] != pattern[k]) {
        k = fail[k - 1];
      }
      if (pattern[i] == pattern[k]) {
        k++;
      }
      fail[i] = k;
    }
    try (in) {
      long skipped = in.skip(from);
      long at = skipped;
      int matched = 0;
      int b;
      while ((b = in.read()) >= 0) {
        while (matched > 0 && (byte) b != pattern[matched]) {
          matched = fail[matched - 1];
        }
        if ((byte) b == pattern[matched]) {
          matched++;
        }
        at++;
        if (matched == pattern.length) {
          return at - pattern.length + 1;
        }
      }
      return -1;
    } catch (IOException e) {
      throw SqlErrors.forState("HY000", "reading the large object failed: " + e.getMessage(), 0, e);
    }
  }

  @Override
  public int setBytes(long pos, byte[] bytes) throws SQLException {
    return setBytes(pos, bytes, 0, bytes.length);
  }

  @Override
  public int setBytes(long pos, byte[] bytes, int offset, int len) throws SQLException {
    checkOpen();
    java.util.Objects.checkFromIndexSize(offset, len, bytes.length);
    long at = offset(pos);
    lobs.write(oid(), at, java.util.Arrays.copyOfRange(bytes, offset, offset + len));
    return len;
  }

  @Override
  public OutputStream setBinaryStream(long pos) throws SQLException {
    checkOpen();
    return LargeObjectStreams.writer(lobs, oid(), offset(pos));
  }

  @Override
  public void truncate(long len) throws SQLException {
    checkOpen();
    if (len < 0) {
      throw SqlErrors.of("Cannot truncate LOB to a negative length.", "22023");
    }
    lobs.truncate(oid(), len);
  }

  @Override
  public void free() {
    state = State.FREED;
  }

  @Override
  public String toString() {
    synchronized (lock) {
      return oid == NOT_YET ? "Blob[large object not made yet]" : "Blob[large object " + oid + "]";
    }
  }
}

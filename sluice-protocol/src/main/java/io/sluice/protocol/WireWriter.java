package io.sluice.protocol;

import java.util.Arrays;

/**
 * A growable output buffer for frontend messages. A message is written by {@link #begin(byte)},
 * appending its fields, and {@link #end(int)}, which back-patches the length: no sizes are computed
 * by hand and nothing is boxed. Lengths are checked in {@code long} arithmetic against
 * {@link #MAX_MESSAGE_LENGTH} before they are written, so a message too large for the server is
 * refused here instead of wrapping to a negative length (pgx CVE-2024-27304).
 *
 * <p>Not thread-safe; one writer belongs to one connection's output side.
 */
public final class WireWriter {
  /**
   * The longest message PostgreSQL accepts, counting the length field but not the type byte:
   * {@code PQ_LARGE_MESSAGE_LIMIT} ({@code MaxAllocSize - 1}, {@code src/include/libpq/libpq.h}),
   * which {@code pq_getmessage} compares with the length word as sent.
   */
  public static final int MAX_MESSAGE_LENGTH = 0x3FFF_FFFE;

  private final int maxMessageLength;
  private byte[] buf;
  private int size;

  public WireWriter() {
    this(8192);
  }

  public WireWriter(int initialCapacity) {
    this(initialCapacity, MAX_MESSAGE_LENGTH);
  }

  /**
   * A writer with a lower message limit, so that tests can reach the over-limit path of
   * {@link #end(int)} without allocating a gigabyte.
   */
  WireWriter(int initialCapacity, int maxMessageLength) {
    if (maxMessageLength < 4 || maxMessageLength > MAX_MESSAGE_LENGTH) {
      throw new IllegalArgumentException("maxMessageLength " + maxMessageLength);
    }
    this.maxMessageLength = maxMessageLength;
    buf = new byte[Math.max(16, initialCapacity)];
  }

  /** Starts a message with a type byte; returns the position to pass to {@link #end(int)}. */
  public int begin(byte type) {
    ensure(5);
    buf[size++] = type;
    int lengthAt = size;
    size += 4;
    return lengthAt;
  }

  /** Starts a message without a type byte (StartupMessage, SSLRequest, CancelRequest). */
  public int beginUntyped() {
    ensure(4);
    int lengthAt = size;
    size += 4;
    return lengthAt;
  }

  /**
   * Ends the message begun at {@code lengthAt}, writing its length (which counts itself). A message
   * over the limit throws; the caller undoes the partial message with {@link #truncate(int)} to the
   * size it saved before encoding, as it must for any other encoding failure.
   */
  public void end(int lengthAt) {
    long length = (long) size - lengthAt;
    if (length > maxMessageLength) {
      throw new ProtocolException(
          "message of " + length + " bytes exceeds PostgreSQL's limit of " + maxMessageLength + " bytes");
    }
    putInt(lengthAt, (int) length);
  }

  public WireWriter int8(int v) {
    ensure(1);
    buf[size++] = (byte) v;
    return this;
  }

  public WireWriter int16(int v) {
    ensure(2);
    buf[size++] = (byte) (v >>> 8);
    buf[size++] = (byte) v;
    return this;
  }

  public WireWriter int32(int v) {
    ensure(4);
    putInt(size, v);
    size += 4;
    return this;
  }

  public WireWriter int64(long v) {
    ensure(8);
    putInt(size, (int) (v >>> 32));
    putInt(size + 4, (int) v);
    size += 8;
    return this;
  }

  public WireWriter bytes(byte[] b) {
    return bytes(b, 0, b.length);
  }

  public WireWriter bytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
    return this;
  }

  /** Strings shorter than this are encoded through a temporary array (the JDK's fast path). */
  private static final int DIRECT_UTF8 = 64 * 1024;

  /**
   * Writes a string as UTF-8, without a length or terminator; a lone surrogate is refused. A large
   * string is encoded straight into the buffer, so that it is never held twice as bytes.
   */
  public WireWriter utf8(String s) {
    if (s.length() < DIRECT_UTF8) {
      return bytes(Utf8.encode(s));
    }
    long n = Utf8.encodedLength(s);
    if (n > Integer.MAX_VALUE - 16) {
      throw new ProtocolException("string of " + n + " UTF-8 bytes is larger than any message PostgreSQL accepts");
    }
    ensure((int) n);
    size = Utf8.encodeInto(s, buf, size);
    return this;
  }

  /**
   * Writes a NUL-terminated UTF-8 string. A NUL inside the string would end it early on the server
   * and turn the rest into other fields, so it is refused.
   */
  public WireWriter cstring(String s) {
    int n = s.length();
    ensure(n + 1);
    boolean ascii = true;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c == 0) {
        throw new ProtocolException("string contains a NUL character (U+0000), which PostgreSQL cannot accept");
      }
      if (c >= 0x80) {
        ascii = false;
        break;
      }
      buf[size + i] = (byte) c;
    }
    if (ascii) {
      size += n;
    } else {
      // the loop above stopped at the first non-ASCII character: check the rest for NUL here
      byte[] utf8 = Utf8.encode(s);
      for (byte b : utf8) {
        if (b == 0) {
          throw new ProtocolException("string contains a NUL character (U+0000), which PostgreSQL cannot accept");
        }
      }
      bytes(utf8);
    }
    // int8, not a bare store: the UTF-8 path may have filled the buffer to the last byte
    return int8(0);
  }

  /** Writes a NUL-terminated string of bytes (which must contain no NUL). */
  public WireWriter cstring(byte[] s) {
    for (byte b : s) {
      if (b == 0) {
        throw new ProtocolException("string contains a NUL byte, which PostgreSQL cannot accept");
      }
    }
    bytes(s);
    return int8(0);
  }

  /** Reserves {@code n} bytes and returns their position, for fields written later via {@link #putInt}. */
  public int skip(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("skip " + n);
    }
    ensure(n);
    int at = size;
    size += n;
    return at;
  }

  public void putInt(int at, int v) {
    buf[at] = (byte) (v >>> 24);
    buf[at + 1] = (byte) (v >>> 16);
    buf[at + 2] = (byte) (v >>> 8);
    buf[at + 3] = (byte) v;
  }

  /** Makes room for {@code n} more bytes. */
  public void ensure(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("ensure " + n);
    }
    long needed = (long) size + n;
    if (needed > buf.length) {
      if (needed > Integer.MAX_VALUE - 16) {
        throw new ProtocolException("output buffer would exceed 2 GiB");
      }
      buf = Arrays.copyOf(buf, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 16, buf.length * 2L)));
    }
  }

  /** The backing array; valid up to {@link #size()}, until the next write. */
  public byte[] array() {
    return buf;
  }

  public int size() {
    return size;
  }

  /** Drops everything written; keeps the capacity. */
  public void reset() {
    size = 0;
  }

  /** Drops everything after {@code newSize} (undoing a partly written message). */
  public void truncate(int newSize) {
    if (newSize < 0 || newSize > size) {
      throw new IllegalArgumentException("truncate to " + newSize + " of " + size);
    }
    size = newSize;
  }

  /**
   * Gives back memory after a large message: when the buffer has grown past {@code above} and what
   * it holds fits in {@code capacity}, it is replaced by one of that capacity.
   */
  public void shrink(int capacity, int above) {
    if (buf.length > above && size <= capacity) {
      buf = Arrays.copyOf(buf, Math.max(16, capacity));
    }
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }
}

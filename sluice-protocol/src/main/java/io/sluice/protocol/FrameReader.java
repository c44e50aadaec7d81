package io.sluice.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;

/**
 * Splits a backend byte stream into messages. Each {@link #next()} returns one message's type and
 * leaves its body in {@link #buffer()} at {@link #bodyOffset()} for {@link #bodyLength()} bytes,
 * valid until the next call; no copy is made. Reads fill the buffer as far as the source allows,
 * so a burst of small messages costs one read.
 *
 * <p>A length field below 4 or above the configured maximum is a protocol violation: the
 * connection must be closed. An end of stream inside a message is an {@link EOFException} that
 * says how far the message got.
 */
public final class FrameReader {
  /** The largest {@code maxMessageSize} allowed: a body this long still fits one Java array. */
  public static final int MAX_MESSAGE_SIZE = Integer.MAX_VALUE - 64;

  private final ByteSource source;
  private final int maxMessageSize;
  private byte[] buf;
  private int pos;
  private int limit;
  private byte type;
  private int bodyOffset;
  private int bodyLength;
  /** Whether a caller keeps references into {@link #buf}: then it is never compacted in place. */
  private boolean kept;

  /**
   * @param maxMessageSize the largest message body accepted, in bytes
   * @param bufferSize the initial read buffer size; it grows for larger messages
   */
  public FrameReader(ByteSource source, int maxMessageSize, int bufferSize) {
    // the upper bound keeps 1 + length (type byte, length word, body) within an int
    if (maxMessageSize < 64 || maxMessageSize > MAX_MESSAGE_SIZE) {
      throw new IllegalArgumentException(
          "maxMessageSize must be between 64 and " + MAX_MESSAGE_SIZE + ", not " + maxMessageSize);
    }
    this.source = source;
    this.maxMessageSize = maxMessageSize;
    this.buf = new byte[Math.max(64, bufferSize)];
  }

  /** Reads the next message; returns its type byte. Blocks until a whole message is buffered. */
  public byte next() throws IOException {
    fill(5, null);
    byte t = buf[pos];
    int length = WireReader.getInt(buf, pos + 1);
    if (length < 4) {
      throw new ProtocolException(BackendDecoder.nameOf(t) + ": invalid length " + length);
    }
    if (length - 4 > maxMessageSize) {
      throw new ProtocolException(BackendDecoder.nameOf(t) + " of " + (length - 4)
          + " bytes exceeds the maximum message size of " + maxMessageSize + " bytes (max_message_size)");
    }
    fill(1 + length, t);
    type = t;
    bodyOffset = pos + 5;
    bodyLength = length - 4;
    pos += 1 + length;
    return t;
  }

  /**
   * Reads a single byte outside message framing: the server's one-byte answer to SSLRequest or
   * GSSENCRequest.
   */
  public byte nextRawByte() throws IOException {
    fill(1, null);
    return buf[pos++];
  }

  /**
   * Blocks until at least one byte is buffered (reading from the source if none is), without
   * taking a message: for a caller that waits for the server to send something unasked (a
   * NotificationResponse) and leaves the reading of it to {@link #next()}.
   */
  public void awaitInput() throws IOException {
    fill(1, null);
  }

  /** Bytes received but not yet returned as messages. */
  public int buffered() {
    return limit - pos;
  }

  /** Whether a whole message is already buffered, so {@link #next()} would not block. */
  public boolean hasBufferedMessage() {
    if (limit - pos < 5) {
      return false;
    }
    int length = WireReader.getInt(buf, pos + 1);
    return length >= 4 && limit - pos >= 1L + length;
  }

  public byte type() {
    return type;
  }

  public byte[] buffer() {
    return buf;
  }

  public int bodyOffset() {
    return bodyOffset;
  }

  public int bodyLength() {
    return bodyLength;
  }

  /**
   * The caller keeps the current message's bytes where they are (a buffered result's rows, read
   * in place rather than copied). The reader never writes over bytes it has returned, except
   * when it moves unread bytes to the front of its buffer to make room; after this call it
   * moves them into a new buffer instead, and leaves this one to the caller.
   */
  public void keep() {
    kept = true;
  }

  /** Decodes the current message into its record. */
  public BackendMessage decode() {
    return BackendDecoder.decode(type, buf, bodyOffset, bodyLength);
  }

  /** Ensures {@code n} bytes from {@code pos} are buffered, compacting or growing as needed. */
  private void fill(int n, Byte partialType) throws IOException {
    if (limit - pos >= n) {
      return;
    }
    if (buf.length - pos < n) {
      if (n <= buf.length && !kept) {
        System.arraycopy(buf, pos, buf, 0, limit - pos);
      } else if (n <= buf.length) {
        byte[] fresh = new byte[buf.length];
        System.arraycopy(buf, pos, fresh, 0, limit - pos);
        buf = fresh;
        kept = false;
      } else {
        long heap = Runtime.getRuntime().maxMemory();
        if (n > heap / 2) {
          // it could never be read whole: say so before trying, rather than fail allocating
          throw new ProtocolException((partialType == null ? "a message" : BackendDecoder.nameOf(partialType)) + " of "
              + n + " bytes cannot be read into this JVM's heap of " + heap + " bytes (-Xmx); lower max_message_size"
              + " to refuse such messages, or give the JVM more memory");
        }
        byte[] bigger = new byte[Math.max(n, (int) Math.min(Integer.MAX_VALUE - 16, buf.length * 2L))];
        System.arraycopy(buf, pos, bigger, 0, limit - pos);
        buf = bigger;
        kept = false;
      }
      limit -= pos;
      pos = 0;
    }
    while (limit - pos < n) {
      int r = source.read(buf, limit, buf.length - limit);
      if (r < 0) {
        int have = limit - pos;
        if (partialType == null && have == 0) {
          throw new EOFException("the server closed the connection");
        }
        throw new EOFException("the server closed the connection in the middle of "
            + (partialType == null ? "a message" : BackendDecoder.nameOf(partialType))
            + " (" + have + " of " + n + " bytes received)");
      }
      limit += r;
    }
  }

  /** Shrinks an oversized buffer back after a huge message, keeping what is buffered. */
  public void trim(int bufferSize) {
    if (buf.length > bufferSize && limit - pos <= bufferSize) {
      byte[] smaller = Arrays.copyOfRange(buf, pos, pos + Math.max(bufferSize, limit - pos));
      limit -= pos;
      pos = 0;
      buf = smaller;
      kept = false;
    }
  }
}

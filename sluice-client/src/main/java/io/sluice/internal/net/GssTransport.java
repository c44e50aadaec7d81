package io.sluice.internal.net;

import java.io.EOFException;
import java.io.IOException;
import org.ietf.jgss.GSSContext;
import org.ietf.jgss.GSSException;
import org.ietf.jgss.MessageProp;

/**
 * GSS encryption over TCP, once {@link GssUpgrade} has established the security context: the
 * session's bytes, both ways, travel as packets of a 4-byte big-endian length and a GSSAPI wrap
 * token sealed with confidentiality (PostgreSQL's {@code be-secure-gssapi.c} and libpq's {@code
 * fe-secure-gssapi.c}). A packet holds at most {@value #MAX_PACKET} bytes with its length word
 * ({@code PQ_GSS_MAX_PACKET_SIZE}, part of the protocol: both sides size their buffers by it), so
 * a write is cut into pieces of at most the plaintext the context can wrap into that.
 *
 * <p>Allocation: the ciphertext buffers of both directions are this object's and reused; the JDK's
 * {@link GSSContext#wrap} and {@link GSSContext#unwrap} return a new array per packet (its API has
 * no other form), and an unwrapped packet is handed out from that array without a further copy.
 * Several packets go out in one socket write, and a read takes as many whole packets as arrived.
 */
public final class GssTransport implements Transport {
  /** {@code PQ_GSS_MAX_PACKET_SIZE}: the largest packet, its 4-byte length included. */
  public static final int MAX_PACKET = 16384;
  /** The largest wrap token in a packet. */
  public static final int MAX_TOKEN = MAX_PACKET - 4;
  private static final byte[] NONE = new byte[0];

  private final SocketTransport tcp;
  private final GSSContext context;
  private final int maxPlain;

  // the reader's: ciphertext received, [inStart, inEnd) not yet unwrapped; the current plaintext
  private final byte[] in = new byte[4 * MAX_PACKET];
  private int inStart;
  private int inEnd;
  private byte[] plain = NONE;
  private int plainPos;
  private final MessageProp readProp = new MessageProp(0, true);

  // the writer's: packets gathered for one socket write
  private final byte[] out = new byte[2 * MAX_PACKET];
  private final MessageProp writeProp = new MessageProp(0, true);

  GssTransport(SocketTransport tcp, GSSContext context) throws IOException {
    this.tcp = tcp;
    this.context = context;
    try {
      // gss_wrap_size_limit as libpq calls it: confidentiality, default QOP, the token's room
      this.maxPlain = context.getWrapSizeLimit(0, true, MAX_TOKEN);
    } catch (GSSException e) {
      throw new IOException("GSSAPI size check failed: " + e.getMessage(), e);
    }
    if (maxPlain <= 0) {
      throw new IOException("GSSAPI size check failed: no room for data in a " + MAX_PACKET + "-byte packet");
    }
  }

  /** The most plaintext bytes one packet carries. */
  int maxPlaintext() {
    return maxPlain;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (plainPos == plain.length) {
      if (!nextPacket(true)) {
        return -1;
      }
    }
    int n = take(b, off, len);
    // packets that arrived whole with this one are unwrapped now, without waiting for the socket
    while (n < len && plainPos == plain.length && nextPacket(false)) {
      n += take(b, off + n, len - n);
    }
    return n;
  }

  private int take(byte[] b, int off, int len) {
    int n = Math.min(len, plain.length - plainPos);
    System.arraycopy(plain, plainPos, b, off, n);
    plainPos += n;
    return n;
  }

  /**
   * Unwraps the next packet into {@link #plain}. With {@code block} false, only one already
   * received whole (returns false if none); else reads the socket until one is whole (returns
   * false at the end of the stream between packets).
   */
  private boolean nextPacket(boolean block) throws IOException {
    int length = -1;
    while (true) {
      int have = inEnd - inStart;
      if (have >= 4) {
        length = ((in[inStart] & 0xFF) << 24) | ((in[inStart + 1] & 0xFF) << 16) | ((in[inStart + 2] & 0xFF) << 8)
            | (in[inStart + 3] & 0xFF);
        if (length <= 0 || length > MAX_TOKEN) {
          throw new IOException("the server sent a GSS-encrypted packet of " + Integer.toUnsignedString(length)
              + " bytes; at most " + MAX_TOKEN + " are allowed (PQ_GSS_MAX_PACKET_SIZE)");
        }
        if (have >= 4 + length) {
          break;
        }
      }
      if (!block) {
        return false;
      }
      if (inStart > 0 && (inStart + 4 + Math.max(length, 0) > in.length || inStart == inEnd)) {
        System.arraycopy(in, inStart, in, 0, have);
        inStart = 0;
        inEnd = have;
      }
      int n = tcp.read(in, inEnd, in.length - inEnd);
      if (n < 0) {
        if (have == 0) {
          return false;
        }
        throw new EOFException("the server closed the connection in the middle of a GSS-encrypted packet");
      }
      inEnd += n;
    }
    byte[] p;
    try {
      readProp.setQOP(0);
      readProp.setPrivacy(true);
      p = context.unwrap(in, inStart + 4, length, readProp);
    } catch (GSSException | RuntimeException e) {
      throw new IOException("GSSAPI unwrap failed: " + e.getMessage(), e);
    }
    if (!readProp.getPrivacy()) {
      throw new IOException("the server sent a GSS packet without confidentiality");
    }
    if (readProp.isDuplicateToken() || readProp.isOldToken() || readProp.isUnseqToken() || readProp.isGapToken()) {
      throw new IOException("the server's GSS packets are out of sequence (replayed, reordered or lost)");
    }
    inStart += 4 + length;
    if (inStart == inEnd) {
      inStart = 0;
      inEnd = 0;
    }
    plain = p;
    plainPos = 0;
    return true;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    int at = 0;
    while (len > 0) {
      int n = Math.min(len, maxPlain);
      byte[] token;
      try {
        writeProp.setQOP(0);
        writeProp.setPrivacy(true);
        token = context.wrap(b, off, n, writeProp);
      } catch (GSSException | RuntimeException e) {
        throw new IOException("GSSAPI wrap failed: " + e.getMessage(), e);
      }
      if (!writeProp.getPrivacy()) {
        throw new IOException("a GSS packet would not use confidentiality; not sent");
      }
      if (token.length > MAX_TOKEN) {
        throw new IOException("a GSS packet would be " + token.length + " bytes, over PostgreSQL's " + MAX_TOKEN);
      }
      if (at + 4 + token.length > out.length) {
        tcp.write(out, 0, at);
        at = 0;
      }
      out[at] = (byte) (token.length >>> 24);
      out[at + 1] = (byte) (token.length >>> 16);
      out[at + 2] = (byte) (token.length >>> 8);
      out[at + 3] = (byte) token.length;
      System.arraycopy(token, 0, out, at + 4, token.length);
      at += 4 + token.length;
      off += n;
      len -= n;
    }
    if (at > 0) {
      tcp.write(out, 0, at);
    }
  }

  /**
   * Plaintext waiting, else 1 for ciphertext already received, else what the socket says (its
   * bytes are packets, counted as data; -1 when the server closed the connection).
   */
  @Override
  public int available() throws IOException {
    if (plainPos < plain.length) {
      return plain.length - plainPos;
    }
    return inEnd > inStart ? 1 : tcp.available();
  }

  @Override
  public void close() {
    tcp.close();
    try {
      context.dispose();
    } catch (GSSException | RuntimeException ignored) {
      // the keys go with this object; a reader still unwrapping fails with an IOException
    }
  }

  @Override
  public boolean isOpen() {
    return tcp.isOpen();
  }

  @Override
  public boolean isGssEncrypted() {
    return true;
  }

  @Override
  public String describe() {
    return tcp.describe() + " gss-encrypted";
  }
}

package io.sluice.testkit;

import io.sluice.protocol.FrontendDecoder;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.WireReader;
import java.util.Arrays;

/**
 * Splits what a client sends after start-up into typed frontend messages (type byte, length word,
 * body), each decoded with {@link FrontendDecoder}. Bytes are fed as they arrive, in any pieces;
 * whole messages are taken out. Authentication responses ({@code 'p'}) are not expected here.
 */
public final class FrontendStream {
  private byte[] buf = new byte[8192];
  private int start;
  private int end;

  /** A stream that has received nothing yet. */
  public FrontendStream() {}

  /** Appends bytes received from the client. */
  public void feed(byte[] b, int off, int len) {
    if (buf.length - end < len) {
      int kept = end - start;
      if (buf.length - kept < len) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, kept + len));
      }
      System.arraycopy(buf, start, buf, 0, kept);
      start = 0;
      end = kept;
    }
    System.arraycopy(b, off, buf, end, len);
    end += len;
  }

  /** The next whole message, or {@code null} until more bytes arrive. */
  public FrontendMessage poll() {
    if (end - start < 5) {
      return null;
    }
    int length = WireReader.getInt(buf, start + 1);
    if (length < 4) {
      throw new ProtocolException("frontend message " + (char) buf[start] + " with invalid length " + length);
    }
    if (end - start - 1 < length) {
      return null;
    }
    FrontendMessage m = FrontendDecoder.decode(buf[start], buf, start + 5, length - 4, null);
    start += 1 + length;
    return m;
  }
}

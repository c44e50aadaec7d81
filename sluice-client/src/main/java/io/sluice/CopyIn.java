package io.sluice;

import io.sluice.internal.statements.CopyInExchange;
import io.sluice.protocol.CommandTags;

/**
 * A {@code COPY … FROM STDIN} in progress, fed by the caller in chunks; made by {@link
 * Copy#open(String)}. Until it ends ({@link #finish()}, {@link #cancel(String)} or {@link #close()}),
 * the connection sends nothing else. Use it from one thread. Writing or finishing after it ended is
 * a programming error: {@link IllegalStateException}.
 *
 * <pre>{@code
 * try (CopyIn in = c.copy().open("copy items from stdin (format csv)")) {
 *   in.write("1,apple\n".getBytes(UTF_8));
 *   in.write("2,pear\n".getBytes(UTF_8));
 *   long rows = in.finish();
 * }
 * }</pre>
 */
public final class CopyIn implements AutoCloseable {
  private final CopyInExchange exchange;
  private boolean ended;

  CopyIn(CopyInExchange exchange) {
    this.exchange = exchange;
  }

  /**
   * Sends bytes in the COPY's format; rows may be split across calls anywhere. Once the server has
   * ended the COPY (a bad row, or the connection failed), this throws why, and the COPY is over:
   * data would otherwise be dropped without a word while the caller goes on writing.
   */
  public void write(byte[] data) {
    write(data, 0, data.length);
  }

  public void write(byte[] data, int off, int len) {
    check();
    if (exchange.serverEnded()) {
      ended = true;
      exchange.finish();   // throws the server's error or the connection's failure
      throw new IllegalStateException("the server ended this COPY before its data did");
    }
    exchange.write(data, off, len);
  }

  /**
   * Ends the data and waits for the server: returns the number of rows copied. A bad row makes
   * this throw the server's error; the COPY is then rolled back as a whole and the connection
   * stays usable.
   */
  public long finish() {
    check();
    ended = true;
    return CommandTags.rowCount(exchange.finish());
  }

  /**
   * Abandons the COPY (CopyFail with {@code reason}): nothing of it is kept, and the connection
   * stays usable.
   */
  public void cancel(String reason) {
    if (!ended) {
      ended = true;
      exchange.abort(reason);
    }
  }

  /** Cancels the COPY unless it was finished; idempotent. */
  @Override
  public void close() {
    cancel("the COPY was closed before it was finished");
  }

  private void check() {
    if (ended) {
      throw new IllegalStateException("this COPY has ended");
    }
  }
}

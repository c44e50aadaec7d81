package io.sluice.event;

/**
 * A COPY is about to run, on the caller's thread.
 *
 * @param connection the session it runs on
 * @param sql the COPY statement as sent
 * @param direction into the server ({@code FROM STDIN}) or out of it ({@code TO STDOUT})
 */
public record CopyStart(ConnectionInfo connection, String sql, Direction direction) {
  /** Which way the data flows. */
  public enum Direction {
    /** {@code COPY … FROM STDIN}: the client sends the data. */
    IN,
    /** {@code COPY … TO STDOUT}: the server sends the data. */
    OUT
  }
}

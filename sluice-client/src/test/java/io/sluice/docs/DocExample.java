package io.sluice.docs;

import io.sluice.Connection;
import java.util.Arrays;

/**
 * What every Java example of the docs has in scope: {@code c}, an open connection to a database of
 * its own for the document, and {@code url}, that database's connection string. The examples of one
 * document run in order on the same database, so a table an early block creates is there for the
 * later ones. {@link DocExamplesTest} compiles each block as the body of {@link #run()}.
 */
public abstract class DocExample {
  protected Connection c;
  protected String url;

  /** The example's code. */
  public abstract void run() throws Exception;

  void bind(Connection connection, String connectionString) {
    this.c = connection;
    this.url = connectionString;
  }

  /**
   * The check a {@code // => value} comment becomes: the declared variable, printed, must read
   * {@code expected} (arrays are printed element by element).
   */
  protected static void check(String name, Object actual, String expected, String where) {
    String shown = actual != null && actual.getClass().isArray()
        ? Arrays.deepToString(new Object[] {actual}).replaceAll("^\\[|\\]$", "")
        : String.valueOf(actual);
    if (!shown.equals(expected)) {
      throw new AssertionError(where + ": " + name + " is " + shown + ", the document says " + expected);
    }
  }
}

package io.sluice.testkit.docs;

import java.util.Arrays;

/**
 * The base of a compiled documentation example: the block is the body of {@link #run()}. A
 * subclass adds what the examples of its documents have in scope (a connection, say) as fields.
 */
public abstract class CheckedExample {
  /** The example's code. */
  public abstract void run() throws Exception;

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

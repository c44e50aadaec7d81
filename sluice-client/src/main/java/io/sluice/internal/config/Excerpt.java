package io.sluice.internal.config;

/**
 * Bad input quoted in a message: whole when short, else a bounded prefix and its length, so that
 * refusing a 1 MB value neither builds nor logs a 1 MB message (issue 37 §3). Never used for
 * secrets: those are not shown at all.
 */
public final class Excerpt {
  private Excerpt() {}

  /** The most characters of the input a message shows. */
  public static final int MAX_SHOWN = 64;

  /** {@code "text"}, or {@code "first 64 characters"…(N chars)} when it is longer. */
  public static String quoted(String s) {
    if (s.length() <= MAX_SHOWN) {
      return "\"" + s + "\"";
    }
    int end = MAX_SHOWN;
    if (Character.isHighSurrogate(s.charAt(end - 1))) {
      end--;   // not half a character
    }
    return "\"" + s.substring(0, end) + "\"…(" + s.length() + " chars)";
  }
}

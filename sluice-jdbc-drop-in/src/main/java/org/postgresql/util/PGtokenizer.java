package org.postgresql.util;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text of a composite value at a delimiter, not inside brackets ({@code ()}, {@code
 * []}, {@code <>}) or double quotes: how the geometric types read {@code ((1,2),(3,4))} as two
 * points. The same public methods as pgjdbc's class of this name, for code that parses with it.
 */
public class PGtokenizer {
  /** The pieces of the last {@link #tokenize}. */
  protected List<String> tokens = new ArrayList<>();

  @SuppressWarnings("this-escape")   // tokenize is overridable, as in pgjdbc
  public PGtokenizer(String string, char delim) {
    tokenize(string, delim);
  }

  /** Splits {@code string} at each {@code delim} outside brackets and quotes; returns how many pieces. */
  public int tokenize(String string, char delim) {
    tokens.clear();
    int depth = 0;
    boolean quoted = false;
    int start = 0;
    for (int i = 0; i < string.length(); i++) {
      char c = string.charAt(i);
      if (quoted) {
        if (c == '\\') {
          i++;   // the escaped character, whatever it is
        } else if (c == '"') {
          quoted = false;
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == '(' || c == '[' || c == '<') {
        depth++;
      } else if ((c == ')' || c == ']' || c == '>') && depth > 0) {
        depth--;
      } else if (c == delim && depth == 0) {
        tokens.add(string.substring(start, i));
        start = i + 1;
      }
    }
    // the last piece, empty when the text ends with the delimiter (but no piece at all for "")
    if (start < string.length() || !tokens.isEmpty()) {
      tokens.add(string.substring(start));
    }
    return tokens.size();
  }

  public int getSize() {
    return tokens.size();
  }

  public String getToken(int n) {
    return tokens.get(n);
  }

  /** Piece {@code n}, split in its turn at {@code delim}. */
  public PGtokenizer tokenizeToken(int n, char delim) {
    return new PGtokenizer(getToken(n), delim);
  }

  /** {@code s} without {@code l} at its start and {@code t} at its end, where they are. */
  public static String remove(String s, String l, String t) {
    String r = s.startsWith(l) ? s.substring(l.length()) : s;
    return r.endsWith(t) ? r.substring(0, r.length() - t.length()) : r;
  }

  /** {@link #remove(String, String, String)} on every piece. */
  public void remove(String l, String t) {
    tokens.replaceAll(s -> remove(s, l, t));
  }

  public static String removePara(String s) {
    return remove(s, "(", ")");
  }

  public void removePara() {
    remove("(", ")");
  }

  public static String removeBox(String s) {
    return remove(s, "[", "]");
  }

  public void removeBox() {
    remove("[", "]");
  }

  public static String removeAngle(String s) {
    return remove(s, "<", ">");
  }

  public void removeAngle() {
    remove("<", ">");
  }

  public static String removeCurlyBrace(String s) {
    return remove(s, "{", "}");
  }

  public void removeCurlyBrace() {
    remove("{", "}");
  }
}

package io.sluice.protocol.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** SASLprep with PostgreSQL's pg_saslprep semantics; see {@link SaslPrep}. */
class SaslPrepTest {

  /** Asserts the prepared bytes are the UTF-8 of {@code expected}. */
  static void prepares(String input, String expected) {
    assertEquals(expected, new String(SaslPrep.prepare(input), StandardCharsets.UTF_8));
  }

  /** Asserts SASLprep refused the input and its UTF-8 bytes are used unchanged. */
  static void passesRaw(String input) {
    assertArrayEquals(input.getBytes(StandardCharsets.UTF_8), SaslPrep.prepare(input));
  }

  @Test
  void asciiIsUnchangedEvenWithControlCharacters() {
    prepares("pencil", "pencil");
    prepares("with space ~!", "with space ~!");
    prepares("bell\u0007tab\t", "bell\u0007tab\t"); // pg_saslprep's ASCII fast path
  }

  @Test
  void nonAsciiSpacesBecomeSpace() {
    prepares("a\u00A0b", "a b");
    prepares("a\u2003b", "a b");
    prepares("\u3000x\u1680", " x "); // C.1.2 includes U+3000 and U+1680
  }

  @Test
  void commonlyMappedToNothingIsRemoved() {
    prepares("I\u00ADX", "IX"); // RFC 4013 section 3 example
    prepares("\u00e9\u034Fx\uFEFF", "\u00e9x"); // COMBINING GRAPHEME JOINER, ZWNBSP
  }

  /**
   * U+200B ZERO WIDTH SPACE is in both C.1.2 (a space in Unicode 3.2) and B.1; pg_saslprep tests
   * C.1.2 first, so it becomes a space rather than nothing.
   */
  @Test
  void zeroWidthSpaceBecomesSpaceAsInPostgres() {
    prepares("\u00e9\u200Bx", "\u00e9 x");
  }

  @Test
  void nfkcIsApplied() {
    prepares("\u2168", "IX"); // ROMAN NUMERAL NINE, RFC 4013 section 3 example
    prepares("\u00AA", "a"); // RFC 4013 section 3 example
    prepares("\uFB01x", "fix"); // LATIN SMALL LIGATURE FI
    prepares("e\u0301\u00e9", "\u00e9\u00e9"); // composition
  }

  @Test
  void prohibitedCharacterMeansRawPassword() {
    passesRaw("\u00e9\u0007"); // C.2.1 in a non-ASCII string (RFC 4013 section 3 example)
    passesRaw("a\u00A0\u0007"); // refused as a whole: the U+00A0 is not mapped either
    passesRaw("x\uE000\u00A0"); // C.3 private use
    passesRaw("\u00A0\u200E"); // C.8 LEFT-TO-RIGHT MARK
    passesRaw("\u00A0\uDB40\uDC01"); // C.9 LANGUAGE TAG (U+E0001)
  }

  @Test
  void unassignedInUnicode32MeansRawPassword() {
    passesRaw("\u0221\u00A0"); // U+0221 was assigned only in Unicode 4.0
    passesRaw("\u00A0\uD83D\uDE00"); // U+1F600, an emoji, is unassigned in 3.2
  }

  @Test
  void emptyAfterMappingMeansRawPassword() {
    passesRaw("\u00AD");
    passesRaw("\u00AD\uFE0F\u2060"); // soft hyphen, variation selector, word joiner
  }

  @Test
  void bidiRules() {
    prepares("\u05D0\u00A0\u05D1", "\u05D0 \u05D1"); // RandALCat at both ends, no LCat
    passesRaw("\u05D0\u00A0a\u05D1"); // RandALCat with LCat 'a'
    passesRaw("1\u00A0\u05D0"); // RandALCat but does not start with one
    passesRaw("\u05D0\u00A01"); // nor end with one (RFC 4013 section 3: <U+0627><U+0031> fails)
  }

  /**
   * pg_saslprep checks prohibited characters before NFKC, the RFC after. U+0340 (COMBINING GRAVE
   * TONE MARK, table C.8) normalizes to U+0300; the RFC would accept "a\u0340" as "\u00e0",
   * PostgreSQL refuses it and uses the raw bytes. PostgreSQL is followed.
   */
  @Test
  void prohibitedCheckPrecedesNormalizationAsInPostgres() {
    passesRaw("a\u0340");
  }

  @Test
  void unpairedSurrogateIsAnError() {
    var e = assertThrows(IllegalArgumentException.class, () -> SaslPrep.prepare("Zq7\uD800"));
    assertEquals(-1, e.getMessage().indexOf("Zq7"));
  }

  @Test
  void tablesAnswerMembership() {
    assertEquals(true, StringPrepTables.contains(StringPrepTables.UNASSIGNED, 0x0221));
    assertEquals(false, StringPrepTables.contains(StringPrepTables.UNASSIGNED, 0x0220));
    assertEquals(true, StringPrepTables.contains(StringPrepTables.PROHIBITED, 0x10FFFF));
    assertEquals(false, StringPrepTables.contains(StringPrepTables.PROHIBITED, 0x20));
    assertEquals(true, StringPrepTables.contains(StringPrepTables.L_CAT, 'a'));
    assertEquals(true, StringPrepTables.contains(StringPrepTables.RAND_AL_CAT, 0x05D0));
  }
}

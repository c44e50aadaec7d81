package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ExcerptTest {
  @Test
  void shortInputIsQuotedWhole() {
    assertEquals("\"sslmode\"", Excerpt.quoted("sslmode"));
    assertEquals("\"" + "a".repeat(64) + "\"", Excerpt.quoted("a".repeat(64)));
  }

  @Test
  void longInputShowsAPrefixAndItsLength() {
    assertEquals("\"" + "a".repeat(64) + "\"…(65 chars)", Excerpt.quoted("a".repeat(65)));
    assertEquals("\"" + "a".repeat(64) + "\"…(1048576 chars)", Excerpt.quoted("a".repeat(1 << 20)));
  }

  @Test
  void neverCutsACharacterInHalf() {
    String s = "a".repeat(63) + "😀" + "b".repeat(10);
    assertEquals("\"" + "a".repeat(63) + "\"…(75 chars)", Excerpt.quoted(s));
  }
}

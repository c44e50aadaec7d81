package io.sluice.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
  @Test
  void distanceWithinTheLimitIsExact() {
    assertEquals(0, Suggestions.distance("port", "port", 2));
    assertEquals(1, Suggestions.distance("sslmodee", "sslmode", 2));
    assertEquals(1, Suggestions.distance("prot", "pot", 2));
    assertEquals(2, Suggestions.distance("prot", "port", 2));
    assertEquals(4, Suggestions.distance("", "host", 4));
    assertEquals(3, Suggestions.distance("kitten", "sitting", 3));
    assertEquals(2, Suggestions.distance("channel-binding", "channel_bindin", 2));
  }

  @Test
  void distanceBeyondTheLimitIsLimitPlusOne() {
    assertEquals(3, Suggestions.distance("", "host", 2), "by the lengths alone");
    assertEquals(3, Suggestions.distance("abcd", "wxyz", 2), "same length, every cell over");
    assertEquals(2, Suggestions.distance("kitten", "sitting", 1));
    assertEquals(3, Suggestions.distance("x".repeat(1 << 20), "port", 2), "refused by length, no table");
  }

  /** The banded result agrees with the full table wherever the true distance is within the limit. */
  @Test
  void bandAgreesWithTheFullTable() {
    String[] words = {"", "a", "ab", "ba", "abc", "acb", "host", "hots", "hostaddr", "sslmode", "sslmod",
        "dbname", "dbnmae", "password", "passwrd", "pasword", "user", "usr", "aaaa", "aaab"};
    for (String a : words) {
      for (String b : words) {
        int full = fullDistance(a, b);
        for (int limit = 0; limit <= 3; limit++) {
          assertEquals(Math.min(full, limit + 1), Suggestions.distance(a, b, limit), a + " / " + b + " / " + limit);
        }
      }
    }
  }

  @Test
  void suggestions() {
    List<String> keys = Keys.all().stream().map(Keys.Key::name).toList();
    assertEquals("sslmode", Suggestions.nearest("sslmod", keys));
    assertEquals("sslmode", Suggestions.nearest("SSLMODE", keys));
    assertEquals("dbname", Suggestions.nearest("dbnam", keys));
    assertEquals("password", Suggestions.nearest("passwrd", keys));
    assertEquals("channel_binding", Suggestions.nearest("channel-binding", keys));
    assertEquals("dbname", Suggestions.nearest("database", keys), "an alias, too far for the edit distance");
    assertEquals("user", Suggestions.nearest("username", keys));
    assertNull(Suggestions.nearest("xyzzy", keys));
  }

  /** Issue 37 §3: the work for an over-long name is none, not length × keys. */
  @Test
  void anOverLongNameIsComparedWithNothing() {
    Counting keys = new Counting(Keys.all().stream().map(Keys.Key::name).toList());
    assertNull(Suggestions.nearest("x".repeat(1 << 20), keys));
    assertNull(Suggestions.nearest("s".repeat(Suggestions.MAX_NAME + 1), keys));
    assertEquals(0, keys.looked);
    Suggestions.nearest("s".repeat(Suggestions.MAX_NAME), keys);
    assertEquals(Keys.all().size(), keys.looked, "a name at the limit is compared with each key once");
  }

  private static final class Counting implements Iterable<String> {
    final List<String> names;
    int looked;

    Counting(List<String> names) {
      this.names = names;
    }

    @Override
    public Iterator<String> iterator() {
      Iterator<String> it = names.iterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public String next() {
          looked++;
          return it.next();
        }
      };
    }
  }

  private static int fullDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        d[i][j] = i == 0 ? j : j == 0 ? i : Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1),
            d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
      }
    }
    return d[a.length()][b.length()];
  }
}

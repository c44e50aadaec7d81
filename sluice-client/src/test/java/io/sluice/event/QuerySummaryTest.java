package io.sluice.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Summaries of statements, after the examples of OpenTelemetry's docs/db/database-spans.md and Sluice's own SQL. */
class QuerySummaryTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      // the conventions' own examples
      "SELECT * FROM wuser_table WHERE username = $1 | SELECT wuser_table",
      "INSERT INTO shipping_details (order_id, address) SELECT order_id, address FROM orders WHERE order_id = $1 | INSERT shipping_details SELECT orders",
      "SELECT * FROM songs, artists WHERE songs.artist_id = artists.id | SELECT songs artists",
      "SELECT order_date FROM (SELECT * FROM orders o JOIN customers c ON o.customer_id = c.customer_id) | SELECT SELECT orders customers",
      "SELECT * FROM \"song list\", artists | SELECT \"song list\" artists",
      // qualified names, case as written, joins, aliases
      "select v from bench.t where k = $1 | select bench.t",
      "SELECT a.x FROM public.a AS a LEFT JOIN b ON b.id = a.id, c x | SELECT public.a b c",
      "SELECT * FROM \"My Schema\".\"T\" | SELECT \"My Schema\".\"T\"",
      "SELECT * FROM ONLY parent | SELECT parent",
      // functions are not tables; literals and comments never show
      "select g from generate_series(1, $1::int) g | select",
      "select 'from secret' as x /* from hidden */ -- from gone | select",
      "select $$ from t $$, E'\\' from u' | select",
      "SELECT 1 | SELECT",
      "select extract(year from ts), substring(s from 2 for 3) from t | select t",
      "select trim(both ' ' from s) from u where n in (select n from v) | select u select v",
      "select coalesce((select max(n) from t), 0), array(select n from u) | select select t select u",
      // writes
      "insert into ev select generate_series(1, 4) | insert ev select",
      "UPDATE accounts SET balance = balance - $1 WHERE id = $2 | UPDATE accounts",
      "UPDATE a SET x = b.x FROM b WHERE a.id = b.id | UPDATE a b",
      "DELETE FROM ev WHERE n > $1 RETURNING n | DELETE ev",
      "INSERT INTO t (k) VALUES ($1) ON CONFLICT (k) DO UPDATE SET v = excluded.v | INSERT t",
      "SELECT * FROM jobs FOR UPDATE SKIP LOCKED | SELECT jobs",
      "MERGE INTO stock s USING delivery d ON s.id = d.id WHEN MATCHED THEN UPDATE SET n = s.n + d.n | MERGE stock delivery",
      "WITH recent AS (SELECT * FROM orders) SELECT * FROM recent | SELECT orders SELECT recent",
      // COPY, definitions, other statements
      "COPY items (id, name) FROM STDIN (FORMAT binary) | COPY items",
      "COPY (SELECT * FROM items) TO STDOUT | COPY SELECT items",
      "create temporary table ev (n int) | create table ev",
      "DROP TABLE IF EXISTS old_things | DROP TABLE old_things",
      "CREATE INDEX CONCURRENTLY IF NOT EXISTS ev_n ON ev (n) | CREATE INDEX ev_n",
      "begin isolation level serializable | begin",
      "SET search_path TO app | SET",
      "select 1; select n from ev | select select ev",
      "TRUNCATE TABLE ev | TRUNCATE ev",
      "CALL refresh_totals($1) | CALL refresh_totals",
  })
  void summarises(String sql, String summary) {
    assertEquals(summary, QuerySummary.of(sql));
  }

  @Test
  void anEmptyStatementHasAnEmptySummary() {
    assertEquals("", QuerySummary.of(""));
    assertEquals("", QuerySummary.of("  -- nothing\n ;"));
  }

  @Test
  void aLongSummaryStopsBetweenWordsWithinTheLimit() {
    StringBuilder sql = new StringBuilder("SELECT * FROM ");
    for (int i = 0; i < 100; i++) {
      sql.append(i == 0 ? "" : ", ").append("table_number_").append(i);
    }
    String summary = QuerySummary.of(sql.toString());
    assertTrue(summary.length() <= QuerySummary.MAX_LENGTH, summary.length() + " characters");
    assertTrue(summary.startsWith("SELECT table_number_0 table_number_1"), summary);
    assertTrue(summary.matches("SELECT( table_number_\\d+)+"), "cut inside a word: " + summary);
    assertFalse(summary.contains("table_number_99"), summary);
  }

  /**
   * Any text, however broken (unbalanced, unterminated), gets a summary: a listener must never fail
   * on SQL. (Each literal fragment is whole on its own, so that no mix of them lexes its text as a name.)
   */
  @Test
  void randomFragmentsNeverThrowAndNeverLeakALiteral() {
    String[] parts = {"select ", "from ", "t", ".", "\"q\"", "(", ")", ",", ";", "'secret'", " $$secret$$", "$1",
        "join ", "into ", "insert ", "update ", "extract(", "where ", " ", "--c\n", "/*", "*/", "create ",
        "table ", "on ", "with ", "as "};
    java.util.Random random = new java.util.Random(15);
    for (int i = 0; i < 20_000; i++) {
      StringBuilder sql = new StringBuilder();
      for (int n = random.nextInt(30); n > 0; n--) {
        sql.append(parts[random.nextInt(parts.length)]);
      }
      String summary = QuerySummary.of(sql.toString());
      assertTrue(summary.length() <= QuerySummary.MAX_LENGTH, sql::toString);
      assertFalse(summary.contains("secret"), () -> sql + " -> " + summary);
    }
  }

  @Test
  void aMemoAnswersAsOfDoesBeyondItsCapacity() {
    java.util.function.Function<String, String> memo = QuerySummary.memo(2);
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < 5; i++) {
        String sql = "select * from t" + i + " where k = $1";
        assertEquals(QuerySummary.of(sql), memo.apply(sql), sql);
      }
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QuerySummary.memo(0));
    assertTrue(e.getMessage().contains("capacity must be at least 1, was 0"), e.getMessage());
  }

  @Test
  void nullSqlIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QuerySummary.of(null));
    assertTrue(e.getMessage().contains("null"), e.getMessage());
  }
}

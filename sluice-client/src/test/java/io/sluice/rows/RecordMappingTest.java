package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.Connection;
import io.sluice.Pool;
import io.sluice.RowSet;
import io.sluice.Transaction;
import io.sluice.ValueException;
import io.sluice.internal.rows.RecordMapping;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Interval;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Rows to records against the real server: {@code query(sql, Record.class)} on a connection, a
 * transaction and a pool, {@code row.as}, streaming with {@code forEach}; many column types; names
 * matched across snake_case and camelCase; and errors that name the component and the column.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class RecordMappingTest {
  static Connection c;

  enum Mood { SAD, OK, HAPPY }

  record Person(long id, String firstName, Integer age, boolean active) {}

  record Everything(int anInt, long aLong, short aShort, double aDouble, float aFloat, boolean aBool, BigDecimal aNumeric,
      String aText, UUID aUuid, LocalDate aDate, OffsetDateTime aTimestamptz, Instant anInstant, Interval anInterval,
      Integer[] anArray, List<String> aList, List<List<Integer>> aGrid, byte[] aBytea, Mood aMood, Object anything,
      Long nullLong) {}

  public record Point(int x, int y) {}

  @BeforeAll
  static void connect() {
    c = Connection.open(PostgresServer.shared().uri());
    c.execute("drop type if exists rm_address cascade");
    c.execute("create type rm_address as (street text, zip_code int)");
  }

  @AfterAll
  static void disconnect() {
    c.close();
  }

  static final String PEOPLE = "select g as id, 'name' || g as first_name, nullif(g, 2) as age, g % 2 = 1 as active,"
      + " 'ignored' as extra from generate_series(1, 3) g";

  @Test
  void rowsBecomeRecordsOnEveryQueryable() {
    List<Person> expected = List.of(new Person(1, "name1", 1, true), new Person(2, "name2", null, false),
        new Person(3, "name3", 3, true));
    assertEquals(expected, c.query(PEOPLE, Person.class));
    try (Transaction tx = c.begin()) {
      assertEquals(expected, tx.query(PEOPLE, Person.class));
    }
    try (Pool pool = Pool.open(PostgresServer.shared().uri())) {
      assertEquals(expected, pool.query(PEOPLE, Person.class));
      List<Person> streamed = new ArrayList<>();
      pool.forEach(PEOPLE, Person.class, streamed::add);
      assertEquals(expected, streamed);
    }
    assertEquals(new Person(2, "name2", null, false), c.query(PEOPLE).get(1).as(Person.class));
  }

  @Test
  void parametersAndPublicRecords() {
    assertEquals(List.of(new Point(3, 4)), c.query("select $1::int as x, $2::int as y", Point.class, 3, 4));
  }

  @Test
  void manyTypes() {
    Everything e = c.query("select 1 an_int, 2::int8 a_long, 3::int2 a_short, 1.5::float8 a_double, 2.5::float4 a_float,"
        + " true a_bool, 1.10 a_numeric, 'text' a_text, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid a_uuid,"
        + " date '2024-02-29' a_date, timestamptz '2024-02-29 12:00Z' a_timestamptz,"
        + " timestamptz '2024-02-29 12:00Z' an_instant, interval '1 day 2 hours' an_interval,"
        + " array[1, null] an_array, array['a', null] a_list, array[[1, 2], [3, 4]] a_grid, '\\xdead'::bytea a_bytea,"
        + " 'HAPPY' a_mood, 42 anything, null::int8 null_long", Everything.class).get(0);
    assertEquals(1, e.anInt());
    assertEquals(2L, e.aLong());
    assertEquals((short) 3, e.aShort());
    assertEquals(1.5, e.aDouble());
    assertEquals(2.5f, e.aFloat());
    assertTrue(e.aBool());
    assertEquals(new BigDecimal("1.10"), e.aNumeric());
    assertEquals("text", e.aText());
    assertEquals(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), e.aUuid());
    assertEquals(LocalDate.of(2024, 2, 29), e.aDate());
    assertEquals(Instant.parse("2024-02-29T12:00:00Z"), e.aTimestamptz().toInstant());
    assertEquals(Instant.parse("2024-02-29T12:00:00Z"), e.anInstant());
    assertEquals(Interval.parse("1 day 02:00:00"), e.anInterval());
    assertTrue(java.util.Arrays.equals(new Integer[] {1, null}, e.anArray()));
    assertEquals(java.util.Arrays.asList("a", null), e.aList());
    assertEquals(List.of(List.of(1, 2), List.of(3, 4)), e.aGrid());
    assertEquals("dead", java.util.HexFormat.of().formatHex(e.aBytea()));
    assertEquals(Mood.HAPPY, e.aMood());
    assertEquals(42, e.anything());
    assertNull(e.nullLong());
  }

  @Test
  void nullIntoAPrimitiveNamesComponentAndColumn() {
    ValueException e = assertThrows(ValueException.class, () -> c.query("select null::int8 as id, 'a' first_name,"
        + " 1 age, true active", Person.class));
    assertTrue(e.getMessage().contains("Person's component id (long) from column id") && e.getMessage().contains("NULL")
        && e.getMessage().contains("Long"), e.getMessage());
  }

  @Test
  void mistypedColumnNamesComponentAndColumn() {
    ValueException e = assertThrows(ValueException.class, () -> c.query("select 1 as id, 'a' first_name,"
        + " date '2024-01-01' as age, true active", Person.class));
    assertTrue(e.getMessage().contains("component age (Integer) from column age") && e.getMessage().contains("LocalDate"),
        e.getMessage());
    ValueException mood = assertThrows(ValueException.class, () -> c.query("select 'meh' a_mood", MoodOnly.class));
    assertTrue(mood.getMessage().contains("\"meh\" is not a constant of Mood"), mood.getMessage());
  }

  record MoodOnly(Mood aMood) {}

  record Address(String street, int zipCode) {}

  record Customer(int id, Address address, List<Address> others) {}

  @Test
  void compositeColumnsBecomeNestedRecords() {
    // "as": before PostgreSQL 14 a column label without it cannot be a keyword (others is one)
    Customer customer = c.query("select 1 id, row('Main St', 12345)::rm_address address,"
        + " array[row('Side St', 1)::rm_address, null] as others", Customer.class).get(0);
    assertEquals(new Customer(1, new Address("Main St", 12345), java.util.Arrays.asList(new Address("Side St", 1), null)),
        customer);
    ValueException e = assertThrows(ValueException.class, () -> c.query("select 1 id,"
        + " row('Main St', null)::rm_address address, null::rm_address[] as others", Customer.class));
    assertTrue(e.getMessage().contains("Customer's component address (Address) from column address")
        && e.getMessage().contains("Address's component zipCode (int) from attribute zip_code of rm_address")
        && e.getMessage().contains("NULL"), e.getMessage());
  }

  @Test
  void missingColumnNamesComponentAndColumns() {
    ValueException e = assertThrows(ValueException.class, () -> c.query("select 1 as id, 'a' as name", Person.class));
    assertTrue(e.getMessage().contains("component firstName has no column") && e.getMessage().contains("first_name")
        && e.getMessage().contains("the columns are id, name"), e.getMessage());
  }

  @Test
  void twoColumnsForOneComponentAreRefused() {
    ValueException e = assertThrows(ValueException.class, () -> c.query("select 1 x, 2 \"X\", 3 y", Point.class));
    assertTrue(e.getMessage().contains("matches two columns"), e.getMessage());
  }

  @Test
  void theMappingIsResolvedOncePerShape() {
    RowSet rows = c.query(PEOPLE);
    Object first = RecordMapping.of(Person.class, rowsLayout(rows));
    rows.as(Person.class);
    assertSame(first, RecordMapping.of(Person.class, rowsLayout(rows)));
    // another statement with the same columns shares it through the cache
    assertSame(first, RecordMapping.of(Person.class, rowsLayout(c.query(PEOPLE + " limit 1"))));
  }

  private static io.sluice.internal.rows.RowLayout rowsLayout(RowSet rows) {
    return ((io.sluice.internal.rows.BufferedRowSet) rows).layout();
  }

  public record Feeling(Mood mood) {}

  public record Optionals(java.util.Optional<String> name, java.util.Optional<Integer> age,
      java.util.Optional<Mood> mood) {}

  public record Elapsed(java.time.Duration took) {}

  /** Issue 26: PostgreSQL's enum labels are lower case where Java's constants are upper. */
  @Test
  void anEnumLabelMapsToTheConstantThatDiffersOnlyInCase() {
    c.execute("drop type if exists rm_mood cascade");
    c.execute("create type rm_mood as enum ('sad', 'ok', 'happy')");
    assertEquals(List.of(new Feeling(Mood.HAPPY)), c.query("select 'happy'::rm_mood as mood", Feeling.class));
    ValueException none = assertThrows(ValueException.class, () -> c.query("select 'glad' as mood", Feeling.class));
    assertTrue(none.getMessage().contains("\"glad\" is not a constant of Mood"), none.getMessage());
  }

  @Test
  void optionalComponentsHoldTheValueOrEmptyForNull() {
    assertEquals(List.of(new Optionals(java.util.Optional.of("ann"), java.util.Optional.of(7),
            java.util.Optional.of(Mood.OK)),
        new Optionals(java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.empty())),
        c.query("select 'ann' as name, 7 as age, 'ok' as mood union all select null, null, null", Optionals.class));
  }

  @Test
  void aDurationComponentReadsAnIntervalOfExactLength() {
    assertEquals(List.of(new Elapsed(java.time.Duration.ofMinutes(90).plusMillis(5))),
        c.query("select interval '1 hour 30 minutes 0.005 seconds' as took", Elapsed.class));
    ValueException months = assertThrows(ValueException.class,
        () -> c.query("select interval '1 month' as took", Elapsed.class));
    assertTrue(months.getMessage().contains("months"), months.getMessage());
  }
}

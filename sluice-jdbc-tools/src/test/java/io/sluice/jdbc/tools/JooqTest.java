package io.sluice.jdbc.tools;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;
import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** jOOQ's DSL (POSTGRES dialect) over sluice-jdbc: DDL, selects, INSERT … RETURNING, batches, transactions, meta. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class JooqTest {
  static final Table<Record> ITEM = table(name("item"));
  static final Field<Long> ID = field(name("id"), SQLDataType.BIGINT);
  static final Field<String> TITLE = field(name("title"), SQLDataType.VARCHAR(100));
  static final Field<BigDecimal> PRICE = field(name("price"), SQLDataType.NUMERIC(10, 2));
  static final Field<LocalDate> LISTED = field(name("listed"), SQLDataType.LOCALDATE);

  static DSLContext ctx;

  @BeforeAll
  @SuppressWarnings("removal") // jOOQ 3.x still documents identity(true) for generated keys
  static void database() throws SQLException {
    ctx = DSL.using(ToolsDatabase.create("tools_jooq").dataSource(), SQLDialect.POSTGRES);
    ctx.createTable(ITEM)
        .column(ID, SQLDataType.BIGINT.identity(true))
        .column(TITLE, SQLDataType.VARCHAR(100).nullable(false))
        .column(PRICE)
        .column(LISTED)
        .constraints(DSL.primaryKey(ID), DSL.unique(TITLE))
        .execute();
  }

  @BeforeEach
  void empty() {
    ctx.truncate(ITEM).restartIdentity().execute();
  }

  @Test
  void insertReturningAndTypedSelects() {
    Record2<Long, String> inserted = ctx.insertInto(ITEM, TITLE, PRICE, LISTED)
        .values("lamp", new BigDecimal("19.99"), LocalDate.of(2024, 2, 29))
        .returningResult(ID, TITLE)
        .fetchOne();
    assertNotNull(inserted);
    assertEquals(1L, inserted.value1());
    ctx.insertInto(ITEM, TITLE, PRICE).values("desk", new BigDecimal("120.00")).values("chair", null).execute();

    List<String> cheap = ctx.select(TITLE).from(ITEM)
        .where(PRICE.lt(new BigDecimal("100")).or(PRICE.isNull()))
        .orderBy(TITLE)
        .fetch(TITLE);
    assertEquals(List.of("chair", "lamp"), cheap);
    Record lamp = ctx.select(PRICE, LISTED).from(ITEM).where(TITLE.eq("lamp")).fetchOne();
    assertEquals(new BigDecimal("19.99"), lamp.get(PRICE));
    assertEquals(LocalDate.of(2024, 2, 29), lamp.get(LISTED));
    assertEquals(3, ctx.fetchCount(ITEM));
  }

  @Test
  void batchesBindManyRowsToOneStatement() {
    var batch = ctx.batch(ctx.insertInto(ITEM, TITLE, PRICE).values((String) null, (BigDecimal) null));
    for (int i = 0; i < 50; i++) {
      batch.bind("item " + i, BigDecimal.valueOf(i));
    }
    int[] counts = batch.execute();
    assertEquals(50, counts.length);
    assertEquals(50, ctx.fetchCount(ITEM));
    assertEquals(new BigDecimal("1225"), ctx.select(DSL.sum(PRICE)).from(ITEM).fetchOne(0, BigDecimal.class)
        .stripTrailingZeros().setScale(0));
  }

  @Test
  void transactionsCommitAndRollBack() {
    ctx.transaction(cfg -> DSL.using(cfg).insertInto(ITEM, TITLE).values("committed").execute());
    assertThrows(IllegalStateException.class, () -> ctx.transaction(cfg -> {
      DSL.using(cfg).insertInto(ITEM, TITLE).values("rolled back").execute();
      throw new IllegalStateException("undo");
    }));
    ctx.transaction(outer -> {
      DSL.using(outer).insertInto(ITEM, TITLE).values("outer").execute();
      assertThrows(Exception.class, () -> DSL.using(outer).transaction(inner ->
          DSL.using(inner).insertInto(ITEM, TITLE).values("outer").execute()), "nested: a savepoint");
      DSL.using(outer).insertInto(ITEM, TITLE).values("after the savepoint").execute();
    });
    assertEquals(List.of("after the savepoint", "committed", "outer"),
        ctx.select(TITLE).from(ITEM).orderBy(TITLE).fetch(TITLE));
  }

  @Test
  void givenOnlyAConnectionJooqDetectsPostgres() {
    assertEquals(SQLDialect.POSTGRES, ctx.connectionResult(c -> DSL.using(c).dialect().family()));
  }

  @Test
  void metaReadsTablesKeysAndColumnsFromDatabaseMetaData() {
    var tables = ctx.meta().filterSchemas(s -> s.getName().equals("public")).getTables();
    var item = tables.stream().filter(t -> t.getName().equals("item")).findFirst().orElseThrow();
    assertEquals(List.of("id", "title", "price", "listed"), List.of(item.fields()).stream().map(Field::getName).toList());
    assertEquals(List.of("id"), item.getPrimaryKey().getFields().stream().map(Field::getName).toList());
    assertEquals(SQLDataType.NUMERIC.getSQLType(), item.field("price").getDataType().getSQLType());
    assertFalse(item.field("title").getDataType().nullable());
  }
}

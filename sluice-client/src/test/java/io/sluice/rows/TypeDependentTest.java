package io.sluice.rows;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.CopyFormat;
import io.sluice.Row;
import io.sluice.RowSet;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Oids;
import io.sluice.types.TypeDependent;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A parameter whose value depends on the type the server infers for it (or the COPY column's). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class TypeDependentTest {
  /** JSON text for json/jsonb, else a list: what the Clojure API does with a vector of maps. */
  record JsonOrList(String json, List<?> list) implements TypeDependent {
    @Override
    public Object valueFor(int typeOid) {
      return typeOid == Oids.JSON || typeOid == Oids.JSONB ? json : list;
    }
  }

  static final JsonOrList VALUE = new JsonOrList("[1, 2]", List.of(1, 2));

  @Test
  void sentAsTheServersTypeAsks() {
    try (Connection c = Connection.open(PostgresServer.shared().uri())) {
      sentAsTheServersTypeAsks(c);
    }
  }

  private static void sentAsTheServersTypeAsks(Connection c) {
    Row r = c.query("select $1::jsonb as j, $2::int[] as a, $3::json as t", VALUE, VALUE, VALUE).get(0);
    assertEquals("[1, 2]", r.get(0));
    assertArrayEquals(new Integer[] {1, 2}, (Integer[]) r.get(1));
    assertEquals("[1, 2]", r.get(2));
  }

  @Test
  void preparedBatchedAndCopied() {
    try (Connection c = Connection.open(PostgresServer.shared().uri())) {
      preparedBatchedAndCopied(c);
    }
  }

  private static void preparedBatchedAndCopied(Connection c) {
    c.execute("create temp table td (id int, doc jsonb, ns int[])");
    c.prepare("insert into td values ($1, $2, $3)").execute(1, VALUE, VALUE);
    c.batch().add("insert into td values ($1, $2, $3)", 2, VALUE, VALUE).run();
    c.batch().add("insert into td values ($1, $2, $3)", 3, VALUE, VALUE).runAtomic();
    for (CopyFormat f : CopyFormat.values()) {
      c.copy().fromRows("td", List.of("id", "doc", "ns"), f, List.<Object>of((Object) new Object[] {4, VALUE, VALUE}));
    }
    RowSet rows = c.query("select doc::text, ns::text from td order by id");
    assertEquals(6, rows.size());
    for (Row r : rows) {
      assertEquals("[1, 2]", r.getString(0));
      assertEquals("{1,2}", r.getString(1));
    }
  }
}

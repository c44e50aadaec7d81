package io.sluice.jdbc;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.testkit.ServerTest;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** getColumnDisplaySize of columns of the common types, as pgjdbc 42.7 reports them (issue 35 §7). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ServerTest
class DisplaySizeTest extends OneConnection {
  // issue 35 §7: TypeInfoCache.getDisplaySize's figures
  @Test
  void displaySizesArePgjdbcs() throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("drop table if exists jdbc_display; create table jdbc_display (a int2, b int4, c int8, d oid,"
          + " e float4, f float8, g bool, h \"char\", i date, j time, k time(0), l time(1), m time(3), n timetz,"
          + " o timestamp, p timestamptz, q timestamp(2), r interval, s varchar(12), t char(3), u numeric(10,3),"
          + " v numeric(5,0), w numeric, x text, y uuid, z int4[], aa bit(5), ab varbit(7), ac bytea)");
      try (ResultSet rs = s.executeQuery("select * from jdbc_display")) {
        ResultSetMetaData m = rs.getMetaData();
        int max = Integer.MAX_VALUE;
        int[] expected = {6, 11, 20, 10, 15, 25, 1, 1, 13, 15, 8, 11, 12, 21, 29, 35, 25, 49, 12, 3, 12, 6, 131089,
            max, max, 11, 5, 7, max};
        for (int i = 0; i < expected.length; i++) {
          assertEquals(expected[i], m.getColumnDisplaySize(i + 1), m.getColumnName(i + 1));
        }
      }
    }
  }
}

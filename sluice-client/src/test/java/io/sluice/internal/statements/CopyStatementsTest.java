package io.sluice.internal.statements;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which COPY statements exchange data with the client, and so belong to the COPY API. */
class CopyStatementsTest {
  @ParameterizedTest
  @ValueSource(strings = {
      "copy t from stdin",
      "COPY t (a, b) FROM STDIN WITH (FORMAT csv)",
      "  /* load */ copy t from stdin",
      "-- dump\ncopy t to stdout",
      "copy (select * from u where a in (1, 2)) to stdout with csv",
      "copy stdin from stdin",
      "copy t from\n\tstdin",
  })
  void copyWithTheClientsDataIsRecognised(String sql) {
    assertTrue(CopyStatements.viaClient(sql, true), sql);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "copy t from '/tmp/stdin'",
      "copy t to '/srv/out.csv'",
      "copy t to program 'gzip > /tmp/t.gz'",
      "copy (select * from stdin_log) to '/tmp/x'",
      "copy (select 'to stdout') to '/tmp/x'",
      "select 'copy t from stdin'",
      "select * from copy_jobs",
      "/* copy t from stdin */ select 1",
      "insert into t select 'stdin'",
      "copy \"stdin\" to '/tmp/x'",
  })
  void everythingElseIsAnOrdinaryStatement(String sql) {
    assertFalse(CopyStatements.viaClient(sql, true), sql);
  }
}

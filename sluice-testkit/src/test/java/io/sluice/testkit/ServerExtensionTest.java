package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link ServerTest}'s extension hands out the shared server, and its conninfo reaches it. */
@ServerTest
class ServerExtensionTest {
  static PostgresServer fromBeforeAll;

  @BeforeAll
  static void server(PostgresServer pg) {
    fromBeforeAll = pg;
  }

  @Test
  void everyParameterGetsTheSharedServer(PostgresServer pg) {
    assertSame(PostgresServer.shared(), pg);
    assertSame(pg, fromBeforeAll);
  }

  @Test
  void conninfoSignsInAsTheSuperuserWithTheExtraParameters(PostgresServer pg) {
    CommandResult r = pg.psqlAs(pg.conninfo("application_name=conninfo-check"), (String) null,
        "select current_user || ' ' || current_setting('application_name')");
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals(pg.superuser() + " conninfo-check", r.stdout().strip());
  }
}

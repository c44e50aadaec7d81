package io.sluice.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The key=value strings of {@link PostgresServer#conninfo(String)}, without a server. */
class ConninfoTest {
  @Test
  void aLocalServerIsReachedOverItsSocketAndExtraComesLast() {
    assertEquals("host=/tmp/s port=5433 user=sluice dbname=sluice query_timeout=1 sslmode=disable",
        Conninfo.superuser("/tmp/s", 5433, "sluice", null, "sluice", null, " query_timeout=1 sslmode=disable "));
    assertEquals("host=/tmp/s port=5433 user=sluice dbname=sluice",
        Conninfo.superuser("/tmp/s", 5433, "sluice", null, "sluice", null, ""));
  }

  @Test
  void anExternalServersPasswordIsQuotedAndItsUriParametersKept() {
    assertEquals("host=db.local port=5432 user=app dbname='my db' password='it\\'s me' sslmode=require",
        Conninfo.superuser("db.local", 5432, "app", "it's me", "my db", "sslmode=require", ""));
    assertEquals("host=h port=1 user=u dbname=d password='a\\\\b' application_name='x y'",
        Conninfo.superuser("h", 1, "u", "a\\b", "d", "application_name=x%20y", null));
  }
}

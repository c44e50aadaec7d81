package io.sluice;

import static io.sluice.ConfigFixtures.fails;
import static io.sluice.ConfigFixtures.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kind of bad input is a ConfigException whose message names the key and the bad value. */
class ConfigErrorTest {

  static Arguments bad(String input, String... fragments) {
    return Arguments.of(input, List.of(fragments));
  }

  static Stream<Arguments> badInputs() {
    return Stream.of(
        // unknown keys, with a suggestion within edit distance 2
        bad("sslmodee=require", "unknown connection parameter \"sslmodee\"", "did you mean \"sslmode\""),
        bad("SSLMODE=require", "unknown connection parameter \"SSLMODE\"", "did you mean \"sslmode\""),
        bad("hostadr=1.2.3.4", "\"hostadr\"", "did you mean \"hostaddr\""),
        bad("postgresql://h?sslmod=require", "unknown connection parameter \"sslmod\"", "\"sslmode\""),
        bad("postgresql://h?applicationname=x", "\"applicationname\"", "\"application_name\""),
        // ports
        bad("port=abc", "invalid port \"abc\"", "\"port\"", "1 to 65535"),
        bad("port=0", "invalid port \"0\""),
        bad("port=65536", "invalid port \"65536\""),
        bad("port=-1", "invalid port \"-1\""),
        bad("port=99999999999", "invalid port \"99999999999\""),
        bad("host=a,b port=1,x", "invalid port \"x\""),
        bad("postgresql://h:abc/db", "invalid port \"abc\""),
        bad("postgresql://h:0", "invalid port \"0\""),
        bad("postgresql://::1/db", "invalid port"),
        // list lengths
        bad("host=a,b port=1,2,3", "could not match 3 port numbers to 2 hosts"),
        bad("host=a port=1,2", "could not match 2 port numbers to 1 hosts"),
        bad("host=a,b,c hostaddr=1.1.1.1,2.2.2.2", "could not match 3 host names to 2 hostaddr values"),
        // empty host items, bad hostaddr, brackets outside URIs
        bad("host=a,,b", "empty host name", "\"host\"", "\"a,,b\""),
        bad("host=a,", "empty host name", "\"a,\""),
        bad("postgresql://h1,,h2", "empty host name"),
        bad("hostaddr=1.1.1.1,", "empty item", "\"hostaddr\""),
        bad("hostaddr=not-an-ip", "invalid hostaddr \"not-an-ip\"", "numeric"),
        bad("hostaddr=999.1.1.1", "invalid hostaddr \"999.1.1.1\""),
        bad("host=[::1]", "invalid host \"[::1]\"", "without brackets"),
        bad("host='a b'", "invalid host \"a b\""),
        bad("host=@abstract", "invalid host \"@abstract\"", "abstract"),
        // enumerations list what is allowed
        bad("sslmode=required", "invalid value \"required\"", "\"sslmode\"",
            "disable, allow, prefer, require, verify-ca, verify-full"),
        bad("sslmode=REQUIRE", "invalid value \"REQUIRE\"", "\"sslmode\""),
        bad("channel_binding=maybe", "\"maybe\"", "\"channel_binding\"", "disable, prefer, require"),
        bad("target_session_attrs=master", "\"master\"", "\"target_session_attrs\"",
            "any, read-write, read-only, primary, standby, prefer-standby"),
        bad("load_balance_hosts=yes", "\"yes\"", "\"load_balance_hosts\"", "disable, random"),
        bad("sslnegotiation=fast", "\"fast\"", "\"sslnegotiation\"", "postgres, direct"),
        bad("min_protocol_version=3.1", "\"3.1\"", "\"min_protocol_version\"", "3.0, 3.2, latest"),
        // combinations libpq rejects
        bad("sslnegotiation=direct", "weak sslmode \"prefer\"", "sslnegotiation=direct"),
        bad("sslnegotiation=direct sslmode=allow", "weak sslmode \"allow\""),
        bad("sslrootcert=system sslmode=require", "weak sslmode \"require\"", "sslrootcert=system"),
        bad("min_protocol_version=latest max_protocol_version=3.0",
            "min_protocol_version 3.2 is greater than max_protocol_version 3.0"),
        bad("min_protocol_version=3.2 max_protocol_version=3.0", "greater than max_protocol_version 3.0"),
        // require_auth
        bad("require_auth=password,!md5", "\"md5\"", "cannot be mixed with non-negative"),
        bad("require_auth=!password,md5", "\"md5\"", "cannot be mixed with negative"),
        bad("require_auth=scram-sha-256,scram-sha-256", "\"scram-sha-256\"", "more than once"),
        bad("require_auth=kerberos", "invalid require_auth method \"kerberos\"", "scram-sha-256"),
        bad("require_auth=password,", "invalid require_auth method \"\""),
        // UTF-8 only
        bad("client_encoding=LATIN1", "\"LATIN1\"", "\"client_encoding\"", "UTF-8 only"),
        bad("client_encoding=auto", "\"auto\"", "UTF-8 only"),
        // numbers
        bad("connect_timeout=ten", "\"ten\"", "\"connect_timeout\"", "integer"),
        bad("keepalives=yes", "\"yes\"", "\"keepalives\""),
        bad("sslsni=2", "\"2\"", "\"sslsni\"", "0 or 1"),
        bad("statement_cache_size=-1", "\"-1\"", "\"statement_cache_size\"", "at least 0"),
        bad("pipeline_depth=0", "\"0\"", "\"pipeline_depth\"", "at least 1"),
        bad("max_message_size=10", "\"10\"", "\"max_message_size\"", "at least 1024"),
        bad("max_message_size=4294967296", "\"4294967296\"", "\"max_message_size\""),
        bad("query_timeout=abc", "\"abc\"", "\"query_timeout\"", "seconds"),
        bad("query_timeout=-1", "\"-1\"", "\"query_timeout\""),
        bad("cancel_timeout=1e3", "\"1e3\"", "\"cancel_timeout\""),
        bad("query_timeout=99999999999999", "\"query_timeout\"", "at most"),
        // malformed keyword/value strings
        bad("host=h password", "missing \"=\" after \"password\""),
        bad("dbname='unterminated", "unterminated quoted string", "\"dbname\""),
        bad("=x", "missing keyword"),
        // malformed URIs
        bad("postgresql://h/db?host", "missing \"=\"", "\"host\""),
        bad("postgresql://h?options=a=b", "extra \"=\"", "\"options\"", "%3D"),
        bad("postgresql://h%zz", "invalid percent-encoded sequence \"%zz\"", "host"),
        bad("postgresql://h/db%2", "invalid percent-encoded sequence \"%2\"", "database name"),
        bad("postgresql://h/db%00x", "%00", "database name"),
        bad("postgresql://h/%C3%28", "not valid UTF-8"),
        bad("postgresql://[::1", "missing \"]\""),
        bad("postgresql://[]:5432", "empty IPv6 address"),
        bad("postgresql://[::1]x/db", "unexpected character \"x\" after \"]\""),
        bad("postgresql://[not-ipv6]/db", "invalid IPv6 address \"not-ipv6\""),
        bad("postgresql://h[::1]/db", "unexpected \"[\" or \"]\""),
        bad("postgresql://h/d b", "unexpected space", "%20"),
        bad("postgresql://h?ssl=false", "\"ssl\"", "only \"true\""),
        bad("postgresql://h%2Cx", "comma"),
        bad("Postgresql://h", "malformed connection URI"),
        bad("postgresql:h", "malformed connection URI"),
        bad("jdbc:mysql://h/db", "malformed connection URI"),
        // NUL anywhere
        bad("host=a\u0000b", "NUL"));
  }

  @ParameterizedTest(name = "[{index}] <{0}>")
  @MethodSource("badInputs")
  void rejectsWithAMessageNamingTheProblem(String input, List<String> fragments) {
    ConfigException e = fails(input);
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), () -> "message <" + e.getMessage() + "> lacks <" + f + ">");
    }
    assertEquals(SluiceException.Outcome.NOT_SENT, e.outcome());
  }

  @Test
  void noSuggestionWhenNothingIsClose() {
    ConfigException e = fails("frobnicate=1");
    assertTrue(e.getMessage().contains("unknown connection parameter \"frobnicate\""));
    assertFalse(e.getMessage().contains("did you mean"), e.getMessage());
  }

  @Test
  void aBareWordIsNotEchoed() {
    ConfigException e = fails("justaword");
    assertTrue(e.getMessage().contains("missing \"=\""), e.getMessage());
    assertFalse(e.getMessage().contains("justaword"), e.getMessage());
  }

  @Test
  void nulInAnyValueOrKeyIsRejected() {
    ConfigException v = assertThrows(ConfigException.class,
        () -> ConnectionConfig.of(map("application_name", "x\u0000options=-c evil"), Map.of()));
    assertTrue(v.getMessage().contains("\"application_name\" contains a NUL"), v.getMessage());
    ConfigException k = assertThrows(ConfigException.class,
        () -> ConnectionConfig.of(map("user\u0000", "x"), Map.of()));
    assertTrue(k.getMessage().contains("name contains a NUL"), k.getMessage());
    ConfigException env = fails("", Map.of("PGAPPNAME", "a\u0000b"));
    assertTrue(env.getMessage().contains("environment variable PGAPPNAME contains a NUL"), env.getMessage());
    ConfigException uri = fails("postgresql://h?application_name=a%00b");
    assertTrue(uri.getMessage().contains("%00"), uri.getMessage());
  }

  @Test
  void envValuesAreNamedInMessages() {
    ConfigException e = fails("", Map.of("PGSSLMODE", "bogus"));
    assertTrue(e.getMessage().contains("\"bogus\""), e.getMessage());
    assertTrue(e.getMessage().contains("\"sslmode\" (from PGSSLMODE)"), e.getMessage());
    ConfigException p = fails("", Map.of("PGPORT", "fifty"));
    assertTrue(p.getMessage().contains("invalid port \"fifty\""), p.getMessage());
    assertTrue(p.getMessage().contains("(from PGPORT)"), p.getMessage());
    ConfigException enc = fails("", Map.of("PGCLIENTENCODING", "LATIN1"));
    assertTrue(enc.getMessage().contains("(from PGCLIENTENCODING)"), enc.getMessage());
  }

  @Test
  void nullConnectionStringIsAConfigException() {
    assertThrows(ConfigException.class, () -> ConnectionConfig.parse(null, Map.of()));
  }
}

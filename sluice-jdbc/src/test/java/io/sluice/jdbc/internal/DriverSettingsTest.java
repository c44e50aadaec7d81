package io.sluice.jdbc.internal;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.ConfigException;
import io.sluice.HostPort;
import io.sluice.sql.JdbcSql;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** JDBC URLs and properties into Sluice settings, without a server. */
class DriverSettingsTest {
  /** The settings of {@code url} with {@code props} as name, value pairs. */
  static DriverSettings parse(String url, String... props) {
    Properties p = new Properties();
    for (int i = 0; i < props.length; i += 2) {
      p.setProperty(props[i], props[i + 1]);
    }
    return DriverSettings.parse(url, p);
  }

  @Test
  void pgjdbcUrlsAndTheSluiceFormSayTheSame() {
    DriverSettings a = parse("jdbc:postgresql://db1:5433,db2/app?user=u&ApplicationName=my+app");
    DriverSettings b = parse("jdbc:sluice:postgresql://db1:5433,db2/app?user=u&ApplicationName=my+app");
    assertEquals(a.config(), b.config());
    assertEquals(List.of(HostPort.Tcp.of("db1", 5433), HostPort.Tcp.of("db2", 5432)), a.config().hosts());
    assertEquals("app", a.config().database());
    assertEquals("u", a.config().user());
    assertEquals("my app", a.config().applicationName().orElseThrow());
  }

  @Test
  void theUrlWinsOverProperties() {
    DriverSettings s = parse("jdbc:postgresql://h/db?user=fromurl", "user", "fromprops", "password", "secret");
    assertEquals("fromurl", s.config().user());
    assertEquals("secret", s.config().password().orElseThrow());
  }

  @Test
  void driverSettingsAndPgjdbcMeanings() {
    DriverSettings s = parse("jdbc:postgresql://h/db?defaultRowFetchSize=250&escapeSyntaxCallMode=callIfNoReturn"
        + "&currentSchema=app&loginTimeout=7&ssl=true");
    assertEquals(250, s.defaultFetchSize());
    assertEquals(java.util.Optional.of(JdbcSql.CallMode.CALL_IF_NO_RETURN), s.callMode());
    assertTrue(parse("jdbc:postgresql://h/db").callMode().isEmpty(), "unset: by the routine's kind");
    assertEquals("-c search_path=app", s.config().options().orElseThrow());
    assertEquals(7, s.config().connectTimeout().orElseThrow().toSeconds());
    assertEquals(io.sluice.SslMode.VERIFY_FULL, s.config().sslMode());
  }

  @Test
  void loginTimeoutIsDecimalSecondsRoundedUpAndNoNumberIsRefusedByName() {
    assertEquals(10, parse("jdbc:postgresql://h/db?loginTimeout=10.0").config().connectTimeout().orElseThrow()
        .toSeconds());
    assertEquals(3, parse("jdbc:postgresql://h/db", "loginTimeout", "2.5").config().connectTimeout().orElseThrow()
        .toSeconds(), "never shorter than asked");
    assertEquals(1, parse("jdbc:postgresql://h/db?loginTimeout=.2").config().connectTimeout().orElseThrow()
        .toSeconds());
    io.sluice.ConfigException e = assertThrows(io.sluice.ConfigException.class,
        () -> parse("jdbc:postgresql://h/db?loginTimeout=zzzz"));
    assertTrue(e.getMessage().contains("\"loginTimeout\""), e.getMessage());
  }

  @Test
  void routingParametersByTheirJdbcNamesFromTheUrlOrProperties() {
    DriverSettings u = parse("jdbc:postgresql://h1,h2/db?readRouting=prefer-standby&maxStandbyLag=2s&readYourWrites=off");
    DriverSettings p = parse("jdbc:sluice:postgresql://h1,h2/db", "readRouting", "prefer-standby", "maxStandbyLag", "2s",
        "readYourWrites", "off");
    for (DriverSettings s : List.of(u, p)) {
      assertEquals(io.sluice.ReadRouting.PREFER_STANDBY, s.config().readRouting());
      assertEquals(java.time.Duration.ofSeconds(2), s.config().maxStandbyLag());
      assertFalse(s.config().readYourWrites());
    }
    ConfigException e = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db", "maxStandbyLag", "1s"));
    assertTrue(e.getMessage().contains("has no effect unless read_routing"), e.getMessage());
    e = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db?readRouting=any"));
    assertTrue(e.getMessage().contains("\"read_routing\"") && e.getMessage().contains("prefer-standby"), e.getMessage());
  }

  @Test
  void sluiceKeywordsPassThroughAndPgjdbcTuningIsIgnored() {
    DriverSettings s = parse("jdbc:postgresql://h/db?statement_cache_size=9&prepareThreshold=0&reWriteBatchedInserts=true",
        "pipeline_depth", "4");
    assertEquals(9, s.config().statementCacheSize());
    assertEquals(4, s.config().pipelineDepth());
  }

  /** pgjdbc's prepareThreshold=0, what PgBouncer's transaction mode needs, is Sluice's unnamed mode; other values do nothing. */
  @Test
  void prepareThresholdZeroMeansUnnamedStatements() {
    assertEquals(0, parse("jdbc:postgresql://h/db?prepareThreshold=0").config().statementCacheSize());
    assertEquals(256, parse("jdbc:postgresql://h/db?prepareThreshold=5").config().statementCacheSize());
    assertEquals(12, parse("jdbc:postgresql://h/db?prepareThreshold=0&statement_cache_size=12").config()
        .statementCacheSize());
  }

  /** Issue 35: every pgjdbc parameter is accepted, mapped or refused by name; other components' keys are ignored. */
  @Test
  void pgjdbcParametersAndOtherComponentsKeys() {
    DriverSettings s = parse("jdbc:postgresql://h/db?flushCacheOnDdl=false&reWriteBatchedInsertsSize=64"
        + "&hostRecheckSeconds=5&maxSendBufferSize=100&connectExecutorArg=x&protocolVersion=3&queryTimeout=7"
        + "&requireAuth=scram-sha-256", "socketFactoryArg", "k", "classLoaderStrategy", "driver",
        "convertBooleanToNumeric", "false", "scramMaxIterations", "4096", "gssUseDefaultCreds", "true",
        // pgjdbc's test kit passes these besides the URL; System.getProperties() has such keys too
        "test.url.PGPORT", "5432", "java.version", "21");
    assertEquals(3 << 16, s.config().maxProtocolVersion());
    assertEquals(java.time.Duration.ofSeconds(7), s.config().queryTimeout().orElseThrow());
    assertEquals(java.util.Set.of(io.sluice.protocol.auth.AuthMethod.SCRAM_SHA_256), s.config().allowedAuthMethods());
    assertEquals(3 << 16 | 2, parse("jdbc:postgresql://h/db?protocolVersion=3.2").config().maxProtocolVersion());
    for (String refused : new String[] {"socketFactory=org.example.F", "localSocketAddress=10.0.0.1",
        "convertBooleanToNumeric=true"}) {
      ConfigException e = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db?" + refused));
      assertTrue(e.getMessage().contains(refused.substring(0, refused.indexOf('='))), e.getMessage());
      assertTrue(e.getMessage().contains("not supported"), e.getMessage());
    }
    // a service is looked up in the service files (ServiceFileJdbcTest): one not defined is named
    ConfigException service = assertThrows(ConfigException.class,
        () -> parse("jdbc:postgresql://h/db?service=app&servicefile=/nonexistent/pg_service.conf"));
    assertTrue(service.getMessage().contains("definition of service \"app\" not found"), service.getMessage());
    // a dotted name in the URL is no other component's: an error, as any unknown name
    ConfigException dotted = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db?test.url.x=1"));
    assertTrue(dotted.getMessage().contains("test.url.x"), dotted.getMessage());
    ConfigException typo = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db", "sslmod", "require"));
    assertTrue(typo.getMessage().contains("sslmod"), typo.getMessage());
  }

  @Test
  void badInputIsRefusedNamingIt() {
    ConfigException unknown = assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db?frobnicate=1"));
    assertTrue(unknown.getMessage().contains("frobnicate"), unknown.getMessage());
    ConfigException fetch = assertThrows(ConfigException.class,
        () -> parse("jdbc:postgresql://h/db?defaultRowFetchSize=-1"));
    assertTrue(fetch.getMessage().contains("defaultRowFetchSize"), fetch.getMessage());
    assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db?escapeSyntaxCallMode=maybe"));
    assertThrows(ConfigException.class, () -> parse("jdbc:mysql://h/db"));
    assertThrows(ConfigException.class, () -> parse("jdbc:postgresql://h/db?ssl=perhaps"));
    ConfigException rewrite = assertThrows(ConfigException.class,
        () -> parse("jdbc:postgresql://h/db?reWriteBatchedInserts=yes"));
    assertTrue(rewrite.getMessage().contains("reWriteBatchedInserts"), rewrite.getMessage());
  }

  @Test
  void batchedInsertsAreRewrittenUnlessSwitchedOff() {
    assertTrue(parse("jdbc:postgresql://h/db").rewriteInserts());
    assertTrue(parse("jdbc:postgresql://h/db?reWriteBatchedInserts=true").rewriteInserts());
    assertFalse(parse("jdbc:postgresql://h/db?reWriteBatchedInserts=FALSE").rewriteInserts());
  }

  @Test
  void aPasswordNeverShowsInTheConfigTextOrInErrors() {
    DriverSettings s = parse("jdbc:postgresql://h/db?password=hunter2");
    assertFalse(s.config().toString().contains("hunter2"));
    for (String bad : new String[] {"jdbc:postgresql://h:notaport/db?password=hunter2",
        "jdbc:postgresql://h/db?password=hunter2&sslmode=sometimes", "jdbc:postgresql://u:hunter2@h/db",
        "jdbc:postgresql://h/db?password=hunter2&pipeline_depth=-4",
        // the driver's own decoding once quoted the bad value whole
        "jdbc:postgresql://h/db?password=hunter2%zz"}) {
      ConfigException e = assertThrows(ConfigException.class, () -> parse(bad, "password", "hunter2"), bad);
      assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }
  }

  /** Issue 37 §3: a 1 MB name or value is refused naming the problem, quoting a bounded prefix. */
  @Test
  void hugeInputIsRefusedWithABoundedMessage() {
    String x = "x".repeat(1 << 20);
    String shown = "\"" + "x".repeat(64) + "\"…(1048576 chars)";
    String[][] cases = {
        {"jdbc:postgresql://h/db?statement_cach" + x + "=1", "unknown connection parameter \"statement_cach"},
        {"jdbc:postgresql://h/db?" + x + "%zz=1", "malformed percent-encoding in the JDBC URL: parameter name"},
        {"jdbc:postgresql://h/db?currentSchema=%zz" + x, "the value of parameter \"currentSchema\""},
        {"jdbc:postgresql://h/db?defaultRowFetchSize=" + x, "invalid value " + shown + " for defaultRowFetchSize"},
        {"jdbc:postgresql://h/db?readOnly=" + x, "invalid value for readOnly: " + shown},
        {"jdbc:postgresql://h/db?readOnlyMode=" + x, "readOnlyMode=" + shown},
        {"jdbc:postgresql://h/db?stringtype=" + x, "invalid value " + shown + " for stringtype"},
        {"jdbc:postgresql://h/db?escapeSyntaxCallMode=" + x, "invalid value " + shown + " for escapeSyntaxCallMode"},
        {"jdbc:mysql://" + x, "not a URL of this driver"},
        {"jdbc:postgresql://h/db?sslmode=" + x, "invalid value " + shown}};
    for (String[] c : cases) {
      String m = assertThrows(ConfigException.class, () -> parse(c[0])).getMessage();
      assertTrue(m.length() < 400, m.length() + " chars: " + m.substring(0, Math.min(300, m.length())));
      assertTrue(m.contains(c[1]), "expected " + c[1] + " in: " + m);
    }
  }
}

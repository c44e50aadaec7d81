package io.sluice.lab.http;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.bench.Datasets;
import io.sluice.bench.Target;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTTP benchmark's two servers answer the same JSON; ab drives them and its report is read. */
@ServerTest
class RowsServerTest {
  static RowsServer sluice;
  static RowsServer pgjdbc;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    Target t = Target.of(PostgresServer.shared());
    Datasets.ensure(t);
    sluice = RowsServer.sluice(t, 2);
    pgjdbc = RowsServer.pgjdbc(t, 2);
  }

  @AfterAll
  static void stop() throws Exception {
    sluice.close();
    pgjdbc.close();
  }

  static HttpResponse<String> get(String url) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void bothServersWriteTheSameJson() throws Exception {
    for (int start : new int[] {1, 12_345, 49_501}) {
      HttpResponse<String> a = get(sluice.url() + "?start=" + start);
      HttpResponse<String> b = get(pgjdbc.url() + "?start=" + start);
      assertEquals(200, a.statusCode());
      assertEquals("application/json", a.headers().firstValue("content-type").orElse(""));
      assertEquals(b.body(), a.body(), "start " + start);
      JsonNode rows = new ObjectMapper().readTree(a.body());
      assertEquals(500, rows.size());
      assertEquals(start, rows.get(0).get("id").asInt());
      assertEquals(9, rows.get(0).size());
    }
    // NULLs come through as null (amount is NULL on every 17th row)
    assertTrue(get(sluice.url() + "?start=17").body().contains("\"amount\":null"));
    assertEquals(404, get(sluice.url().replace("/rows", "/nope")).statusCode());
  }

  @Test
  void abDrivesBothServers() throws Exception {
    Assumptions.assumeTrue(HttpBench.unavailable() == null, "ab is not installed (bin/sluice test installs apache2-utils)");
    for (RowsServer s : new RowsServer[] {sluice, pgjdbc}) {
      HttpBench.AbResult r = HttpBench.ab(s.url(), 40, 4);
      assertEquals(40, r.requests(), s.name());
      assertTrue(r.requestsPerSecond() > 0, s.name());
      assertTrue(r.percentiles().containsKey("99%"), r.percentiles().toString());
    }
  }

  @Test
  void abFailuresAreNotIgnored() {
    String report = """
        Complete requests:      10
        Failed requests:        3
           (Connect: 0, Receive: 0, Length: 1, Exceptions: 2)
        Time taken for tests:   0.100 seconds
        Requests per second:    100.00 [#/sec] (mean)
        """;
    assertThrows(IllegalStateException.class, () -> HttpBench.parse(report));
    HttpBench.AbResult ok = HttpBench.parse(report.replace("3\n", "1\n").replace("Exceptions: 2", "Exceptions: 0"));
    assertEquals(10, ok.requests());
  }
}

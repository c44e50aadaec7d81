package io.sluice.lab;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.Connection;
import io.sluice.bench.Datasets;
import io.sluice.bench.Target;
import io.sluice.bench.Warmup;
import io.sluice.bench.Workload;
import io.sluice.lab.run.Lab;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab end to end on a small profile against the test server: the matrix expansion, the
 * results schema and its views, the terminal table, and the HTML and JSON reports (the HTML opened
 * in a headless Chromium when there is one).
 */
@ServerTest
class LabTest {
  static final List<String> INTERFACES = List.of("pgjdbc", "sluice", "sluice-stream");
  /** The HTTP servers (interfaces of the HTTP case only). */
  static final List<String> HTTP_SERVERS = List.of("http-pgjdbc", "http-sluice");

  @TempDir
  static Path dir;

  static Target target;
  static long runId;
  static String printed;
  static Profiles small = new Profiles("test", Warmup.fixed(1), 2, List.of("int1", "point-seq", "point-vt16", "http-c16", Profiles.TIME_SPLIT, Profiles.POOL_SCALING), 300, 40, 50);
  static List<LabCase> cases;

  @BeforeAll
  static void smallRun() throws Exception {
    target = Target.of(PostgresServer.shared());
    Datasets.ensure(target);
    cases = small.cases(List.of());
    LabOptions o = LabOptions.parse("--profile", "quick", "--interfaces", String.join(",", INTERFACES) + ","
        + String.join(",", HTTP_SERVERS), "--dir", dir.toString());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    runId = Lab.run(o, small, cases, target, PostgresServer.shared().socketDirectory().toString(),
        new PrintStream(out, true, StandardCharsets.UTF_8));
    printed = out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void profilesExpandIntoCases() {
    List<String> names = cases.stream().map(LabCase::name).toList();
    assertEquals(List.of("int1", "point-seq-300", "point-vt16-300", "pool-scaling@remote", "http-c16",
        "http-c16@remote", "point-seq-300@unix", "point-seq-40@remote", "point-vt16-40@remote"), names);
    assertEquals(List.of("tcp", "tcp", "tcp", "remote", "http", "http", "unix", "remote", "remote"),
        cases.stream().map(LabCase::transport).toList());
    assertEquals(40, cases.get(7).workload().queryCount());
    assertEquals(16, cases.get(4).workload().threads());
    assertEquals(50, cases.get(4).workload().expectedRows());
    assertEquals(16, cases.get(5).workload().threads(), "the HTTP case again over the 1 ms link");
    assertEquals(512, cases.get(3).workload().queryCount(), "pool-scaling: four times the remote queries, 512 at least");
    assertEquals(256, cases.get(3).workload().threads());
    Profiles def = Profiles.named("default");
    List<LabCase> all = def.cases(List.of());
    assertEquals(all.size(), new HashSet<>(all.stream().map(LabCase::name).toList()).size(), "case names are unique");
    for (LabCase c : all) {
      assertTrue(!c.transport().equals("remote") || c.workload().kind().isPoint()
          || c.workload().kind() == Workload.Kind.BATCH_INSERT,
          "only point workloads and the batch go over the remote link: " + c.name());
      assertFalse(c.experiment().isBlank(), c.name());
    }
    assertTrue(Profiles.named("quick").cases(List.of()).stream().noneMatch(c -> c.transport().equals("remote")));
    for (String fullOnly : Profiles.FULL_ONLY) {
      assertTrue(all.stream().noneMatch(c -> c.name().equals(fullOnly) || c.name().matches(fullOnly + "-\\d+")),
          fullOnly + " is in the full profile only");
    }
    assertTrue(all.stream().anyMatch(c -> c.name().equals("connect-per-query-50")), "a twentieth of the point queries");
    assertTrue(Profiles.named("full").cases(List.of("t10m")).get(0).workload().expectedRows() == 10_000_000);
    for (String name : List.of("t50k-rows", "t50k-print", "t50k-copy", "n5-select", "n200-select", "n100-insert",
        "copy-in-100k", "batch-insert", "batch-insert@remote", "mixed9-rows", "json50k-rows")) {
      assertTrue(all.stream().anyMatch(c -> c.name().equals(name) || c.name().startsWith(name + "-")),
          name + " is in the default profile");
    }
    // issue 24's mixed load: 500 callers in the full profile, 50 when asked for by name
    List<LabCase> full = Profiles.named("full").cases(List.of());
    assertEquals(1, full.stream().filter(c -> c.workload().kind() == Workload.Kind.MIXED_LOAD).count());
    assertEquals(500, full.stream().filter(c -> c.name().equals("mixed-load")).findFirst().orElseThrow().workload()
        .threads());
    Workload light = def.cases(List.of("mixed-load-50")).get(0).workload();
    assertEquals(Workload.Kind.MIXED_LOAD, light.kind());
    assertEquals(50 * 22, light.expectedRows());
    // issue 36's failover takes minutes: no profile runs it unless named
    for (String profile : List.of("quick", "default", "full")) {
      assertTrue(Profiles.named(profile).cases(List.of()).stream().noneMatch(c -> c.name().equals("fleet-failover")),
          profile);
    }
    LabCase failover = def.cases(List.of("fleet-failover")).get(0);
    assertEquals("fleet-failover", failover.name());
    assertTrue(Profiles.runsItself(failover));
    // issue 24's measurement gaps: HTTP over the link in the default profile; pool scaling and the forks in the full one
    assertTrue(all.stream().anyMatch(c -> c.name().equals("http-c16@remote")));
    assertTrue(all.stream().anyMatch(c -> c.name().equals("http-c64@remote")));
    assertFalse(all.stream().anyMatch(c -> c.name().equals("http-c1@remote")), "one client: no pool to compare");
    LabCase scaling = full.stream().filter(c -> c.name().equals("pool-scaling@remote")).findFirst().orElseThrow();
    assertEquals(8_000, scaling.workload().queryCount());
    assertEquals(List.of("buffered-vs-streamed-t50k", "buffered-vs-streamed-mixed9", "buffered-vs-streamed-ts60",
        "buffered-vs-streamed-json50k"), full.stream().map(LabCase::name).filter(n -> n.startsWith("buffered-vs"))
        .toList());
    assertEquals(5, Profiles.named("full").forks());
    assertEquals(7, io.sluice.lab.scale.PoolScaling.setups(true).size());
    // the Rust and Go peers: the full profile, or by name
    List<String> everyInterface = List.of("sluice", "tokio-postgres", "pgx");
    assertEquals(List.of("sluice"), def.interfaces(everyInterface));
    assertEquals(everyInterface, Profiles.named("full").interfaces(everyInterface));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Profiles.named("huge"));
    assertTrue(e.getMessage().contains("quick, default, full"), e.getMessage());
  }

  @Test
  void badOptionsAreClearErrors() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LabOptions.parse("--only", "int1,nope"))
        .getMessage().contains("no workload nope"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LabOptions.parse("--pg", "12"))
        .getMessage().contains("15 to 18"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LabOptions.parse("--interfaces", "npgsql"))
        .getMessage().contains("no interface npgsql"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> LabOptions.parse("--profile"))
        .getMessage().contains("--profile needs a value"));
  }

  @Test
  void everyExecutionIsStoredAndTheViewsNormaliseIt() {
    try (Connection c = Connection.open(target.uri())) {
      assertEquals("done", c.query("select status from lab.run where id = $1", runId).get(0).getString(0));
      long expected = series() * small.runs();
      assertEquals(expected, c.query("select count(*) from lab.measurement where run_id = $1", runId).get(0).getLong(0));
      // every interface agreed on the checksum of each case
      assertEquals(0, c.query("select count(*) from (select workload from lab.measurement where run_id = $1"
          + " group by workload having count(distinct checksum) > 1) d", runId).get(0).getLong(0));
      // the reference (pgjdbc, no libpq here) is 1 on every case; the others are their median over its median
      for (var r : c.query("select workload, interface, wall_ratio from lab.normalised where run_id = $1", runId)) {
        double ratio = r.getDouble("wall_ratio");
        assertTrue(ratio > 0, r.toMap().toString());
        if (r.getString("interface").equals("pgjdbc")) {
          assertEquals(1.0, ratio, 1e-9, r.toMap().toString());
        }
      }
      var manual = c.query("select percentile_cont(0.5) within group (order by m.wall_s) from lab.measurement m"
          + " where run_id = $1 and workload = 'int1' and interface = 'sluice'", runId).get(0).getDouble(0)
          / c.query("select percentile_cont(0.5) within group (order by m.wall_s) from lab.measurement m"
          + " where run_id = $1 and workload = 'int1' and interface = 'pgjdbc'", runId).get(0).getDouble(0);
      assertEquals(manual, c.query("select wall_ratio from lab.normalised where run_id = $1 and workload = 'int1'"
          + " and interface = 'sluice'", runId).get(0).getDouble(0), 1e-9);
      assertEquals(INTERFACES.size(), c.query("select * from lab.by_interface where run_id = $1", runId).size());
      assertEquals(List.of("remote", "tcp"), c.query("select distinct transport from lab.by_transport where run_id = $1"
          + " order by 1", runId).stream().map(r -> r.getString(0)).toList());
      assertFalse(c.query("select * from lab.by_connect where run_id = $1", runId).isEmpty());
      assertFalse(c.query("select * from lab.history").isEmpty());
      // every (case, interface) has its cold call and warm-up stored apart (an HTTP server's: its first ab run)
      long warmed = series();
      assertEquals(warmed, c.query("select count(*) from lab.warmup where run_id = $1 and executions = 1"
          + " and cold_wall_s > 0 and stop = 'COUNT'", runId).get(0).getLong(0));
    }
  }

  @Test
  void theTimeSplitAccountsForTheWallTime() {
    try (Connection c = Connection.open(target.uri())) {
      var rows = c.query("select workload, interface, wall_median, client_cpu_median, server_cpu_median, rest_median"
          + " from lab.split_summary where run_id = $1 order by workload, interface", runId);
      // seed 002's six variants, on the interfaces that offer each (no pool among these but pgjdbc's HikariCP)
      assertEquals(List.of("s002-select pgjdbc", "s002-select sluice", "s002-select sluice-stream",
          "s002-select-pool pgjdbc", "s002-select-prepared pgjdbc", "s002-select-prepared sluice",
          "s002-write pgjdbc", "s002-write sluice", "s002-write-pool-tx pgjdbc", "s002-write-tx pgjdbc",
          "s002-write-tx sluice"), rows.stream().map(r -> r.getString(0) + " " + r.getString(1)).toList());
      for (var r : rows) {
        String who = r.toMap().toString();
        assertTrue(r.getDouble("client_cpu_median") > 0, who);
        assertTrue(r.getDouble("server_cpu_median") > 0, "the server worked for every statement: " + who);
        assertTrue(r.getDouble("rest_median") >= 0, who);
      }
    }
    assertTrue(printed.contains("Where the time goes (seed 002)"), printed);
  }

  @Test
  void theTerminalTableShowsSpreadAndRatios() {
    for (LabCase c : cases) {
      assertTrue(printed.contains(c.name()), "the table has " + c.name() + ":\n" + printed);
    }
    assertTrue(printed.contains("min") && printed.contains("median") && printed.contains("max"), printed);
    assertTrue(printed.contains("Summary"), printed);
    assertTrue(printed.contains("run " + runId + " (done)"), printed);
  }

  @Test
  void theReportsHaveAChartPerCaseAndValidJson() throws Exception {
    Path html = dir.resolve("reports").resolve("run-" + runId + ".html");
    String page = Files.readString(html);
    assertEquals(cases.size(), count(page, "<figure class=\"chart\""));
    assertEquals(series() * 2, count(page, "<rect class=\"bar\""));
    assertTrue(page.contains("http-c16, http-sluice: "), "the HTTP case's requests per second and latency");
    assertTrue(page.contains("The seed published: seed 000"), "int1 shows the seed's own figures");
    assertTrue(page.contains("next.jdbc is not reachable"));
    assertFalse(page.contains("not run by"), "no list of what did not run before the results");
    int headline = page.indexOf("<table class=\"headline\"");
    int firstChart = page.indexOf("<figure class=\"chart\"");
    int coverage = page.indexOf("<table class=\"coverage\"");
    assertTrue(headline > 0 && headline < firstChart && firstChart < coverage,
        "the headline first, then the charts, the coverage matrix at the end");
    assertTrue(page.contains("TCP only here"), "the coverage says once why pgjdbc has no Unix-socket case");
    assertEquals(6, count(page, "<figure class=\"split\""), "the time split of seed 002's six variants");
    assertEquals(page, Files.readString(dir.resolve("reports").resolve("latest.html")));
    String json = Files.readString(dir.resolve("reports").resolve("run-" + runId + ".json"));
    try (Connection c = Connection.open(target.uri())) {
      // PostgreSQL parses it: valid JSON, with every series
      long series = c.query("select jsonb_array_length(coalesce($1::jsonb -> 'series', $1::jsonb -> 'results'))",
          json).get(0).getLong(0);
      assertEquals(series(), series);
    }
  }

  @Test
  void theChartsRenderInAHeadlessBrowser() throws Exception {
    String browser = findBrowser();
    Assumptions.assumeTrue(browser != null,
        "no chromium on this machine (bin/sluice test installs Debian's chromium when run as root): not checked");
    Path html = dir.resolve("reports").resolve("run-" + runId + ".html");
    Process p = new ProcessBuilder(browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900",
        "--user-data-dir=" + dir.resolve("chromium-profile"), "--dump-dom", html.toUri().toString())
        .redirectError(dir.resolve("chromium.log").toFile()).start();
    String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium finished");
    Matcher m = Pattern.compile("data-drawn=\"(\\d+)\"").matcher(dom);
    List<Integer> drawn = new ArrayList<>();
    while (m.find()) {
      drawn.add(Integer.parseInt(m.group(1)));
    }
    assertEquals(cases.size(), drawn.size(), "every chart ran its check: " + drawn
        + (drawn.isEmpty() ? "\n" + Files.readString(dir.resolve("chromium.log")) : ""));
    for (int i = 0; i < drawn.size(); i++) {
      assertEquals(interfaces(cases.get(i)) * 2, drawn.get(i), "every bar of every chart has a width on screen");
    }
    // readable at a glance in a 1400 px window: charts wide, nothing to scroll sideways
    Matcher widths = Pattern.compile("data-width=\"(\\d+)\"").matcher(dom);
    while (widths.find()) {
      int w = Integer.parseInt(widths.group(1));
      assertTrue(w >= 1000 && w <= 1400, "a chart " + w + " px wide in a 1400 px window");
    }
    Matcher scroll = Pattern.compile("data-scroll=\"(\\d+)\"").matcher(dom);
    assertTrue(scroll.find(), "the page ran its check");
    assertTrue(Integer.parseInt(scroll.group(1)) <= 1400, "no sideways scrolling: " + scroll.group(1) + " px");
  }

  /**
   * The HTML report's headline table says what the JSON's measurements say: per case the fastest
   * interface, Sluice's best mode and the fastest peer with their median (min–max) wall times and
   * the ratio, recomputed here from the JSON's per-series figures alone.
   */
  @Test
  void theHeadlineTableAgreesWithTheJson() throws Exception {
    Pattern rowOf = Pattern.compile("<tr data-case=\"([^\"]+)\">(.*?)</tr>");
    Pattern cellOf = Pattern.compile("<td[^>]*>(.*?)</td>");
    Path reports = dir.resolve("reports");
    String page = Files.readString(reports.resolve("run-" + runId + ".html"));
    JsonNode json = new ObjectMapper().readTree(reports.resolve("run-" + runId + ".json").toFile());
    Map<String, Map<String, JsonNode>> byCase = new LinkedHashMap<>();
    for (JsonNode r : json.get("results")) {
      byCase.computeIfAbsent(r.get("workload").asText(), k -> new LinkedHashMap<>()).put(r.get("driver").asText(),
          r.get("wallMs"));
    }
    Matcher rows = rowOf.matcher(page);
    int checked = 0;
    while (rows.find()) {
      String workload = rows.group(1);
      List<String> cells = new ArrayList<>();
      Matcher m = cellOf.matcher(rows.group(2));
      while (m.find()) {
        cells.add(m.group(1));
      }
      Map<String, JsonNode> wall = byCase.get(workload);
      assertTrue(wall != null, workload + " is in the JSON");
      String fastest = best(wall, d -> true);
      String sluice = best(wall, d -> d.contains("sluice"));
      String peer = wall.keySet().stream().anyMatch(d -> !d.contains("sluice")) ? best(wall, d -> !d.contains("sluice"))
          : null;
      assertEquals(workload, cells.get(0));
      assertEquals(fastest, cells.get(1), workload + ": the fastest interface");
      assertEquals(sluice, cells.get(2), workload + ": Sluice's best mode");
      assertEquals(spread(wall.get(sluice)), cells.get(3), workload + ": its median (min–max)");
      if (peer == null) {   // the Unix-socket case: no peer of these reaches PostgreSQL that way
        assertEquals(List.of("–", "–", "–"), cells.subList(4, 7), workload);
      } else {
        assertEquals(peer, cells.get(4), workload + ": the fastest peer");
        assertEquals(spread(wall.get(peer)), cells.get(5), workload + ": its median (min–max)");
        assertEquals(String.format("%.2f", median(wall.get(sluice)) / median(wall.get(peer))), cells.get(6),
            workload + ": Sluice over the fastest peer");
      }
      assertEquals("–", cells.get(7), workload + ": no libpq in this run");
      checked++;
    }
    assertEquals(byCase.size(), checked, "a headline line per case");
    assertFalse(byCase.isEmpty());
  }

  /**
   * Issue 24: the HTTP cases carry the client CPU per request beside requests per second — in the
   * JSON (recomputed here from its samples), the HTML table and the view lab.per_request — and
   * every figure is plausible: more than nothing, less than the machine's CPUs give over the wall time.
   */
  @Test
  void theHttpCasesReportClientCpuPerRequest() throws Exception {
    Path reports = dir.resolve("reports");
    JsonNode json = new ObjectMapper().readTree(reports.resolve("run-" + runId + ".json").toFile());
    int cpus = json.get("machine").get("cpus").asInt();
    Map<String, JsonNode> perRequest = new LinkedHashMap<>();
    for (JsonNode r : json.get("perRequest")) {
      perRequest.put(r.get("workload").asText() + " " + r.get("server").asText(), r);
    }
    List<String> expected = new ArrayList<>();
    for (String c : List.of("http-c16", "http-c16@remote")) {
      for (String server : HTTP_SERVERS) {
        expected.add(c + " " + server);
      }
    }
    assertEquals(new HashSet<>(expected), perRequest.keySet());
    String page = Files.readString(reports.resolve("run-" + runId + ".html"));
    try (Connection c = Connection.open(target.uri())) {
      for (JsonNode r : json.get("results")) {
        String key = r.get("workload").asText() + " " + r.get("driver").asText();
        if (!perRequest.containsKey(key)) {
          continue;
        }
        List<Double> cpuPerRequest = new ArrayList<>();
        List<Double> rps = new ArrayList<>();
        for (JsonNode x : r.get("samples")) {
          double wall = x.get("wallNs").asDouble();
          double cpu = x.get("cpuNs").asDouble();
          long requests = x.get("rows").asLong();
          assertEquals(50, requests, key);
          assertTrue(cpu > 0, key + ": the server worked for its requests");
          assertTrue(cpu < wall * cpus, key + ": no more CPU than " + cpus + " CPUs give over " + wall + " ns: " + cpu);
          cpuPerRequest.add(cpu / 1e3 / requests);
          rps.add(requests / (wall / 1e9));
        }
        JsonNode figures = perRequest.get(key);
        assertEquals(lowerMedian(cpuPerRequest), figures.get("cpuUsPerRequest").get("median").asDouble(), 1e-6, key);
        assertEquals(lowerMedian(rps), figures.get("requestsPerSecond").get("median").asDouble(), 1e-6, key);
        assertTrue(figures.get("cpuUsPerRequest").get("min").asDouble() > 0, key);
        String[] parts = key.split(" ");
        var view = c.query("select requests_per_s_median, cpu_us_per_request_min, cpu_us_per_request_median"
            + " from lab.per_request where run_id = $1 and workload = $2 and interface = $3", runId, parts[0], parts[1]);
        assertEquals(1, view.size(), key + " in lab.per_request");
        assertTrue(view.get(0).getDouble("cpu_us_per_request_min") > 0, key);
        // the view interpolates an even count's median: between the JSON's min and max
        double viewMedian = view.get(0).getDouble("cpu_us_per_request_median");
        assertTrue(viewMedian >= figures.get("cpuUsPerRequest").get("min").asDouble() - 1e-6
            && viewMedian <= figures.get("cpuUsPerRequest").get("max").asDouble() + 1e-6, key + ": " + viewMedian);
        assertTrue(page.contains("<tr data-case=\"" + parts[0] + "\" data-server=\"" + parts[1] + "\">"),
            key + " in the HTML table");
      }
    }
    assertTrue(printed.contains("JSON over HTTP: requests/s and client CPU per request"), printed);
  }

  /** Issue 24's "many cores, no funnel": each pool set-up's throughput, per connection and against the link's bound. */
  @Test
  void thePoolScalingCaseReportsEachSetUpsThroughput() {
    for (var s : io.sluice.lab.scale.PoolScaling.setups(false)) {
      assertTrue(printed.contains("pool-scaling@remote, " + s.name() + ": "), s.name() + " in:\n" + printed);
    }
    assertTrue(printed.contains("% of the link's bound of 32,000 (64 in flight per 2 ms round trip)"), printed);
  }

  private static double lowerMedian(List<Double> xs) {
    List<Double> sorted = xs.stream().sorted().toList();
    return sorted.get((sorted.size() - 1) / 2);
  }

  private static String best(Map<String, JsonNode> wall, java.util.function.Predicate<String> which) {
    return wall.keySet().stream().filter(which)
        .min((a, b) -> Double.compare(median(wall.get(a)), median(wall.get(b)))).orElseThrow();
  }

  private static double median(JsonNode stats) {
    return stats.get("median").asDouble();
  }

  private static String spread(JsonNode stats) {
    return String.format("%.2f (%.2f–%.2f)", stats.get("median").asDouble(), stats.get("min").asDouble(),
        stats.get("max").asDouble());
  }

  /**
   * The HTTP case compares two servers, the Unix socket leaves pgjdbc out, pool scaling has its own
   * set-ups; else the chosen interfaces.
   */
  static int interfaces(LabCase c) {
    if (c.name().startsWith(Profiles.POOL_SCALING)) {
      return io.sluice.lab.scale.PoolScaling.setups(false).size();
    }
    return switch (c.transport()) {
      case "http" -> HTTP_SERVERS.size();
      case "unix" -> (int) INTERFACES.stream().filter(Profiles.UNIX_INTERFACES::contains).count();
      default -> INTERFACES.size();
    };
  }

  static long series() {
    return cases.stream().mapToLong(LabTest::interfaces).sum();
  }

  static String findBrowser() {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String d : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
        File f = new File(d, name);
        if (f.canExecute()) {
          return f.getPath();
        }
      }
    }
    return null;
  }

  static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }

}

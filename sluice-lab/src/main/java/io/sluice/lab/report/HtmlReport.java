package io.sluice.lab.report;

import io.sluice.bench.RunInfo;
import io.sluice.bench.Sample;
import io.sluice.bench.Series;
import io.sluice.lab.LabCase;
import io.sluice.lab.Profiles;
import io.sluice.lab.TimeSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML file per run, in the order a reader wants it: the headline table (per
 * case the fastest interface, Sluice's best mode and its ratios), the summary over the cases every
 * compared interface ran, then one chart per case (an SVG drawn here, no network: each interface's
 * wall and CPU time as a bar to the median with a whisker from min to max, the cold call marked,
 * the seed's published figures beside it), the time split, the interfaces and notes, and last the
 * coverage matrix. Nothing is shown as a single number without its min and max. A few lines of
 * script mark each chart with the number of bars the browser laid out ({@code data-drawn}) and its
 * width on screen ({@code data-width}), and the page with its scroll width, which the
 * headless-browser test reads back at a 1400 px window.
 */
public final class HtmlReport {
  private static final int BAR = 16;
  private static final int LABEL = 150;
  private static final int PLOT = 760;
  private static final int WIDTH = LABEL + PLOT + 330;

  private HtmlReport() {}

  /** Everything the page shows. */
  public record Page(RunInfo info, long runId, List<LabCase> cases, List<Series> results, List<String> notes,
      List<TimeSplit.Row> split, Coverage coverage) {}

  public static void write(Path file, Page p) throws IOException {
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>Sluice lab, run ")
        .append(p.runId()).append("</title>\n<style>\n")
        .append("body{font:15px system-ui,sans-serif;margin:1.5em auto;max-width:1320px;padding:0 1em;color:#222}")
        .append("table{border-collapse:collapse;margin:.5em 0}td,th{padding:3px 10px;text-align:right}")
        .append("th{border-bottom:1px solid #999;vertical-align:bottom}td:first-child,th:first-child{text-align:left}")
        .append("tr:nth-child(even) td{background:#f4f6f8}.good{color:#22663a;font-weight:600}.bad{color:#9b2c2c}")
        .append("figure{margin:1.5em 0}figcaption{font-weight:600;font-size:16px}.note{color:#555;font-size:13px}")
        .append("svg{width:100%;height:auto;max-width:").append(WIDTH).append("px}svg text{font:13px system-ui,sans-serif}")
        .append("table.headline td{white-space:nowrap}table.headline td:nth-child(2),table.headline td:nth-child(3),")
        .append("table.headline td:nth-child(5),table.headline td:nth-child(8){text-align:left}")
        .append("table.coverage td,table.coverage th{padding:1px 5px;font-size:12px;text-align:center}")
        .append("table.coverage th{writing-mode:vertical-rl;transform:rotate(180deg);text-align:left}")
        .append("table.coverage td:first-child{text-align:left}\n</style></head><body>\n");
    RunInfo info = p.info();
    h.append("<h1>Sluice lab — run ").append(p.runId()).append("</h1>\n<p>").append(esc(info.started().toString()))
        .append(", profile <b>").append(esc(info.profile())).append("</b>; ").append(esc(info.warmup().toString()))
        .append(", then ").append(info.runs()).append(" measured runs per case and interface. Server ")
        .append(esc(info.target().toString())).append("; client ").append(esc(info.java())).append(", ")
        .append(info.cpus()).append(" CPUs, ").append(esc(info.os())).append(".</p>\n");
    headline(h, Headline.of(p.results()));
    summary(h, Summary.of(p.results()));
    perRequest(h, PerRequest.of(p.results()));
    h.append("<h2>Cases</h2>\n<p class=\"note\">Each chart: milliseconds per execution (a point case's execution is"
        + " all of its queries). Bar: median of the measured runs; whisker: min to max. Dark: wall time; light: the"
        + " client's CPU time (every thread of the JVM, or the C client's own). ◆: the first, cold call's wall"
        + " time (before the warm-up), when it is within the scale; its figure is in the label.</p>\n");
    for (LabCase c : p.cases()) {
      List<Series> of = p.results().stream().filter(s -> s.workload().name().equals(c.name())).toList();
      if (!of.isEmpty()) {
        chart(h, c, of);
      }
    }
    if (!p.split().isEmpty()) {
      splitChart(h, p.split());
    }
    h.append("<h2>Interfaces</h2>\n<ul>");
    for (String[] d : info.drivers()) {
      h.append("<li><b>").append(esc(d[0])).append("</b>: ").append(esc(d[1])).append("</li>");
    }
    h.append("</ul>\n<h2>Notes</h2>\n");
    for (String note : p.notes()) {
      // a note of several lines is a table (fleet-failover's): kept as written
      String open = note.contains("\n") ? "<pre class=\"note\" style=\"white-space: pre-wrap\">" : "<p class=\"note\">";
      h.append(open).append(esc(note)).append(note.contains("\n") ? "</pre>\n" : "</p>\n");
    }
    coverage(h, p.coverage());
    h.append("<script>\n")
        .append("for (const f of document.querySelectorAll('figure.chart')) {\n")
        .append("  const drawn = [...f.querySelectorAll('rect.bar')].filter(r => r.getBoundingClientRect().width > 0);\n")
        .append("  f.dataset.drawn = String(drawn.length);\n")
        .append("  f.dataset.width = String(Math.round(f.querySelector('svg').getBoundingClientRect().width));\n")
        .append("}\ndocument.body.dataset.scroll = String(document.documentElement.scrollWidth);\n</script>\n");
    h.append("</body></html>\n");
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, h);
  }

  private static void headline(StringBuilder h, List<Headline.Line> lines) {
    h.append("<h2>Headline</h2>\n<p class=\"note\">Per case, by the median wall time of the measured runs (min–max"
        + " in brackets, ms). The ratios divide Sluice's best mode by the fastest other interface and by libpq's"
        + " best mode: below 1 Sluice is faster.</p>\n<table class=\"headline\"><tr><th>case</th><th>fastest</th>"
        + "<th>Sluice's best mode</th><th>ms</th><th>fastest peer</th><th>ms</th><th>× peer</th>"
        + "<th>libpq's best</th><th>ms</th><th>× libpq</th></tr>\n");
    for (Headline.Line l : lines) {
      h.append("<tr data-case=\"").append(esc(l.workload())).append("\"><td>").append(esc(l.workload()))
          .append("</td><td>").append(esc(l.fastest().driver())).append("</td>");
      who(h, l.sluice());
      who(h, l.peer());
      h.append(ratioCell(l.toPeer()));
      who(h, l.libpq());
      h.append(ratioCell(l.toLibpq())).append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private static void who(StringBuilder h, Series s) {
    if (s == null) {
      h.append("<td>–</td><td>–</td>");
      return;
    }
    Series.Stats w = s.wall();
    h.append("<td>").append(esc(s.driver())).append("</td><td>").append(String.format("%.2f (%.2f–%.2f)",
        w.median() / 1e6, w.min() / 1e6, w.max() / 1e6)).append("</td>");
  }

  private static String ratioCell(double r) {
    if (Double.isNaN(r)) {
      return "<td>–</td>";
    }
    return "<td class=\"" + (r <= 1 ? "good" : "bad") + "\">" + String.format("%.2f", r) + "</td>";
  }

  private static void summary(StringBuilder h, Summary s) {
    if (s.rows().isEmpty()) {
      return;
    }
    h.append("<h2>Summary</h2>\n<p class=\"note\">Each interface's median wall time over ").append(esc(s.reference()))
        .append("'s, per case; the geometric mean over the same ").append(s.cases().size())
        .append(" cases for every line (those all of them ran), with the smallest and largest ratio.");
    if (!s.left().isEmpty()) {
      h.append(" Left out, having run too few of those cases (their figures are in the headline and the charts): ");
      h.append(esc(s.leftOut())).append('.');
    }
    h.append("</p>\n<table class=\"summary\"><tr><th>interface</th><th>geometric mean</th><th>min</th><th>max</th></tr>\n");
    for (Summary.Row r : s.rows()) {
      h.append("<tr><td>").append(esc(r.driver())).append("</td><td>").append(String.format("%.2f", r.geomean()))
          .append("</td><td>").append(String.format("%.2f", r.min())).append("</td><td>")
          .append(String.format("%.2f", r.max())).append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  /** The HTTP cases: requests per second beside the client CPU per request, with their spread and ratios. */
  private static void perRequest(StringBuilder h, List<PerRequest> rows) {
    if (rows.isEmpty()) {
      return;
    }
    h.append("<h2>JSON over HTTP: requests per second and client CPU per request</h2>\n<p class=\"note\">Per"
        + " measured ab run after the warm-up: requests over ab's time, and the lab JVM's CPU (the HTTP server with"
        + " its database client and JSON encoder; ab and PostgreSQL run in other processes) over the requests served."
        + " Median (min–max); the ratios divide by ").append(PerRequest.REFERENCE).append("'s medians.</p>\n")
        .append("<table class=\"per-request\"><tr><th>case</th><th>server</th><th>requests/s</th><th>× pgjdbc</th>"
            + "<th>client CPU µs/request</th><th>× pgjdbc</th></tr>\n");
    for (PerRequest r : rows) {
      h.append("<tr data-case=\"").append(esc(r.workload())).append("\" data-server=\"").append(esc(r.server()))
          .append("\"><td>").append(esc(r.workload())).append("</td><td>").append(esc(r.server())).append("</td><td>")
          .append(figure(r.requestsPerSecond(), "%.0f")).append("</td><td>").append(plain(r.requestsRatio()))
          .append("</td><td>").append(figure(r.cpuMicros(), "%.0f")).append("</td><td>").append(plain(r.cpuRatio()))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  private static String figure(PerRequest.Figure f, String format) {
    return String.format(format + " (" + format + "–" + format + ")", f.median(), f.min(), f.max());
  }

  private static String plain(double r) {
    return Double.isNaN(r) ? "–" : String.format("%.2f", r);
  }

  private static void chart(StringBuilder h, LabCase c, List<Series> series) {
    double max = 0;
    for (Series s : series) {
      max = Math.max(max, Math.max(s.wall().max(), s.cpu().max()) / 1e6);
    }
    max = niceMax(max);
    int height = series.size() * (2 * BAR + 10) + 40;
    h.append("<figure class=\"chart\" data-case=\"").append(esc(c.name())).append("\"><figcaption>")
        .append(esc(c.name())).append(" — ").append(esc(c.workload().description())).append("</figcaption>\n")
        .append("<div class=\"note\">").append(esc(c.experiment())).append("; transport ").append(esc(c.transport()))
        .append(", connect ").append(esc(c.connect())).append(".</div>\n");
    String seed = Profiles.seedFigures(c.workload().name());
    if (seed != null) {
      h.append("<div class=\"note seed\">The seed published: ").append(esc(seed)).append(ours(series))
          .append("</div>\n");
    }
    h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
        .append("\" role=\"img\">\n");
    int y = 10;
    for (Series s : series) {
      h.append("<text x=\"0\" y=\"").append(y + BAR + 4).append("\">").append(esc(s.driver())).append("</text>\n");
      bar(h, y, s.wall(), max, "#2b6cb0", "wall");
      bar(h, y + BAR + 2, s.cpu(), max, "#90cdf4", "cpu");
      Sample cold = s.cold();
      if (cold != null) {
        double ms = cold.wallNanos() / 1e6;
        if (ms <= max) {
          int x = LABEL + (int) Math.round(ms / max * PLOT);
          h.append("<text x=\"").append(x - 5).append("\" y=\"").append(y + BAR - 3).append("\" fill=\"#c05621\">◆</text>");
        }
      }
      y += 2 * BAR + 10;
    }
    axis(h, y, max, "ms per execution");
    h.append("</svg></figure>\n");
  }

  /** This run's figures for the seed's pair, as the seed gave its own (median ms, and their ratio). */
  private static String ours(List<Series> series) {
    Series a = series.stream().filter(s -> s.driver().equals(Profiles.SEED_PAIR.get(0))).findFirst().orElse(null);
    Series b = series.stream().filter(s -> s.driver().equals(Profiles.SEED_PAIR.get(1))).findFirst().orElse(null);
    if (a == null || b == null) {
      return "";
    }
    return esc(String.format("; this run: %s %.1f ms, %s %.1f ms (%.1fx)", a.driver(), a.wall().median() / 1e6,
        b.driver(), b.wall().median() / 1e6, Headline.ratio(b, a)));
  }

  /** A scale line with five ticks and their values, and the unit. */
  private static void axis(StringBuilder h, int y, double max, String unit) {
    h.append("<line x1=\"").append(LABEL).append("\" y1=\"").append(y).append("\" x2=\"").append(LABEL + PLOT)
        .append("\" y2=\"").append(y).append("\" stroke=\"#999\"/>\n");
    for (int i = 0; i <= 4; i++) {
      int x = LABEL + PLOT * i / 4;
      h.append("<line x1=\"").append(x).append("\" y1=\"").append(y).append("\" x2=\"").append(x).append("\" y2=\"")
          .append(y + 4).append("\" stroke=\"#999\"/><text x=\"").append(x - 8).append("\" y=\"").append(y + 18)
          .append("\">").append(tick(max * i / 4)).append("</text>");
    }
    h.append("<text x=\"").append(LABEL + PLOT + 10).append("\" y=\"").append(y + 18).append("\">").append(unit)
        .append("</text>\n");
  }

  private static String tick(double v) {
    return v >= 10 || v == 0 ? String.format("%.0f", v) : String.format("%.2g", v);
  }

  /** The scale's end: the next of 1, 2, 2.5, 5 × a power of ten at or above {@code v}. */
  static double niceMax(double v) {
    if (v <= 0) {
      return 1;
    }
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 2.5, 5, 10}) {
      if (m * p >= v) {
        return m * p;
      }
    }
    return 10 * p;
  }

  /** Seed 002: per statement, a stacked bar of client CPU, server CPU and the rest, per interface. */
  private static void splitChart(StringBuilder h, List<TimeSplit.Row> rows) {
    h.append("<h2>Where the time goes (seed 002)</h2>\n");
    for (String w : rows.stream().map(TimeSplit.Row::workload).distinct().toList()) {
      List<TimeSplit.Row> of = rows.stream().filter(r -> r.workload().equals(w)).toList();
      double max = niceMax(of.stream().mapToDouble(r -> Math.max(r.wall().max(), r.client().median()
          + r.server().median() + r.rest().median())).max().orElse(1));
      int height = of.size() * (BAR + 8) + 40;
      h.append("<figure class=\"split\" data-case=\"").append(esc(w)).append("\"><figcaption>").append(esc(w))
          .append(": microseconds per statement</figcaption>\n<div class=\"note\">Medians. Dark: client CPU;"
              + " orange: server CPU; light: the rest (wire, waiting). Whisker: wall time min to max.</div>\n")
          .append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
          .append("\" role=\"img\">\n");
      int y = 10;
      for (TimeSplit.Row r : of) {
        h.append("<text x=\"0\" y=\"").append(y + BAR - 3).append("\">").append(esc(r.driver())).append("</text>");
        int x = LABEL;
        double[] parts = {r.client().median(), r.server().median(), r.rest().median()};
        String[] colors = {"#2b6cb0", "#dd6b20", "#cbd5e0"};
        for (int i = 0; i < 3; i++) {
          int w2 = (int) Math.round(parts[i] / max * PLOT);
          h.append("<rect class=\"part\" x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"")
              .append(Math.max(0, w2)).append("\" height=\"").append(BAR).append("\" fill=\"").append(colors[i])
              .append("\"/>");
          x += w2;
        }
        int x1 = LABEL + (int) Math.round(r.wall().min() / max * PLOT);
        int x2 = LABEL + (int) Math.round(r.wall().max() / max * PLOT);
        h.append("<line x1=\"").append(x1).append("\" y1=\"").append(y + BAR / 2).append("\" x2=\"").append(x2)
            .append("\" y2=\"").append(y + BAR / 2).append("\" stroke=\"#222\"/>")
            .append("<text x=\"").append(LABEL + PLOT + 10).append("\" y=\"").append(y + BAR - 3).append("\">")
            .append(String.format("%.1f = %.1f + %.1f + %.1f", r.wall().median(), r.client().median(),
                r.server().median(), r.rest().median()))
            .append("</text>\n");
        y += BAR + 8;
      }
      axis(h, y, max, "µs per statement");
      h.append("</svg>\n");
      splitTable(h, of);
      h.append("</figure>\n");
    }
  }

  /** The split's figures with their spread, under its chart. */
  private static void splitTable(StringBuilder h, List<TimeSplit.Row> of) {
    h.append("<table class=\"split\"><tr><th>interface</th><th>wall µs</th><th>client CPU µs</th>"
        + "<th>server CPU µs</th><th>rest µs</th></tr>\n");
    for (TimeSplit.Row r : of) {
      h.append("<tr><td>").append(esc(r.driver())).append("</td><td>").append(esc(r.wall().toString()))
          .append("</td><td>").append(esc(r.client().toString())).append("</td><td>")
          .append(esc(r.server().toString())).append("</td><td>").append(esc(r.rest().toString()))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  private static void bar(StringBuilder h, int y, Series.Stats st, double max, String color, String what) {
    double med = st.median() / 1e6;
    double lo = st.min() / 1e6;
    double hi = st.max() / 1e6;
    int w = (int) Math.round(med / max * PLOT);
    int x1 = LABEL + (int) Math.round(lo / max * PLOT);
    int x2 = LABEL + (int) Math.round(hi / max * PLOT);
    int mid = y + BAR / 2;
    h.append("<rect class=\"bar\" x=\"").append(LABEL).append("\" y=\"").append(y).append("\" width=\"")
        .append(Math.max(1, w)).append("\" height=\"").append(BAR).append("\" fill=\"").append(color).append("\"/>")
        .append("<line x1=\"").append(x1).append("\" y1=\"").append(mid).append("\" x2=\"").append(x2)
        .append("\" y2=\"").append(mid).append("\" stroke=\"#222\"/>")
        .append("<text x=\"").append(LABEL + PLOT + 10).append("\" y=\"").append(y + BAR - 3).append("\">")
        .append(String.format("%s %.2f (%.2f–%.2f)", what, med, lo, hi)).append("</text>\n");
  }

  private static void coverage(StringBuilder h, Coverage c) {
    h.append("<h2>Coverage</h2>\n<p class=\"note\">● ran; a number: not applicable, for the reason below.</p>\n")
        .append("<table class=\"coverage\"><tr><th>case</th>");
    for (String i : c.interfaces()) {
      h.append("<th>").append(esc(i)).append("</th>");
    }
    h.append("</tr>\n");
    for (Map.Entry<String, Map<String, Integer>> row : c.cells().entrySet()) {
      h.append("<tr><td>").append(esc(row.getKey())).append("</td>");
      for (String i : c.interfaces()) {
        int n = row.getValue().get(i);
        h.append("<td>").append(n == 0 ? "●" : String.valueOf(n)).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n<ol class=\"note\">");
    for (String r : c.reasons()) {
      h.append("<li>").append(esc(r)).append("</li>");
    }
    h.append("</ol>\n");
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}

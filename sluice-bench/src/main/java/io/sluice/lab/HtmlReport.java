package io.sluice.lab;

import io.sluice.bench.RunInfo;
import io.sluice.bench.Series;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One self-contained HTML file per run: the machine and versions, then one chart per case (an SVG
 * drawn here, no network), each interface's wall and CPU time as a bar to the median with a
 * whisker from min to max, the seed's own figures beside it where the seed published some, and the
 * ratio table from the results views. Nothing is shown as a single number without its min and
 * max. A few lines of script mark each chart with the number of bars the browser laid out
 * ({@code data-drawn}), which the headless-browser test reads back.
 */
public final class HtmlReport {
  private static final int BAR = 16;
  private static final int LABEL = 130;
  private static final int PLOT = 520;

  private HtmlReport() {}

  public static void write(Path file, RunInfo info, long runId, List<LabCase> cases, List<Series> results,
      List<Map<String, Object>> byInterface, List<String> notes, List<TimeSplit.Row> split) throws IOException {
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Sluice lab, run ")
        .append(runId).append("</title>\n<style>\n")
        .append("body{font:14px system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}")
        .append("table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right}")
        .append("th{border-bottom:1px solid #999}td:first-child,th:first-child{text-align:left}")
        .append("figure{margin:1.5em 0}figcaption{font-weight:600}.note{color:#555;font-size:13px}")
        .append("svg text{font:12px system-ui,sans-serif}\n</style></head><body>\n");
    h.append("<h1>Sluice lab — run ").append(runId).append("</h1>\n<p>").append(esc(info.started().toString()))
        .append(", profile <b>").append(esc(info.profile())).append("</b>: ").append(info.warmups())
        .append(" warm-up and ").append(info.runs()).append(" measured runs per case and interface.</p>\n<ul>")
        .append("<li>server: ").append(esc(info.target().toString())).append("</li>")
        .append("<li>client: ").append(esc(info.java())).append(", ").append(info.cpus()).append(" CPUs, ")
        .append(esc(info.os())).append("</li>");
    for (String[] d : info.drivers()) {
      h.append("<li><b>").append(esc(d[0])).append("</b>: ").append(esc(d[1])).append("</li>");
    }
    h.append("</ul>\n");
    for (String note : notes) {
      h.append("<p class=\"note\">").append(esc(note)).append("</p>\n");
    }
    h.append("<h2>Summary: wall time relative to the reference (libpq, else pgjdbc)</h2>\n")
        .append("<table><tr><th>interface</th><th>cases</th><th>geometric mean</th><th>min</th><th>max</th></tr>\n");
    for (Map<String, Object> r : byInterface) {
      h.append("<tr><td>").append(esc(String.valueOf(r.get("interface")))).append("</td><td>").append(r.get("cases"))
          .append("</td><td>").append(fmt(r.get("wall_ratio_geomean"))).append("</td><td>")
          .append(fmt(r.get("wall_ratio_min"))).append("</td><td>").append(fmt(r.get("wall_ratio_max")))
          .append("</td></tr>\n");
    }
    h.append("</table>\n<h2>Cases</h2>\n");
    for (LabCase c : cases) {
      List<Series> of = results.stream().filter(s -> s.workload().name().equals(c.name())).toList();
      if (!of.isEmpty()) {
        chart(h, c, of);
      }
    }
    if (!split.isEmpty()) {
      splitChart(h, split);
    }
    h.append("<script>\n")
        .append("for (const f of document.querySelectorAll('figure.chart')) {\n")
        .append("  const drawn = [...f.querySelectorAll('rect.bar')].filter(r => r.getBoundingClientRect().width > 0);\n")
        .append("  f.dataset.drawn = String(drawn.length);\n}\n</script>\n");
    h.append("</body></html>\n");
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, h);
  }

  private static void chart(StringBuilder h, LabCase c, List<Series> series) {
    double max = 0;
    for (Series s : series) {
      max = Math.max(max, Math.max(s.wall().max(), s.cpu().max()) / 1e6);
    }
    max = max <= 0 ? 1 : max * 1.05;
    int height = series.size() * (2 * BAR + 10) + 30;
    h.append("<figure class=\"chart\" data-case=\"").append(esc(c.name())).append("\"><figcaption>")
        .append(esc(c.name())).append(" — ").append(esc(c.workload().description())).append("</figcaption>\n")
        .append("<div class=\"note\">").append(esc(c.experiment())).append("; transport ").append(esc(c.transport()))
        .append(", connect ").append(esc(c.connect()))
        .append(". Bars: median; whiskers: min to max. Dark: wall ms; light: client CPU ms.</div>\n");
    String seed = Profiles.SEED_FIGURES.get(c.workload().name().replaceAll("-\\d+$", ""));
    if (seed != null) {
      h.append("<div class=\"note seed\">The seed published: ").append(esc(seed)).append("</div>\n");
    }
    h
        .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(LABEL + PLOT + 150)
        .append("\" height=\"").append(height).append("\" role=\"img\">\n");
    int y = 10;
    for (Series s : series) {
      h.append("<text x=\"0\" y=\"").append(y + BAR).append("\">").append(esc(s.driver())).append("</text>\n");
      bar(h, y, s.wall(), max, "#2b6cb0");
      bar(h, y + BAR + 2, s.cpu(), max, "#90cdf4");
      y += 2 * BAR + 10;
    }
    h.append("<line x1=\"").append(LABEL).append("\" y1=\"").append(y).append("\" x2=\"").append(LABEL + PLOT)
        .append("\" y2=\"").append(y).append("\" stroke=\"#999\"/>\n<text x=\"").append(LABEL).append("\" y=\"")
        .append(y + 15).append("\">0</text><text x=\"").append(LABEL + PLOT - 60).append("\" y=\"").append(y + 15)
        .append("\">").append(String.format("%.1f ms", max)).append("</text>\n</svg></figure>\n");
  }

  /** Seed 002: per statement, a stacked bar of client CPU, server CPU and the rest, per interface. */
  private static void splitChart(StringBuilder h, List<TimeSplit.Row> rows) {
    h.append("<h2>Where the time goes (seed 002)</h2>\n");
    for (String w : rows.stream().map(TimeSplit.Row::workload).distinct().toList()) {
      List<TimeSplit.Row> of = rows.stream().filter(r -> r.workload().equals(w)).toList();
      double max = of.stream().mapToDouble(r -> Math.max(r.wallMaxUs(), r.clientUs() + r.serverUs() + r.restUs()))
          .max().orElse(1) * 1.05;
      int height = of.size() * (BAR + 8) + 30;
      h.append("<figure class=\"split\" data-case=\"").append(esc(w)).append("\"><figcaption>").append(esc(w))
          .append(": microseconds per statement</figcaption>\n<div class=\"note\">Medians. Dark: client CPU;"
              + " middle: server CPU; light: the rest (wire, waiting). Whisker: wall time min to max.</div>\n")
          .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(LABEL + PLOT + 220)
          .append("\" height=\"").append(height).append("\" role=\"img\">\n");
      int y = 10;
      for (TimeSplit.Row r : of) {
        h.append("<text x=\"0\" y=\"").append(y + BAR - 3).append("\">").append(esc(r.driver())).append("</text>");
        int x = LABEL;
        double[] parts = {r.clientUs(), r.serverUs(), r.restUs()};
        String[] colors = {"#2b6cb0", "#dd6b20", "#cbd5e0"};
        for (int i = 0; i < 3; i++) {
          int w2 = (int) Math.round(parts[i] / max * PLOT);
          h.append("<rect class=\"part\" x=\"").append(x).append("\" y=\"").append(y).append("\" width=\"")
              .append(Math.max(0, w2)).append("\" height=\"").append(BAR).append("\" fill=\"").append(colors[i])
              .append("\"/>");
          x += w2;
        }
        int x1 = LABEL + (int) Math.round(r.wallMinUs() / max * PLOT);
        int x2 = LABEL + (int) Math.round(r.wallMaxUs() / max * PLOT);
        h.append("<line x1=\"").append(x1).append("\" y1=\"").append(y + BAR / 2).append("\" x2=\"").append(x2)
            .append("\" y2=\"").append(y + BAR / 2).append("\" stroke=\"#222\"/>")
            .append("<text x=\"").append(LABEL + PLOT + 5).append("\" y=\"").append(y + BAR - 3).append("\">")
            .append(String.format("%.1f = %.1f + %.1f + %.1f (%.1f–%.1f)", r.wallUs(), r.clientUs(), r.serverUs(),
                r.restUs(), r.wallMinUs(), r.wallMaxUs()))
            .append("</text>\n");
        y += BAR + 8;
      }
      h.append("</svg></figure>\n");
    }
  }

  private static void bar(StringBuilder h, int y, Series.Stats st, double max, String color) {
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
        .append("<text x=\"").append(LABEL + PLOT + 5).append("\" y=\"").append(y + BAR - 3).append("\">")
        .append(String.format("%.1f (%.1f–%.1f)", med, lo, hi)).append("</text>\n");
  }

  private static String fmt(Object v) {
    return v instanceof Number n ? String.format("%.2f", n.doubleValue()) : "-";
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}

package io.sluice.lab.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.bench.BenchFailure;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The check made before any HTTP server is measured: for the same requests every server answers
 * 200 and the same JSON as the first server checked (compared after parsing: the same rows, the
 * same values, object keys in any order — a Clojure map need not keep column order), so that no
 * server can win by sending less. Starts that cover the table's first rows, its NULLs (every 13th
 * label, every 17th amount) and its last rows.
 */
final class Bodies {
  static final int[] STARTS = {1, 17, 12_345, 50_000 - RowsServer.ROWS_PER_REQUEST + 1};
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  /** The first server's answers by start, and its name. */
  private final Map<Integer, JsonNode> reference = new LinkedHashMap<>();
  private String referenceName;

  /** Checks every server against the reference (the first server ever checked sets it). */
  void check(List<Endpoint> servers) throws IOException, InterruptedException {
    for (Endpoint s : servers) {
      for (int start : STARTS) {
        JsonNode got = answer(s, start);
        JsonNode expected = reference.putIfAbsent(start, got);
        if (expected == null) {
          referenceName = s.name();
        } else if (!expected.equals(got)) {
          throw new BenchFailure("HTTP bodies differ: " + s.name() + " and " + referenceName + " answer ?start="
              + start + " differently; first differing row: " + firstDifference(expected, got));
        }
      }
    }
  }

  /** The parsed body of {@code ?start=N}: a 200 with an array of the request's rows, else a failure. */
  static JsonNode answer(Endpoint s, int start) throws IOException, InterruptedException {
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(s.url() + "?start=" + start))
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new BenchFailure(s.name() + " answered ?start=" + start + " with status " + r.statusCode() + ": "
          + r.body().substring(0, Math.min(500, r.body().length())));
    }
    JsonNode rows = JSON.readTree(r.body());
    if (!rows.isArray() || rows.size() != RowsServer.ROWS_PER_REQUEST) {
      throw new BenchFailure(s.name() + " answered ?start=" + start + " with " + (rows.isArray() ? rows.size()
          + " rows" : "no array") + ", expected " + RowsServer.ROWS_PER_REQUEST + " rows");
    }
    return rows;
  }

  static String firstDifference(JsonNode a, JsonNode b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      if (!a.get(i).equals(b.get(i))) {
        return a.get(i) + " against " + b.get(i);
      }
    }
    return a.size() + " rows against " + b.size();
  }
}

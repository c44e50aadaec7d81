package io.sluice.lab.http;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.sluice.Pool;
import io.sluice.PoolOptions;
import io.sluice.Row;
import io.sluice.bench.Target;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP endpoint of seeds 000 (test 6) and 001: {@code GET /rows} answers 500 consecutive rows
 * of the 9-type table from a random start ({@code ?start=N} fixes it) as a JSON array of objects.
 * Two implementations on the same embedded Jetty:
 *
 * <ul>
 *   <li>{@code sluice}: a Sluice pool; each row goes from its bytes straight into Jackson's
 *       streaming generator, column by column, with no map or intermediate object;
 *   <li>{@code pgjdbc}: pgjdbc with HikariCP, each row made a {@code Map}, the list written by
 *       Jackson's {@code ObjectMapper} — the usual way an application does it.
 * </ul>
 *
 * Both write the same bytes for the same rows (a test checks it).
 */
public final class RowsServer implements Endpoint {
  public static final int ROWS_PER_REQUEST = 500;
  /** The rows of one request, from id $1 (pgjdbc: the two {@code ?} of {@link #jdbcSql}). */
  public static final String SQL = "select * from bench.mixed50k where id >= $1 and id < $1 + " + ROWS_PER_REQUEST
      + " order by id";
  static final String[] NAMES = {"id", "n8", "f8", "amount", "label", "flag", "day", "at", "ref"};
  private static final JsonFactory JSON = new JsonFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final String name;
  private final String description;
  private final Server server;
  private final ServerConnector connector;
  private final AutoCloseable pool;

  private RowsServer(String name, String description, AutoCloseable pool, Handler handler) throws Exception {
    this.name = name;
    this.description = description;
    this.pool = pool;
    QueuedThreadPool threads = new QueuedThreadPool(200, 8);
    threads.setName(name);
    this.server = new Server(threads);
    this.connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(handler);
    server.start();
  }

  /** The parameter text of {@link #SQL} for JDBC: {@code $1} twice, as two {@code ?}. */
  public static String jdbcSql() {
    return SQL.replace("$1", "?");
  }

  /**
   * A server of another module on the same Jetty set-up (threads, loopback connector): {@code
   * handler} answers; closing stops it, then closes {@code pool}.
   */
  public static RowsServer of(String name, String description, AutoCloseable pool, Handler handler)
      throws Exception {
    return new RowsServer(name, description, pool, handler);
  }

  /** The Sluice server, its pool of {@code poolSize} connections. */
  public static RowsServer sluice(Target target, int poolSize) throws Exception {
    Pool pool = Pool.open(target.uri(), PoolOptions.DEFAULT.minSize(poolSize).maxSize(poolSize));
    return new RowsServer("http-sluice", "Java on Jetty: a Sluice Pool of " + poolSize + ", forEach, each row written"
        + " from its bytes into Jackson's streaming generator", pool, new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        return serve(request, response, callback, out -> {
          try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeStartArray();
            pool.forEach(SQL, row -> writeRow(g, row), firstId(request));
            g.writeEndArray();
          }
        });
      }
    });
  }

  /** The pgjdbc + HikariCP server, {@code poolSize} connections. */
  public static RowsServer pgjdbc(Target target, int poolSize) throws Exception {
    HikariConfig config = new HikariConfig();
    config.setPoolName("http-pgjdbc");
    config.setJdbcUrl(target.jdbcUrl(""));
    config.setMaximumPoolSize(poolSize);
    config.setMinimumIdle(poolSize);
    HikariDataSource pool = new HikariDataSource(config);
    String sql = jdbcSql();
    return new RowsServer("http-pgjdbc", "Java on Jetty: pgjdbc defaults with HikariCP (" + poolSize + "), each row"
        + " a Map, the list written by Jackson's ObjectMapper", pool, new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        return serve(request, response, callback, out -> {
          List<Map<String, Object>> rows = new ArrayList<>(ROWS_PER_REQUEST);
          try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            int start = firstId(request);
            ps.setInt(1, start);
            ps.setInt(2, start);
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                rows.add(toMap(rs));
              }
            }
          }
          MAPPER.writeValue(out, rows);
        });
      }
    });
  }

  /** Writes a response body. */
  @FunctionalInterface
  public interface Body {
    void write(OutputStream out) throws Exception;
  }

  /**
   * Writes the body into a buffer, then sends it with its Content-Length, so that the connection
   * stays open for the next request (ab speaks HTTP/1.0: without a length, the end of the body
   * would be the end of the connection).
   */
  static boolean serve(Request request, Response response, Callback callback, Body body) {
    if (!Request.getPathInContext(request).equals("/rows")) {
      Response.writeError(request, response, callback, 404);
      return true;
    }
    respond(response, callback, 200, "application/json", body);
    return true;
  }

  /**
   * Sends {@code status} and the body {@code body} writes, buffered so that it goes with its
   * Content-Length (keep-alive for ab's HTTP/1.0, as in {@link #serve}); a body that fails before
   * its end fails the exchange (no response or a cut one, never a partial 200 that looks whole).
   */
  public static void respond(Response response, Callback callback, int status, String contentType, Body body) {
    try {
      Buffer out = new Buffer();
      body.write(out);
      response.setStatus(status);
      response.getHeaders().put("Content-Type", contentType);
      response.getHeaders().put("Content-Length", out.size());
      response.write(true, out.byteBuffer(), callback);
    } catch (Throwable e) {
      callback.failed(e);
    }
  }

  /** A byte array output stream whose bytes are sent without another copy. */
  static final class Buffer extends java.io.ByteArrayOutputStream {
    Buffer() {
      super(96 * 1024);
    }

    java.nio.ByteBuffer byteBuffer() {
      return java.nio.ByteBuffer.wrap(buf, 0, count);
    }
  }

  static int firstId(Request request) {
    Fields.Field f = Request.extractQueryParameters(request).get("start");
    return f != null ? Integer.parseInt(f.getValue())
        : 1 + ThreadLocalRandom.current().nextInt(50_000 - ROWS_PER_REQUEST + 1);
  }

  /** A row of mixed50k into the generator, typed getters, NULLs as null, times as ISO strings. */
  static void writeRow(JsonGenerator g, Row r) {
    try {
      g.writeStartObject();
      g.writeNumberField(NAMES[0], r.getInt(0));
      g.writeNumberField(NAMES[1], r.getLong(1));
      g.writeNumberField(NAMES[2], r.getDouble(2));
      g.writeFieldName(NAMES[3]);
      BigDecimal amount = r.getBigDecimal(3);
      if (amount == null) {
        g.writeNull();
      } else {
        g.writeNumber(amount);
      }
      g.writeStringField(NAMES[4], r.getString(4));
      g.writeBooleanField(NAMES[5], r.getBoolean(5));
      g.writeStringField(NAMES[6], r.getLocalDate(6).toString());
      g.writeStringField(NAMES[7], r.getOffsetDateTime(7).toString());
      g.writeStringField(NAMES[8], r.getUUID(8).toString());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The same row as a map, the way a JDBC application builds it before serialising. */
  static Map<String, Object> toMap(ResultSet rs) throws SQLException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(NAMES[0], rs.getInt(1));
    m.put(NAMES[1], rs.getLong(2));
    m.put(NAMES[2], rs.getDouble(3));
    m.put(NAMES[3], rs.getBigDecimal(4));
    m.put(NAMES[4], rs.getString(5));
    m.put(NAMES[5], rs.getBoolean(6));
    m.put(NAMES[6], rs.getObject(7, LocalDate.class).toString());
    m.put(NAMES[7], rs.getObject(8, OffsetDateTime.class).toString());
    m.put(NAMES[8], rs.getObject(9, UUID.class).toString());
    return m;
  }

  @Override
  public String name() {
    return name;
  }

  public int port() {
    return connector.getLocalPort();
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public String url() {
    return "http://127.0.0.1:" + port() + "/rows";
  }

  @Override
  public void close() throws Exception {
    try {
      server.stop();
    } finally {
      pool.close();
    }
  }
}

package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.types.Samples.Sample;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every boundary value of {@link Samples} against a real server: the server evaluates the SQL
 * expression and returns its binary form ({@code typsend}) and text form ({@code typoutput}); our
 * decoders must give the expected Java value from both, our binary encoder must produce the
 * server's bytes, and our text must read back on the server to the same bytes. Repeated under
 * several JVM default time zones and locales (tr-TR: dotless i) and server TimeZone settings,
 * which must change nothing.
 */
class ServerFormatsTest {
  private static ThrowawayPostgres pg;

  /** Hex of a value's send function output and of its output function's text. */
  static final String FUNCTIONS = """
      create function send_hex(v anyelement) returns text language plpgsql as $$
      declare
        f regproc;
        r text;
      begin
        select typsend into f from pg_type where oid = pg_typeof(v);
        execute format('select encode(%s($1), ''hex'')', f) into r using v;
        return r;
      end $$;
      create function out_hex(v anyelement) returns text language sql
        as $$ select encode(convert_to(format('%s', v), 'UTF8'), 'hex') $$;
      """;

  @BeforeAll
  static void start() {
    Path bin = ThrowawayPostgres.find();
    Assumptions.assumeTrue(bin != null, "no PostgreSQL binaries (set -Dsluice.pgbin)");
    pg = ThrowawayPostgres.start(bin);
    pg.psql(FUNCTIONS);
  }

  @AfterAll
  static void stop() {
    if (pg != null) {
      pg.close();
    }
  }

  static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  @ParameterizedTest(name = "JVM zone {0}, server zone {1}, JVM locale {2}")
  @CsvSource({
      "Pacific/Chatham, America/Sao_Paulo, tr-TR",
      "America/Sao_Paulo, Pacific/Chatham, en-US",
      "Asia/Kathmandu, UTC, de-DE",
      "UTC, Asia/Kolkata, tr-TR"})
  void samplesMatchTheServer(String jvmZone, String serverZone, String locale) {
    TimeZone saved = TimeZone.getDefault();
    Locale savedLocale = Locale.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone(jvmZone));
    Locale.setDefault(Locale.forLanguageTag(locale));
    try {
      SessionTypeContext ctx = new SessionTypeContext(Samples.REGISTRY, JsonCodec.STRING);
      ctx.serverParameter("TimeZone", serverZone);
      List<Sample> samples = Samples.all();
      List<String> failures = compare(pg, samples, ctx, "set timezone = " + quote(serverZone) + ";\n");
      assertTrue(failures.isEmpty(), failures.size() + " of " + samples.size() + " samples differ from the server:\n"
          + String.join("\n", failures));
    } finally {
      TimeZone.setDefault(saved);
      Locale.setDefault(savedLocale);
    }
  }

  /**
   * Evaluates every sample on the server (after {@code setup}) and returns what differs: decoding
   * its bytes and its text, our bytes, and its reading of our text.
   */
  static List<String> compare(ThrowawayPostgres pg, List<Sample> samples, TypeContext ctx, String setup) {
    StringBuilder script = new StringBuilder(setup);
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      String ours = s.encodes() ? "send_hex(" + quote(Hex.encodeText(s.codec(), s.value(), ctx)) + "::" + s.sqlType() + ")" : "''";
      script.append("select ").append(i).append(", send_hex(").append(s.sql()).append("), out_hex(")
          .append(s.sql()).append("), ").append(ours).append(";\n");
    }
    ThrowawayPostgres.Result r = pg.psql(script.toString());
    Map<Integer, String[]> rows = new HashMap<>();
    for (String line : r.lines()) {
      String[] f = line.split("\\|", -1);
      rows.put(Integer.parseInt(f[0]), f);
    }
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      String[] row = rows.get(i);
      if (row == null) {
        failures.add(s + ": the server gave no row (" + r.stderr().lines().findFirst().orElse("") + ")");
        continue;
      }
      try {
        check(s, row, ctx);
      } catch (AssertionError | RuntimeException e) {
        failures.add(s + ": " + e.getMessage());
      }
    }
    return failures;
  }

  private static void check(Sample s, String[] row, TypeContext ctx) {
    byte[] serverBytes = HexFormat.of().parseHex(row[1]);
    byte[] serverText = HexFormat.of().parseHex(row[2]);
    Values.assertSame(s.value(), s.codec().decodeBinary(serverBytes, 0, serverBytes.length, ctx), "decoding the server's bytes");
    Values.assertSame(s.value(), s.codec().decodeText(serverText, 0, serverText.length, ctx),
        "decoding the server's text \"" + new String(serverText, StandardCharsets.UTF_8) + "\"");
    if (s.encodes()) {
      Hex.assertBytes(serverBytes, Hex.encode(s.codec(), s.value(), ctx), "our binary encoding");
      Hex.assertBytes(serverBytes, HexFormat.of().parseHex(row[3]), "the server's reading of our text \""
          + Hex.encodeText(s.codec(), s.value(), ctx) + "\"");
    }
  }
}

package io.sluice.types;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sluice.testkit.CommandResult;
import io.sluice.testkit.PostgresServer;
import io.sluice.testkit.ServerTest;
import io.sluice.types.Samples.Sample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every boundary value of {@link Samples} against a real server (the shared server of
 * sluice-testkit, chosen by {@code -Dsluice.pg}): the server evaluates the SQL
 * expression and returns its binary form ({@code typsend}) and text form ({@code typoutput}); our
 * decoders must give the expected Java value from both, our binary encoder must produce the
 * server's bytes, and our text must read back on the server to the same bytes. Repeated under
 * several JVM default time zones and locales (tr-TR: dotless i) and server TimeZone settings,
 * which must change nothing. A sample whose value or type the server's major lacks (numeric
 * infinities and multiranges before 14, the interval extremes as literals before 15) is left out.
 */
@ServerTest
class ServerFormatsTest {
  private static PostgresServer pg;

  /**
   * Hex of a value's send function output and of its output function's text. The server is shared
   * by every test class of the JVM (and may be an existing one, reused across runs), hence the
   * {@code ty_} prefix and {@code create or replace}.
   */
  static final String FUNCTIONS = """
      create or replace function ty_send_hex(v anyelement) returns text language plpgsql as $$
      declare
        f regproc;
        r text;
      begin
        select typsend into f from pg_type where oid = pg_typeof(v);
        execute format('select encode(%s($1), ''hex'')', f) into r using v;
        return r;
      end $$;
      create or replace function ty_out_hex(v anyelement) returns text language sql
        as $$ select encode(convert_to(format('%s', v), 'UTF8'), 'hex') $$;
      """;

  @BeforeAll
  static void start() {
    pg = PostgresServer.shared();
    pg.psql(FUNCTIONS);
  }

  /** How psql starts a message about a line of a script read from standard input. */
  private static final Pattern PSQL_MESSAGE = Pattern.compile("psql:<stdin>:(\\d+): ");

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
      List<Sample> samples = Samples.on(pg.majorVersion());
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
  static List<String> compare(PostgresServer pg, List<Sample> samples, TypeContext ctx, String setup) {
    StringBuilder script = new StringBuilder(setup);
    if (!setup.isEmpty() && !setup.endsWith("\n")) {
      script.append('\n');
    }
    // The script line each sample's statement starts on: psql's messages name the line of the script.
    NavigableMap<Integer, Integer> sampleAtLine = new TreeMap<>();
    int line = (int) setup.lines().count() + 1;
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      String ours = s.encodes() ? "ty_send_hex(" + quote(Hex.encodeText(s.codec(), s.value(), ctx)) + "::" + s.sqlType() + ")" : "''";
      String statement = "select " + i + ", ty_send_hex(" + s.sql() + "), ty_out_hex(" + s.sql() + "), " + ours + ";\n";
      sampleAtLine.put(line, i);
      line += (int) statement.chars().filter(c -> c == '\n').count();
      script.append(statement);
    }
    // Not psql(): a failing sample must be reported below, not end the script.
    CommandResult r = pg.psqlScript(script.toString()).orThrow("psql");
    Map<Integer, String> errors = new HashMap<>(); // sample -> psql's first message about its statement
    for (String message : r.stderr().lines().toList()) {
      Matcher m = PSQL_MESSAGE.matcher(message);
      Map.Entry<Integer, Integer> at = m.lookingAt() ? sampleAtLine.floorEntry(Integer.parseInt(m.group(1))) : null;
      if (at != null) {
        errors.putIfAbsent(at.getValue(), message);
      }
    }
    Map<Integer, String[]> rows = new HashMap<>();
    for (String row : r.stdout().lines().toList()) {
      String[] f = row.split("\\|", -1);
      rows.put(Integer.parseInt(f[0]), f);
    }
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      String[] row = rows.get(i);
      if (row == null) {
        failures.add(s + ": the server gave no row (" + errors.getOrDefault(i, r.stderr().strip()) + ")");
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

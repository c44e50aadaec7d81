package io.sluice;

import io.sluice.SluiceException.Outcome;
import io.sluice.internal.calls.Streamer;
import io.sluice.internal.statements.CopyInExchange;
import io.sluice.internal.statements.CopyOutExchange;
import io.sluice.internal.statements.CopyRows;
import io.sluice.internal.statements.CopyTuples;
import io.sluice.internal.rows.RowLayout;
import io.sluice.internal.statements.StatementRunner;
import io.sluice.protocol.CommandTags;
import io.sluice.sql.Identifiers;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * PostgreSQL's COPY on one connection, made by {@link Connection#copy()}: bulk data in and out in
 * constant memory. A COPY is a barrier: while it runs, the connection sends nothing else (other
 * threads' statements wait). An error from the server or from the caller's source or target
 * leaves the connection clean (the COPY is rolled back as a whole), or closed if the connection
 * itself failed; the exception's {@link SluiceException#outcome()} says which.
 */
public final class Copy {
  private final Connection connection;
  private final StatementRunner statements;

  Copy(Connection connection, StatementRunner statements) {
    this.connection = connection;
    this.statements = statements;
  }

  /** Starts a {@code COPY … FROM STDIN} to be fed in chunks; see {@link CopyIn}. */
  public CopyIn open(String copySql) {
    connection.core.ensureOpen();
    return new CopyIn(CopyInExchange.start(statements, copySql, connection.core.deadline()));
  }

  /**
   * Runs {@code COPY … FROM STDIN} with the bytes of {@code in} (read to its end, not closed);
   * returns the number of rows copied. If reading fails, the COPY is abandoned and the read error
   * rethrown.
   */
  public long from(String copySql, InputStream in) {
    CopyInExchange x = CopyInExchange.start(statements, copySql, connection.core.deadline());
    byte[] chunk = new byte[64 * 1024];
    try {
      for (int n; !x.serverEnded() && (n = in.read(chunk)) >= 0; ) {
        x.write(chunk, 0, n);
      }
    } catch (IOException | RuntimeException e) {
      throw abandoned(x, e);
    }
    return CommandTags.rowCount(x.finish());
  }

  /**
   * {@link #from(String, InputStream)} for characters, sent as UTF-8. A lone surrogate (half a
   * character, which has no UTF-8 form) abandons the COPY with a {@link ValueException}.
   */
  public long from(String copySql, Reader in) {
    CopyInExchange x = CopyInExchange.start(statements, copySql, connection.core.deadline());
    char[] chars = new char[16 * 1024];
    int kept = 0;   // 1 when a read ended between the two halves of a surrogate pair
    try {
      for (int n; !x.serverEnded() && (n = in.read(chars, kept, chars.length - kept)) >= 0; ) {
        int end = kept + n;
        kept = end > 0 && Character.isHighSurrogate(chars[end - 1]) ? 1 : 0;
        byte[] bytes = utf8(chars, end - kept);
        x.write(bytes, 0, bytes.length);
        if (kept == 1) {
          chars[0] = chars[end - 1];
        }
      }
      if (kept == 1 && !x.serverEnded()) {
        utf8(chars, 1);
      }
    } catch (IOException | RuntimeException e) {
      throw abandoned(x, e);
    }
    return CommandTags.rowCount(x.finish());
  }

  private static byte[] utf8(char[] chars, int len) {
    try {
      return io.sluice.protocol.Utf8.encode(new String(chars, 0, len));
    } catch (io.sluice.protocol.ProtocolException e) {
      throw new ValueException("COPY data from the Reader has a lone surrogate (half a character), which has no"
          + " UTF-8 form", e);
    }
  }

  /**
   * Copies rows of Java values into {@code table}'s {@code columns}, encoded by Sluice in {@code
   * format}: each value by the codec of its column's type (binary needs a binary codec for every
   * column). A row is an {@code Object[]} or a {@code List}. {@code table} is written into the
   * SQL as given (quote it yourself if needed, e.g. {@link Identifiers#qualified}); column names
   * are quoted by Sluice. Returns the number of rows copied.
   */
  public long fromRows(String table, List<String> columns, CopyFormat format, Iterable<?> rows) {
    connection.core.ensureOpen();
    List<String> quoted = new ArrayList<>();
    for (String c : columns) {
      quoted.add(Identifiers.quote(c));
    }
    String list = String.join(", ", quoted);
    RowLayout layout = statements.prepare("select " + list + " from " + table, connection.core.deadline()).layout();
    CopyRows encoder = new CopyRows(format, layout);
    String sql = "copy " + table + " (" + list + ") from stdin (format " + format.name().toLowerCase() + ")";
    CopyInExchange x = CopyInExchange.start(statements, sql, connection.core.deadline());
    try {
      encoder.start(x);
      for (Object row : rows) {
        if (x.serverEnded()) {
          break;
        }
        encoder.write(x, row);
      }
      encoder.end(x);
    } catch (RuntimeException e) {
      throw abandoned(x, e);
    }
    return CommandTags.rowCount(x.finish());
  }

  /** Runs {@code COPY … TO STDOUT} into {@code out} (not closed); returns the number of rows. */
  public long to(String copySql, OutputStream out) {
    return CommandTags.rowCount(runOut(copySql, out::write));
  }

  /**
   * {@link #to(String, OutputStream)} as characters (the data is UTF-8). Bytes that are not UTF-8
   * stop the COPY with a {@link ValueException}.
   */
  public long to(String copySql, Writer out) {
    Utf8ToWriter w = new Utf8ToWriter(out);
    long rows = CommandTags.rowCount(runOut(copySql, w::write));
    w.finish();
    return rows;
  }

  /**
   * Runs {@code query} as {@code COPY (query) TO STDOUT (FORMAT binary)} and hands each row to
   * {@code each} as it arrives, decoded lazily from the binary format like any other {@link Row}
   * (reused: valid only during the call). Returns the number of rows.
   */
  public long toRows(String query, Consumer<? super Row> each) {
    connection.core.ensureOpen();
    RowLayout described = statements.prepare(query, connection.core.deadline()).layout();
    Column[] binary = new Column[described.size()];
    for (int i = 0; i < binary.length; i++) {
      Column c = described.column(i);
      if (described.codec(i) == null || !described.codec(i).binaryDecodes()) {
        throw new ValueException("column " + c.name() + " (type OID " + c.typeOid() + ") has no binary decoder;"
            + " use to(sql, OutputStream) with the text or CSV format");
      }
      binary[i] = new Column(c.name(), c.typeOid(), c.typeModifier(), c.tableOid(), c.columnNumber(), true);
    }
    Streamer streamer = new Streamer(each);
    streamer.start(described.withColumns(binary));
    CopyTuples tuples = new CopyTuples(streamer);
    runOut("copy (" + query + ") to stdout (format binary)", tuples);
    streamer.rethrow();
    return tuples.count();
  }

  private String runOut(String sql, CopyOutExchange.Sink sink) {
    connection.core.ensureOpen();
    try {
      return CopyOutExchange.run(statements, sql, sink, connection.core.deadline());
    } catch (IOException e) {
      throw new UncheckedIOException("COPY TO STDOUT stopped: writing the data failed: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new SluiceException("COPY TO STDOUT stopped: " + e.getMessage(), Outcome.SERVER_ERROR, e);
    }
  }

  /** The caller's side failed: CopyFail, then the caller's error (with the server's as suppressed). */
  private static RuntimeException abandoned(CopyInExchange x, Exception e) {
    SluiceException server = x.abort("the client abandoned the COPY: " + e, e);
    RuntimeException r = e instanceof RuntimeException re ? re
        : new UncheckedIOException("COPY FROM STDIN abandoned: reading the data failed: " + e.getMessage(),
            (IOException) e);
    if (server != null && server != r) {
      r.addSuppressed(server);
    }
    return r;
  }

  /** Decodes UTF-8 arriving in arbitrary pieces, a character split between pieces included. */
  private static final class Utf8ToWriter {
    private final java.nio.charset.CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
    private final java.nio.CharBuffer chars = java.nio.CharBuffer.allocate(16 * 1024);
    private final java.nio.ByteBuffer carry = java.nio.ByteBuffer.allocate(8);
    private final Writer out;

    Utf8ToWriter(Writer out) {
      this.out = out;
    }

    void write(byte[] b, int off, int len) throws IOException {
      java.nio.ByteBuffer in;
      if (carry.position() > 0) {
        carry.flip();
        in = java.nio.ByteBuffer.allocate(carry.remaining() + len).put(carry).put(b, off, len).flip();
        carry.clear();
      } else {
        in = java.nio.ByteBuffer.wrap(b, off, len);
      }
      while (true) {
        java.nio.charset.CoderResult r = decoder.decode(in, chars, false);
        out.write(chars.array(), 0, chars.position());
        chars.clear();
        if (r.isError()) {
          throw notUtf8();
        }
        if (!r.isOverflow()) {
          break;
        }
      }
      carry.put(in);   // at most 3 bytes of a character cut in two
    }

    /** The data ended: a character still cut in two was never completed. */
    void finish() {
      if (carry.position() > 0) {
        throw notUtf8();
      }
    }

    private static ValueException notUtf8() {
      return new ValueException("COPY TO STDOUT stopped: the server's data is not valid UTF-8");
    }
  }
}

package io.sluice.testkit;

import io.sluice.protocol.BackendMessage.Field;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The statements a fake server knows, by their exact SQL text: how each is described (parameter
 * types, result columns) and what running it with given parameter values returns. Anything else
 * is a syntax error, unless a fallback defines it. Shared by every session of a fake server, and
 * safe to use from several threads.
 */
public final class FakeDatabase {
  /** The OID of {@code text}: its text and binary forms are the same UTF-8 bytes. */
  public static final int TEXT = 25;

  /**
   * A statement: its parameter types, its result columns (empty: the server answers NoData), and
   * what it returns for the parameter values of one execution.
   */
  public record Definition(int[] parameterTypes, List<Field> columns, Function<Params, Result> run) {
    public Definition {
      columns = List.copyOf(columns);
    }
  }

  /**
   * What one execution returns: rows (values as text, {@code null} for NULL), then either the
   * command tag or, when {@code error} is not null, an ErrorResponse with those fields.
   */
  public record Result(List<List<String>> rows, String tag, Map<Character, String> error) {
    public static Result rows(List<List<String>> rows) {
      return new Result(rows, "SELECT " + rows.size(), null);
    }

    public static Result command(String tag) {
      return new Result(List.of(), tag, null);
    }

    public static Result failure(List<List<String>> rowsBefore, Map<Character, String> error) {
      return new Result(rowsBefore, null, error);
    }
  }

  private final Map<String, Definition> statements = new ConcurrentHashMap<>();
  private volatile Function<String, Definition> fallback = sql -> null;

  /** A database that knows no statement yet. */
  public FakeDatabase() {}

  public FakeDatabase define(String sql, Definition d) {
    statements.put(sql, d);
    return this;
  }

  /** A statement without parameters that returns these rows of text columns. */
  public FakeDatabase rows(String sql, List<String> columns, List<List<String>> rows) {
    return define(sql, new Definition(new int[0], Replies.textColumns(columns), p -> Result.rows(rows)));
  }

  /** A statement without parameters or result columns that answers this command tag. */
  public FakeDatabase command(String sql, String tag) {
    return define(sql, new Definition(new int[0], List.of(), p -> Result.command(tag)));
  }

  /** Defines statements not defined by their exact text (null: a syntax error). */
  public FakeDatabase fallback(Function<String, Definition> f) {
    fallback = f;
    return this;
  }

  /** The statement for this SQL, or null when the server would not know it. */
  public Definition lookup(String sql) {
    Definition d = statements.get(sql);
    return d != null ? d : fallback.apply(sql);
  }
}

package io.sluice.sql;

import java.util.List;

/**
 * SQL written for JDBC ({@code ?} placeholders, escapes in braces) as PostgreSQL runs it; made by
 * {@link JdbcSql#rewrite}.
 *
 * @param sql the whole text rewritten: {@code ?} became {@code $n}, {@code ??} became {@code ?},
 *     escapes became their SQL; semicolons and comments stay where they were
 * @param statements the statements of {@code sql}, split at its top-level semicolons, without the
 *     semicolons and without statements holding only spaces and comments; {@code $n} numbering
 *     starts again at {@code $1} in each, so each can be run on its own
 * @param parameterCount the number of {@code ?} placeholders in the original text, the return
 *     slot of <code>{? = call …}</code> included: the indexes a JDBC caller sets
 * @param parameterIndex for JDBC parameter {@code j} (0-based), the {@code n} of the {@code $n} it
 *     became in its statement, or 0 when it is not sent (the return slot, an omitted OUT argument)
 * @param parameterStatement for JDBC parameter {@code j}, the index in {@code statements} of the
 *     statement it belongs to
 * @param parameterEnd for JDBC parameter {@code j}, the offset in its statement's text just after
 *     its {@code $n}, or -1 when it is not sent: where a caller may append a cast ({@code ::int4})
 * @param call whether the text was a call escape, and which
 */
public record RewrittenSql(String sql, List<String> statements, int parameterCount, int[] parameterIndex,
    int[] parameterStatement, int[] parameterEnd, Call call) {
  /** The JDBC call escape a statement was written as. */
  public enum Call {
    /** Not a call escape. */
    NONE,
    /** <code>{call f(…)}</code>. */
    CALL,
    /** <code>{? = call f(…)}</code>: JDBC parameter 1 is the function's result, not sent. */
    CALL_RETURNING
  }

  public RewrittenSql {
    statements = List.copyOf(statements);
    parameterIndex = parameterIndex.clone();
    parameterStatement = parameterStatement.clone();
    parameterEnd = parameterEnd.clone();
  }

  /** How many values the statement at {@code statement} takes ({@code $1} to {@code $n}). */
  public int valuesOf(int statement) {
    int n = 0;
    for (int j = 0; j < parameterCount; j++) {
      if (parameterStatement[j] == statement && parameterIndex[j] > 0) {
        n = Math.max(n, parameterIndex[j]);
      }
    }
    return n;
  }

  @Override
  public int[] parameterIndex() {
    return parameterIndex.clone();
  }

  @Override
  public int[] parameterStatement() {
    return parameterStatement.clone();
  }

  @Override
  public int[] parameterEnd() {
    return parameterEnd.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RewrittenSql r && r.sql.equals(sql) && r.statements.equals(statements)
        && r.parameterCount == parameterCount && java.util.Arrays.equals(r.parameterIndex, parameterIndex)
        && java.util.Arrays.equals(r.parameterStatement, parameterStatement)
        && java.util.Arrays.equals(r.parameterEnd, parameterEnd) && r.call == call;
  }

  @Override
  public int hashCode() {
    return sql.hashCode() * 31 + java.util.Arrays.hashCode(parameterIndex);
  }

  @Override
  public String toString() {
    return "RewrittenSql[" + sql + ", " + parameterCount + " parameters, " + call + "]";
  }
}

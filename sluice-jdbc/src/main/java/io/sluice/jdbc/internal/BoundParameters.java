package io.sluice.jdbc.internal;

import io.sluice.sql.RewrittenSql;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The parameters of a prepared statement as bound now: each JDBC parameter's value ({@link
 * ParameterValues#UNSET} until set) and its cast, if any, and so the statements to run (the
 * rewritten SQL with those casts, {@link ParameterCasts}) and the values each takes.
 */
final class BoundParameters {
  private final RewrittenSql rewritten;
  private final Object[] values;
  /** Each JDBC parameter's {@code $n} (0: not sent), read once from the rewrite. */
  private final int[] serverIndex;
  /** Whether JDBC parameter j is $(j+1) of the only statement: the values go as they are. */
  private final boolean direct;
  /** The cast of each parameter: a typed {@code setNull}, a string as varchar; null where none. */
  private final String[] casts;
  /** How many parameters have a cast now. */
  private int castCount;
  /** The casts {@link #castStatements} was made for: a statement runs with the same casts again and again. */
  private String[] castsMade;
  private List<String> castStatements;

  BoundParameters(RewrittenSql rewritten) {
    this.rewritten = rewritten;
    this.values = new Object[rewritten.parameterCount()];
    Arrays.fill(values, ParameterValues.UNSET);
    this.serverIndex = rewritten.parameterIndex();
    boolean d = rewritten.statements().size() == 1;
    for (int j = 0; j < serverIndex.length && d; j++) {
      d = serverIndex[j] == j + 1;
    }
    this.direct = d;
    this.casts = new String[values.length];
  }

  /** How many JDBC parameters the SQL has. */
  int count() {
    return values.length;
  }

  /** Sets JDBC parameter {@code i} (1-based), with a cast in the SQL ({@link ParameterCasts}) or none (null). */
  void set(int i, Object value, String cast) throws SQLException {
    if (i < 1 || i > values.length) {
      throw SqlErrors.of("parameter index " + i + " out of range: the statement has " + values.length
          + " parameter(s)", "07009");
    }
    values[i - 1] = value;
    String before = casts[i - 1];
    if (before != cast) {   // counts stay right for an equal cast too: +1 -1
      casts[i - 1] = cast;
      castCount += (cast != null ? 1 : 0) - (before != null ? 1 : 0);
    }
  }

  /** Every parameter unset again (their casts are replaced as they are set). */
  void clear() {
    Arrays.fill(values, ParameterValues.UNSET);
  }

  /** The values as they are, {@link ParameterValues#UNSET} where none was set. */
  Object[] asSet() {
    return values.clone();
  }

  /** The cast of JDBC parameter {@code j} (0-based), or null. */
  String cast(int j) {
    return casts[j];
  }

  /** The values to send, each checked as set. */
  Object[] bound() throws SQLException {
    for (int j = 0; j < values.length; j++) {
      if (values[j] == ParameterValues.UNSET && serverIndex[j] > 0) {
        throw SqlErrors.of("no value specified for parameter " + (j + 1), "07001");
      }
    }
    return values.clone();
  }

  /** The statements to run for the values bound now: the rewritten ones, with the casts. */
  List<String> statements() {
    if (castCount == 0) {
      return rewritten.statements();
    }
    if (castsMade == null || !Arrays.equals(castsMade, casts)) {
      castStatements = ParameterCasts.apply(rewritten, casts);
      castsMade = casts.clone();
    }
    return castStatements;
  }

  /** The values per statement of the SQL, from the JDBC parameters' values. */
  List<Object[]> valuesOf(Object[] jdbcValues) {
    return direct ? List.<Object[]>of(jdbcValues) : valuesFor(rewritten, jdbcValues);
  }

  /** Values per statement of {@code r}, from the JDBC parameters given (none for a plain statement). */
  static List<Object[]> valuesFor(RewrittenSql r, Object[] jdbcValues) {
    List<Object[]> out = new ArrayList<>();
    for (int s = 0; s < Math.max(1, r.statements().size()); s++) {
      out.add(new Object[r.valuesOf(s)]);
    }
    int[] index = r.parameterIndex();
    int[] statement = r.parameterStatement();
    for (int j = 0; j < r.parameterCount(); j++) {
      if (index[j] > 0) {
        out.get(statement[j])[index[j] - 1] = jdbcValues[j];
      }
    }
    return out;
  }
}

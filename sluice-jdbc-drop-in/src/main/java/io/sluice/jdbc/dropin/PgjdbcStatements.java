package io.sluice.jdbc.dropin;

import io.sluice.jdbc.internal.GeneratedKeys;
import io.sluice.jdbc.internal.SluiceCallableStatement;
import io.sluice.jdbc.internal.SluiceConnection;
import io.sluice.jdbc.internal.SluicePreparedStatement;
import io.sluice.jdbc.internal.SluiceStatement;
import java.sql.SQLException;

/**
 * The driver's statements when the drop-in is on the path: Sluice's, and pgjdbc {@code
 * PGStatement}s too, as pgjdbc's own statement classes are, for code that casts ({@code
 * ((PGStatement) st).setPrepareThreshold(…)}) rather than unwraps. Each starts with its
 * connection's prepare threshold, as in pgjdbc.
 */
final class PgjdbcStatements {
  private PgjdbcStatements() {}

  static ViewState stateFor(SluiceConnection c) {
    ViewState s = new ViewState();
    if (c instanceof PgjdbcConnection p) {
      s.prepareThreshold = p.state().prepareThreshold;
    }
    return s;
  }

  static final class Plain extends SluiceStatement implements PgStatementMethods {
    private final ViewState state;

    Plain(SluiceConnection c, int type, int concurrency) {
      super(c, type, concurrency);
      this.state = stateFor(c);
    }

    @Override
    public ViewState pgState() {
      return state;
    }
  }

  static final class Prepared extends SluicePreparedStatement implements PgStatementMethods {
    private final ViewState state;

    Prepared(SluiceConnection c, String sql, int type, int concurrency, GeneratedKeys keys) throws SQLException {
      super(c, sql, type, concurrency, keys);
      this.state = stateFor(c);
    }

    @Override
    public ViewState pgState() {
      return state;
    }
  }

  static final class Callable extends SluiceCallableStatement implements PgStatementMethods {
    private final ViewState state;

    Callable(SluiceConnection c, String sql, int type, int concurrency) throws SQLException {
      super(c, sql, type, concurrency);
      this.state = stateFor(c);
    }

    @Override
    public ViewState pgState() {
      return state;
    }
  }
}

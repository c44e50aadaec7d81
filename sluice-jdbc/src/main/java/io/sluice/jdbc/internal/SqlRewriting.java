package io.sluice.jdbc.internal;

import io.sluice.sql.JdbcSql;
import io.sluice.sql.RewrittenSql;
import java.sql.SQLException;
import java.util.Optional;

/**
 * How one connection's JDBC SQL becomes PostgreSQL's: rewritten once per SQL string through the
 * driver-wide {@link RewriteCache}, with the string literal rules the session reports ({@code
 * standard_conforming_strings}) and each call escape written as this connection runs its routine
 * ({@link CallEscapes}). Apart from {@link SluiceConnection} so that the rules a statement's SQL
 * goes through are read in one place; the connection's statements reach it through the connection.
 */
final class SqlRewriting {
  private final Sessions sessions;
  private final CallEscapes callEscapes;

  SqlRewriting(SluiceConnection connection, Sessions sessions, Optional<JdbcSql.CallMode> callMode) {
    this.sessions = sessions;
    this.callEscapes = new CallEscapes(connection, callMode);
  }

  /**
   * The rewritten SQL; {@code parameters} false for a plain statement, where {@code ?} is no
   * placeholder. A call escape is written again when this connection runs its routine otherwise.
   */
  RewrittenSql rewrite(String sql, boolean parameters) throws SQLException {
    JdbcSql.CallMode first = callEscapes.first();
    RewrittenSql r = RewriteCache.rewrite(sql, standardStrings(), first, parameters);
    JdbcSql.CallMode mode = callEscapes.modeFor(r);
    return mode == first ? r : RewriteCache.rewrite(sql, standardStrings(), mode, parameters);
  }

  /** How this connection writes the call escape {@code r} was rewritten from. */
  JdbcSql.CallMode callMode(RewrittenSql r) throws SQLException {
    return callEscapes.modeFor(r);
  }

  /** A call failed with {@code 42809} (wrong object type): the routines' kinds are asked again. */
  void forgetCallKinds() {
    callEscapes.forget();
  }

  boolean standardStrings() {
    try {
      return !"off".equalsIgnoreCase(sessions.parameter("standard_conforming_strings"));
    } catch (IllegalStateException e) {
      return true;   // no session to ask (no host answers): the server's default; the statement's own run reports why
    }
  }
}

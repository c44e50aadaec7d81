package io.sluice.jdbc.internal;

import io.sluice.sql.JdbcSql;
import io.sluice.sql.RewrittenSql;
import io.sluice.SluiceException;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How one connection writes a JDBC <code>{call f(…)}</code> escape. With pgjdbc's {@code
 * escapeSyntaxCallMode} given, as that mode says ({@code select}, {@code callIfNoReturn}, {@code
 * call}). By default, by what the routine is: a procedure ({@code pg_proc.prokind = 'p'},
 * PostgreSQL 11+) is run with {@code CALL}, which is the only way to run one, and anything else
 * with {@code SELECT} (pgjdbc's default, which fails on procedures with {@code 42809}). So
 * {@code SimpleJdbcCall} and JPA's stored procedure queries work on procedures without a setting.
 *
 * <p>The kind is asked once per routine name and connection (one catalog query at the first
 * prepare) and kept. A routine dropped and made again as the other kind makes the server answer
 * {@code 42809} (wrong object type): the connection then forgets what it knew ({@link #forget})
 * and the next call asks again.
 */
final class CallEscapes {
  /**
   * Whether every routine the name can mean is a procedure: the visible ones (on the search path,
   * {@code pg_function_is_visible}) for a bare name, else those of the schema named. No routine,
   * or a function and a procedure of one name (overloads), is "no": SELECT, as pgjdbc.
   */
  private static final String KIND = "SELECT coalesce(pg_catalog.bool_and(p.prokind OPERATOR(pg_catalog.=) 'p'), false)"
      + " FROM pg_catalog.pg_proc p WHERE p.proname OPERATOR(pg_catalog.=) $2 AND CASE WHEN $1::text IS NULL"
      + " THEN pg_catalog.pg_function_is_visible(p.oid)"
      + " ELSE p.pronamespace OPERATOR(pg_catalog.=) (SELECT n.oid FROM pg_catalog.pg_namespace n WHERE n.nspname"
      + " OPERATOR(pg_catalog.=) $1) END";

  private final SluiceConnection connection;
  private final Optional<JdbcSql.CallMode> given;
  private final ConcurrentHashMap<RoutineName, Boolean> procedures = new ConcurrentHashMap<>();

  CallEscapes(SluiceConnection connection, Optional<JdbcSql.CallMode> given) {
    this.connection = connection;
    this.given = given;
  }

  /** The mode a first rewrite is made in: the one given, else SELECT (most calls are of functions). */
  JdbcSql.CallMode first() {
    return given.orElse(JdbcSql.CallMode.SELECT);
  }

  /** The mode {@code r} (a rewrite of any mode) is to be written in on this connection. */
  JdbcSql.CallMode modeFor(RewrittenSql r) throws SQLException {
    if (given.isPresent()) {
      return given.get();
    }
    if (r.call() != RewrittenSql.Call.CALL || r.statements().size() != 1) {
      return JdbcSql.CallMode.SELECT;   // {? = call f()} has a return value: a function
    }
    Optional<RoutineName> name = RoutineName.of(r.statements().get(0));
    return name.isPresent() && isProcedure(name.get()) ? JdbcSql.CallMode.CALL_IF_NO_RETURN : JdbcSql.CallMode.SELECT;
  }

  /** A call failed with {@code 42809}: a routine may have changed kind since it was asked. */
  void forget() {
    procedures.clear();
  }

  private boolean isProcedure(RoutineName name) throws SQLException {
    Boolean known = procedures.get(name);
    if (known != null) {
      return known;
    }
    if (!proceduresExist()) {
      return false;
    }
    connection.settleStream();
    boolean procedure;
    try {
      procedure = connection.inSession(s -> s.query(KIND, name.schema(), name.name())).get(0).getBoolean(0);
    } catch (SluiceException e) {
      // an aborted transaction (25P02), a lost connection: the call itself reports it; nothing is kept
      return false;
    }
    procedures.put(name, procedure);
    return procedure;
  }

  /** PostgreSQL 11 added procedures (and {@code pg_proc.prokind}); before, every routine is a function. */
  private boolean proceduresExist() {
    String v;
    try {
      v = connection.sessions.parameter("server_version");
    } catch (IllegalStateException e) {
      return true;   // no session to ask: the catalog query that follows reports why
    }
    int major = 0;
    for (int i = 0; v != null && i < v.length() && Character.isDigit(v.charAt(i)); i++) {
      major = major * 10 + (v.charAt(i) - '0');
    }
    return major >= 11;
  }
}

package io.sluice.internal.statements;

import io.sluice.PoolerMode;
import io.sluice.ValueException;
import io.sluice.sql.SqlScanner;
import java.util.Locale;
import java.util.Set;

/**
 * What a pooler that shares server sessions between clients ({@code pooler_mode=transaction} or
 * {@code statement}) turns into silent errors: statements that leave state in the server session,
 * which the next client there inherits while this one loses it. They are refused before anything
 * is sent, naming the mode. Read from each statement's words, outside strings and comments:
 * {@code LISTEN}, {@code PREPARE}, {@code DECLARE … WITH HOLD}, {@code SET} (or {@code SET
 * SESSION}) of a parameter PgBouncer does not carry from one server session to the next, and the
 * session-level advisory lock functions. {@code SET LOCAL}, {@code SET TRANSACTION} and the
 * {@code _xact_} locks belong to the transaction and pass. Not seen: the same done inside a
 * function, or {@code set_config(…, false)}.
 */
final class SharedSessionGuard {
  /** The parameters PgBouncer tracks per client and sets again on each server session it uses. */
  private static final Set<String> TRACKED = Set.of("client_encoding", "datestyle", "timezone",
      "standard_conforming_strings", "application_name", "time", "names");
  private static final Set<String> SESSION_LOCKS = Set.of("pg_advisory_lock", "pg_advisory_lock_shared",
      "pg_try_advisory_lock", "pg_try_advisory_lock_shared");

  private SharedSessionGuard() {}

  /** Why {@code sql} may not run behind a pooler in {@code mode}, or null. */
  static ValueException refusal(String sql, boolean standardStrings, PoolerMode mode) {
    if (!mode.sharesSessions()) {
      return null;
    }
    SqlScanner t = new SqlScanner(sql, standardStrings);
    String first = null;
    String second = null;
    String previous = null;
    int words = 0;
    while (t.next()) {
      SqlScanner.Kind k = t.kind();
      if (k == SqlScanner.Kind.OTHER && t.first() == ';') {
        first = second = previous = null;
        words = 0;
        continue;
      }
      if (k != SqlScanner.Kind.WORD) {
        continue;
      }
      String w = sql.substring(t.start(), t.end()).toLowerCase(Locale.ROOT);
      words++;
      if (words == 1) {
        first = w;
        if (w.equals("listen") || w.equals("prepare")) {
          return refused(w.toUpperCase(Locale.ROOT), mode, "a session of its own (a direct connection, or a pooler"
              + " in session mode)");
        }
      } else if (words == 2) {
        second = w;
        if (first.equals("set") && !w.equals("local") && !w.equals("transaction") && !w.equals("constraints")
            && !w.equals("session") && !TRACKED.contains(w)) {
          return refusedSet(w, mode);
        }
      } else if (words == 3 && first.equals("set") && "session".equals(second) && !TRACKED.contains(w)) {
        return refusedSet(w, mode);
      }
      if ("declare".equals(first) && "with".equals(previous) && w.equals("hold")) {
        return refused("DECLARE … WITH HOLD", mode, "a cursor without WITH HOLD, read inside its transaction");
      }
      if (SESSION_LOCKS.contains(w)) {
        return refused(w + "()", mode, "the transaction's own lock, " + w.replace("advisory_lock", "advisory_xact_lock")
            + "(), inside a transaction");
      }
      previous = w;
    }
    return null;
  }

  private static ValueException refusedSet(String parameter, PoolerMode mode) {
    return refused("SET " + parameter, mode, "SET LOCAL inside a transaction, or ALTER ROLE … SET");
  }

  private static ValueException refused(String what, PoolerMode mode, String instead) {
    return new ValueException(what + " would act on a server session shared with other clients: pooler_mode="
        + mode.keyword() + " (PgBouncer pool_mode = " + mode.keyword() + ") hands the session to another client"
        + " after each " + (mode == PoolerMode.STATEMENT ? "statement" : "transaction") + "; use " + instead
        + ". Nothing was sent");
  }
}

package io.sluice.internal.session;

import io.sluice.internal.engine.ServerSession;
import io.sluice.TargetSessionAttrs;
import io.sluice.internal.engine.Deadline;
import io.sluice.internal.engine.EngineSettings;
import io.sluice.internal.engine.RequestEngine;
import io.sluice.internal.requests.SimpleQueryRequest;
import io.sluice.protocol.FrontendMessage;
import java.io.IOException;
import java.util.List;

/**
 * Whether a new session fits {@code target_session_attrs}, as libpq decides it: from the {@code
 * in_hot_standby} and {@code default_transaction_read_only} parameters the server reports on
 * PostgreSQL 14 and later, else from {@code pg_is_in_recovery()} and {@code
 * transaction_read_only} asked with one query.
 */
public final class SessionAttrs {
  private SessionAttrs() {}

  /** Null when the session fits {@code want}; else why not ("is a standby"). */
  static String misfit(ServerSession s, TargetSessionAttrs want, long timeoutNanos) {
    if (want == TargetSessionAttrs.ANY) {
      return null;
    }
    String standbyParam = s.parameters().get("in_hot_standby");
    String readOnlyParam = s.parameters().get("default_transaction_read_only");
    boolean standby;
    boolean readOnly;
    if (standbyParam != null && readOnlyParam != null) {
      standby = standbyParam.equals("on");
      readOnly = standby || readOnlyParam.equals("on");
    } else {
      List<String> row = ask(s, timeoutNanos);
      standby = row.get(0).equals("t");
      readOnly = standby || row.get(1).equals("on");
    }
    return switch (want) {
      case ANY, PREFER_STANDBY -> null;
      case READ_WRITE -> readOnly ? (standby ? "is a standby" : "is read-only by default") : null;
      case READ_ONLY -> readOnly ? null : "accepts writes";
      case PRIMARY -> standby ? "is a standby" : null;
      case STANDBY -> standby ? null : "is not a standby";
    };
  }

  private static List<String> ask(ServerSession s, long timeoutNanos) {
    RequestEngine engine = new RequestEngine(s, EngineSettings.ONE_AT_A_TIME);
    SimpleQueryRequest q = new SimpleQueryRequest(
        "select pg_catalog.pg_is_in_recovery(), pg_catalog.current_setting('transaction_read_only')", engine);
    engine.run(q, Deadline.in(timeoutNanos));
    return q.results().get(0).rows().get(0);
  }

  /** Ends a session that did not fit: Terminate, then the socket is closed. */
  public static void close(ServerSession s) {
    try {
      byte[] bytes = FrontendMessage.toBytes(FrontendMessage.Terminate.INSTANCE);
      s.transport().write(bytes, 0, bytes.length);
    } catch (IOException ignored) {
      // closing anyway
    }
    s.markBroken();
  }
}

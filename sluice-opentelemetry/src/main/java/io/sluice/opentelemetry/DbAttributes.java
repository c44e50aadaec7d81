package io.sluice.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.StatusCode;
import io.sluice.event.ConnectionInfo;
import io.sluice.event.Result;

/**
 * The attributes of OpenTelemetry's database semantic conventions that Sluice's spans carry
 * (docs/db/database-spans.md and docs/db/postgresql.md, stable), and how each is filled.
 */
final class DbAttributes {
  static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");
  static final AttributeKey<String> DB_NAMESPACE = AttributeKey.stringKey("db.namespace");
  static final AttributeKey<String> DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text");
  static final AttributeKey<String> DB_QUERY_SUMMARY = AttributeKey.stringKey("db.query.summary");
  static final AttributeKey<String> DB_OPERATION_NAME = AttributeKey.stringKey("db.operation.name");
  static final AttributeKey<Long> DB_OPERATION_BATCH_SIZE = AttributeKey.longKey("db.operation.batch.size");
  static final AttributeKey<String> DB_RESPONSE_STATUS_CODE = AttributeKey.stringKey("db.response.status_code");
  /** Development status and opt-in in the conventions: set only with {@link TracingOptions#returnedRows}. */
  static final AttributeKey<Long> DB_RESPONSE_RETURNED_ROWS = AttributeKey.longKey("db.response.returned_rows");
  static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
  static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  /** Sluice's own: requests in flight on the connection when the statement was written, itself included. */
  static final AttributeKey<Long> SLUICE_PIPELINE_DEPTH = AttributeKey.longKey("sluice.pipeline.depth");
  /** Sluice's own: how the statement reached the server (cached, prepared, simple). */
  static final AttributeKey<String> SLUICE_PREPARATION = AttributeKey.stringKey("sluice.preparation");
  /** Sluice's own: a connection that asked for TLS (sslmode=prefer) and went on in the clear, as libpq does. */
  static final AttributeKey<Boolean> SLUICE_TLS_FALLBACK = AttributeKey.booleanKey("sluice.tls.fallback");
  /** Sluice's own: COPY data bytes sent or received. */
  static final AttributeKey<Long> SLUICE_COPY_BYTES = AttributeKey.longKey("sluice.copy.bytes");

  /** db.system.name's value for PostgreSQL, also the span name when nothing better is known. */
  static final String POSTGRESQL = "postgresql";

  private DbAttributes() {}

  /**
   * Where the work runs, set at span creation so that samplers see it. db.namespace is the
   * database asked for when connecting: the conventions' {@code {database}|{schema}} would need
   * the schema, which only another query could tell (postgresql.md, note 1).
   */
  static SpanBuilder onConnection(SpanBuilder span, ConnectionInfo connection) {
    return span.setAttribute(DB_SYSTEM_NAME, POSTGRESQL)
        .setAttribute(DB_NAMESPACE, connection.database())
        .setAttribute(SERVER_ADDRESS, connection.address())
        .setAttribute(SERVER_PORT, (long) connection.port());
  }

  /**
   * How the work ended, after docs/general/recording-errors.md: nothing on success; on failure
   * status ERROR with the exception's message, {@code db.response.status_code} with the server's
   * SQLSTATE when it sent one, and {@code error.type}: that SQLSTATE, else the name of the class
   * of the exception the caller got (a {@code io.sluice.ConnectionException} for a lost
   * connection, the caller's own exception for {@link Result#CALLER_ERROR}).
   */
  static void ending(Span span, Result result, String sqlState, Throwable error) {
    if (sqlState != null) {
      span.setAttribute(DB_RESPONSE_STATUS_CODE, sqlState);
    }
    if (result == Result.SUCCEEDED) {
      return;
    }
    span.setAttribute(ERROR_TYPE, errorType(sqlState, error));
    String message = error == null ? null : error.getMessage();
    span.setStatus(StatusCode.ERROR, message == null ? "" : message);
  }

  /**
   * error.type: the SQLSTATE, else the exception's class, else the conventions' fallback {@code
   * _OTHER}. Never a class of Sluice's internals: those are not part of its API and may change, so
   * the nearest public superclass names them ({@code io.sluice.ConnectionException}).
   */
  static String errorType(String sqlState, Throwable error) {
    if (sqlState != null) {
      return sqlState;
    }
    if (error == null) {
      return "_OTHER";
    }
    Class<?> type = error.getClass();
    while (type.getName().startsWith("io.sluice.internal.") && type.getSuperclass() != null) {
      type = type.getSuperclass();
    }
    return type.getName();
  }
}

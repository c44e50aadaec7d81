package io.sluice.event;

/**
 * A statement is about to run. Handed to the listener on the caller's thread, before anything is
 * sent, so that a tracer can read the caller's current context.
 *
 * @param connection the session it runs on
 * @param sql the SQL text as given (never with parameter values in it)
 * @param parameterCount how many parameter values were given (the values themselves never are)
 * @param preparation whether it is a statement-cache hit, is prepared now, or is simple text
 */
public record StatementStart(ConnectionInfo connection, String sql, int parameterCount, Preparation preparation) {}

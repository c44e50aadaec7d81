package io.sluice.event;

import io.sluice.protocol.auth.AuthMethod;

/**
 * One connection attempt ended: the session is ready (ReadyForQuery), or the attempt failed.
 *
 * @param start the start event of this very attempt
 * @param authMethod how the server authenticated the client ({@link AuthMethod#NONE}: it asked for
 *     nothing), or null when the attempt failed before authentication ended
 * @param tlsProtocol the TLS protocol in use ({@code TLSv1.3}), or null without TLS
 * @param processId the server process of the new session, or 0
 * @param durationNanos from just before the start callback to the end
 * @param result {@link Result#SUCCEEDED}, or {@link Result#NOT_SENT} / {@link Result#SERVER_ERROR} for a failure
 * @param sqlState the server's SQLSTATE when it refused the session (28P01, 53300, …), else null
 * @param error why the attempt failed, or null
 */
public record ConnectEnd(ConnectStart start, AuthMethod authMethod, String tlsProtocol, int processId,
    long durationNanos, Result result, String sqlState, Throwable error) {}

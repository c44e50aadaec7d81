package io.sluice.event;

import io.sluice.HostPort;

/**
 * One attempt to open a session on one host, about to begin, on the connecting thread (the
 * caller's, or a pool's background thread). A connection string naming several hosts, or an
 * {@code sslmode} that retries after the server refused the session (prefer in the clear after a
 * hostnossl rule refused TLS, allow with TLS after a hostssl rule), makes several attempts, each
 * with its events. A server
 * without TLS under {@code sslmode=prefer} is one attempt: it asks for TLS ({@code tls} true), the
 * server says no, and the session starts in the clear on the same socket ({@link
 * ConnectEnd#tlsProtocol()} null), as libpq does. An attempt that asks for GSS encryption first
 * ({@code gssencmode}) reports {@code tls} false, even when the server's 'N' lets it go on with TLS
 * on the same socket.
 *
 * @param host the endpoint tried
 * @param tls whether this attempt asks for TLS
 * @param database the database asked for
 * @param user the role to log in as
 */
public record ConnectStart(HostPort host, boolean tls, String database, String user) {}

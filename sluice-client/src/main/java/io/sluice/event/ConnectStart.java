package io.sluice.event;

import io.sluice.HostPort;

/**
 * One attempt to open a session on one host, about to begin, on the connecting thread (the
 * caller's, or a pool's background thread). A connection string naming several hosts, or an
 * {@code sslmode} that falls back (prefer, allow), makes several attempts, each with its events.
 *
 * @param host the endpoint tried
 * @param tls whether this attempt negotiates TLS
 * @param database the database asked for
 * @param user the role to log in as
 */
public record ConnectStart(HostPort host, boolean tls, String database, String user) {}

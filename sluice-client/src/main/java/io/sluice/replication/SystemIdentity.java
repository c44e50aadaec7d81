package io.sluice.replication;

/**
 * The answer to {@code IDENTIFY_SYSTEM}.
 *
 * @param systemId the cluster's unique system identifier (as text: it is a 64-bit unsigned number)
 * @param timeline the current timeline
 * @param walPosition the current WAL flush position
 * @param database the database this session is connected to
 */
public record SystemIdentity(String systemId, int timeline, Lsn walPosition, String database) {}

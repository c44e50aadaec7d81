package io.sluice;

import java.time.Duration;
import java.util.Optional;

/**
 * One server of a routing pool ({@link Pool#hosts()}): what the pool's monitor last found, and
 * what the pool sent there.
 *
 * @param host the server
 * @param role its role at the last successful probe
 * @param up whether the last probe succeeded
 * @param lag for a standby, how far behind the primary its replay is in time (empty when unknown,
 *     or not a standby): the age of the oldest primary WAL position it has not replayed
 * @param position for a primary its WAL write position, for a standby its replay position ({@code
 *     X/Y}); null when unknown
 * @param reads calls of read-only work this pool ran there
 * @param writes calls on the write route this pool ran there
 * @param connections the pool's connections to this server
 * @param lastError why the last probe failed, or null
 * @param stalled for a standby that is up but cannot catch up now — replay paused, no WAL receiver
 *     streaming, or replay not moving while the primary writes on — why (it takes no reads, and no
 *     read waits for it, until its replay moves again); null otherwise
 */
public record HostStats(HostPort host, ServerRole role, boolean up, Optional<Duration> lag, String position,
    long reads, long writes, PoolStats connections, String lastError, String stalled) {}

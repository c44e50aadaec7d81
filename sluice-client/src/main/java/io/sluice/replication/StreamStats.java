package io.sluice.replication;

/**
 * A snapshot of a stream's counters.
 *
 * @param bufferedMessages changes waiting for the application now
 * @param bufferedBytes their bytes
 * @param bufferHighWater the most changes that ever waited at once (never above {@link
 *     StreamOptions#maxBufferedMessages})
 * @param statusUpdates standby status updates sent
 * @param received the last WAL position the server reported
 * @param acknowledged what the application acknowledged
 * @param flushed what the status updates report as flushed now: the acknowledged position, or a
 *     keepalive's position past it when nothing unacknowledged lies between
 */
public record StreamStats(int bufferedMessages, long bufferedBytes, int bufferHighWater, long statusUpdates,
    Lsn received, Lsn acknowledged, Lsn flushed) {}

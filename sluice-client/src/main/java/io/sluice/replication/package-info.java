/**
 * Change streams: PostgreSQL's logical replication with the {@code pgoutput} plugin, decoded into
 * typed {@link io.sluice.replication.Change}s, resumable, and exact about what the application
 * has acknowledged.
 *
 * <h2>The parts</h2>
 * <ul>
 *   <li>{@link io.sluice.replication.ReplicationConnection}: a replication session ({@code
 *       replication=database}) made from a {@link io.sluice.ConnectionConfig}; slots ({@code
 *       CREATE_REPLICATION_SLOT} with an exported or used snapshot for an initial copy, {@code
 *       DROP_REPLICATION_SLOT}, {@code pg_replication_slots}) and {@code IDENTIFY_SYSTEM}.
 *       Publications are plain SQL ({@code CREATE PUBLICATION}) on any connection.
 *   <li>{@link io.sluice.replication.StreamOptions}: {@code START_REPLICATION}'s options (protocol
 *       version by server version, binary values, messages, streaming of large transactions),
 *       the acknowledgement mode, the buffer's bounds and the timers.
 *   <li>{@link io.sluice.replication.ChangeStream}: the running stream. Changes are taken with
 *       {@code poll(Duration)} or {@code forEach}, acknowledged with {@code ack}.
 *   <li>{@link io.sluice.replication.Change}: one record per pgoutput message (Begin, Commit,
 *       Relation, Insert, Update, Delete, Truncate, Type, Origin, Message, StreamStart/Stop/
 *       Commit/Abort); rows are {@link io.sluice.replication.Tuple}s, decoded lazily with the same
 *       codecs as {@link io.sluice.Row}, with unchanged TOAST values told apart from NULL.
 * </ul>
 *
 * <h2>Why a blocking pull API</h2>
 * A change stream is consumed by one loop that must not run ahead of what it has handled, so the
 * stream is a queue to take from, not callbacks pushed at the application: {@code poll(Duration)}
 * lets a loop also do other work on a timer (flush a batch every second), and {@code forEach} is
 * the plain loop. Both block; on a virtual thread, blocking costs nothing. The socket is read by
 * the stream's own thread (a platform thread, one per stream: cheaper than a virtual one for a
 * socket that is read without pause) into a bounded buffer, so keepalives are answered and status
 * updates sent while the application is busy, and a slow application slows the server, never
 * grows memory. Acknowledgement is separate from taking (PostgreSQL's slot guarantees at-least-once
 * from the last confirmed position): take, handle durably, then {@code ack}.
 *
 * <h2>The contract</h2>
 * The flush position reported to the server never passes what the application acknowledged (see
 * {@link io.sluice.replication.ChangeStream}); after a failure, {@link
 * io.sluice.replication.ChangeStreamException#lastAcknowledged()} is where to start again, with
 * nothing acknowledged delivered twice and nothing else lost.
 */
package io.sluice.replication;

/**
 * Logical replication behind {@code io.sluice.replication}: the walsender session and its commands,
 * the CopyBoth stream with keepalives and status updates, the pgoutput decoder, the bounded buffer
 * and the acknowledgement rule ({@code Progress}).
 *
 * <p>Not API: nothing under {@code io.sluice.internal} is exported by the module, and any of it may
 * change in any release. The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.replication;

/**
 * Logical replication behind {@code io.sluice.replication}: the walsender session and its commands,
 * the CopyBoth stream with keepalives and status updates, the pgoutput decoder, the bounded buffer
 * and the acknowledgement rule ({@code Progress}).
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.replication;

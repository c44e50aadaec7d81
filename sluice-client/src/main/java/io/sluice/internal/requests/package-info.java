/**
 * The requests: each encodes its messages whole and knows, in order, the replies it will get
 * ({@code ExtendedReplies}, {@code SimpleReplies}): queries, portals, batches, prepares, simple
 * queries and both directions of COPY.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.requests;

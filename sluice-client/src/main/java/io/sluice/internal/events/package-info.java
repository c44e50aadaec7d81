/**
 * The one place user observers are called: event listeners and notice handlers, each call guarded so
 * that what they throw is logged once and breaks nothing ({@code Events}); a start and its one end
 * ({@code Started}); the statement, COPY and pool reports built from the engine's facts.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.events;

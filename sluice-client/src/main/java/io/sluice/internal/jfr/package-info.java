/**
 * Java Flight Recorder events for statements, batches, COPY, connects, pool waits and cancels, heard
 * only while a recording enables them ({@code JfrGate}).
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.jfr;

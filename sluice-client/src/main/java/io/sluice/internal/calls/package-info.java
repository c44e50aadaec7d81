/**
 * The query surface's shared pieces: what the public {@code Connection}, {@code Pool} and
 * {@code Transaction} do the same way (retrying a transaction that failed transiently).
 *
 * <p>Not API: nothing under {@code io.sluice.internal} is exported by the module, and any of it may
 * change in any release. The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.calls;

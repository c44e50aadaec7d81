/**
 * Statement logic: prepare each SQL once per connection and reuse it ({@code StatementCache},
 * {@code ServerStatement}), pick parameter codecs, run, retry once when that is safe; portals,
 * COPY exchanges and type discovery.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.statements;

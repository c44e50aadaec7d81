/**
 * Results as bytes: the DataRow bodies of a result in a few chunks ({@code RowStore}), the columns'
 * layout and decoders ({@code RowLayout}), buffered sets, and rows mapped to records.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.rows;

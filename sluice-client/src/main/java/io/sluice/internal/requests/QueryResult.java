package io.sluice.internal.requests;

import io.sluice.internal.rows.RowLayout;

/** The outcome of one statement: its row layout and command tag (null when the consumer stopped it early). */
public record QueryResult(RowLayout layout, String commandTag) {}

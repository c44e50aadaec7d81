package io.sluice.internal.requests;

import io.sluice.SluiceException;

/** One statement of a batch: it ran, with its result, or it failed, with why. */
public sealed interface StatementOutcome {
  record Ran(QueryResult result) implements StatementOutcome {}

  record Failed(SluiceException error) implements StatementOutcome {}
}

package io.sluice.jdbc.dropin;

/** {@code unwrap(PGStatement.class)} of a statement that is not one of the drop-in's classes. */
record PgStatementView(ViewState pgState) implements PgStatementMethods {}

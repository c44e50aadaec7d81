package io.sluice.jdbc;

/** Why the driver refuses what it does not offer, in the words its exceptions use. */
final class Refusals {
  static final String READ_ONLY = "results are read-only (CONCUR_READ_ONLY); change rows with UPDATE, INSERT"
      + " and DELETE statements";
  static final String NO_LOCATORS = "PostgreSQL values are read whole: use getString/getBytes/getObject"
      + " (bytea, text, xml), not locators (Blob, Clob, Ref, RowId, SQLXML, URL) or named cursors";
  static final String NAMED_PARAMETERS = "parameters are set and read by index; PostgreSQL's extended protocol has no"
      + " named parameters";

  private Refusals() {}
}

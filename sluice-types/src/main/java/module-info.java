/** Codecs between PostgreSQL's wire formats and Java values. */
module io.sluice.types {
  requires io.sluice.protocol;
  exports io.sluice.types;
}

/** Codecs between PostgreSQL's wire formats and Java values. */
module io.sluice.types {
  // Codec and ParameterCodec take WireWriter and WireReader in their signatures
  requires transitive io.sluice.protocol;
  exports io.sluice.types;
}

/** A JDBC driver over the Sluice client: {@code java.sql} for the tools Java teams already run. */
// "module": io.sluice.jdbc.dropin, named in a qualified export below, is built after this module
@SuppressWarnings("module")
module io.sluice.jdbc {
  requires transitive java.sql;
  // SQLXML's parsers and transformers (javax.xml, org.w3c.dom, org.xml.sax): java.sql already
  // requires it transitively; named here because the driver's own code uses it
  requires java.xml;
  requires transitive io.sluice.client;
  exports io.sluice.jdbc;
  // not API, so not exported; opened so that reflection through a connection's or a statement's own
  // class (Clojure's reflector, bean introspection) can call the JDBC methods it finds there
  opens io.sluice.jdbc.internal;
  // to the drop-in alone: it provides an Extension (pgjdbc's API over these classes)
  exports io.sluice.jdbc.internal to io.sluice.jdbc.dropin;
  uses io.sluice.jdbc.internal.Extension;
  provides java.sql.Driver with io.sluice.jdbc.SluiceDriver;
}

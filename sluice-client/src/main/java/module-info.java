/** The Sluice PostgreSQL client. */
// "module": io.sluice.jdbc, named in a qualified export below, is built after this module
@SuppressWarnings("module")
module io.sluice.client {
  requires transitive io.sluice.protocol;
  requires transitive io.sluice.types;
  requires java.security.jgss;   // GSSAPI (Kerberos) sign-in and GSS encryption: org.ietf.jgss
  // Krb5LoginModule, which JAAS loads by name, and UnixSystem (the default ticket cache's user id):
  // on the module path, nothing else would resolve this module
  requires jdk.security.auth;
  // Java Flight Recorder events (io.sluice.internal.jfr): part of the JDK, off unless a recording takes them
  requires jdk.jfr;
  exports io.sluice;
  exports io.sluice.event;
  exports io.sluice.replication;
  exports io.sluice.sql;
  // the JDBC driver's SQLWarnings and pgjdbc's getNotifications need a connection's raw notices
  // (Notices) and notifications (SessionNotifications), no API of their own
  exports io.sluice.internal.calls to io.sluice.jdbc;
}

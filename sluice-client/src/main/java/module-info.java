/** The Sluice PostgreSQL client. */
module io.sluice.client {
  requires transitive io.sluice.protocol;
  requires transitive io.sluice.types;
  requires java.security.jgss;   // GSSAPI (Kerberos) sign-in: org.ietf.jgss, JAAS Krb5LoginModule
  // Java Flight Recorder events (io.sluice.internal.jfr): part of the JDK, off unless a recording takes them
  requires jdk.jfr;
  exports io.sluice;
  exports io.sluice.event;
  exports io.sluice.replication;
  exports io.sluice.sql;
}

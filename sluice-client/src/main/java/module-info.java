/** The Sluice PostgreSQL client. */
module io.sluice.client {
  requires transitive io.sluice.protocol;
  requires transitive io.sluice.types;
  requires java.security.jgss;   // GSSAPI (Kerberos) sign-in: org.ietf.jgss, JAAS Krb5LoginModule
  exports io.sluice;
  exports io.sluice.event;
}

/**
 * Kerberos (GSSAPI) sign-in with the JDK's {@code org.ietf.jgss}: credentials from a ticket cache or
 * a keytab, the context exchange, and failures explained in words rather than GSS codes.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.gss;

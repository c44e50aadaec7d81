/**
 * Transports: TCP and Unix sockets, the TLS upgrade ({@code TlsUpgrade}, direct or after SSLRequest),
 * GSS encryption ({@code GssUpgrade}, {@code GssTransport}) and PEM keys and certificates.
 *
 * <p>Not API: nothing under {@code io.sluice.internal} is exported by the module, and any of it may
 * change in any release. The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.net;

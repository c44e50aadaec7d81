/**
 * Transports: TCP and Unix sockets, the TLS upgrade ({@code TlsUpgrade}, direct or after SSLRequest),
 * GSS encryption ({@code GssUpgrade}, {@code GssTransport}) and PEM keys and certificates.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.net;

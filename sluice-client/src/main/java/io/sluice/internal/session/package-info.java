/**
 * One server session from start-up to Terminate: choosing a host and connecting ({@code Connector}),
 * encryption and sign-in ({@code Authenticator}), the session's state ({@code ServerSession}) and
 * cancel requests on their own socket ({@code Canceller}).
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.session;

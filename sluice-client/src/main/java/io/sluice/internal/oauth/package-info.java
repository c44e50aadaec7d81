/**
 * OAuth bearer tokens for PostgreSQL 18's {@code OAUTHBEARER} SASL mechanism: the token comes from
 * the application's supplier, which gets the server's discovery answer.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.oauth;

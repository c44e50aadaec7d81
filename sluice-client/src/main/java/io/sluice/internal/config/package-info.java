/**
 * Settings as PostgreSQL's clients spell them: the key table ({@code Keys}), the connection string
 * forms (libpq conninfo, URI, JDBC URL), environment variables, {@code .pgpass}, and resolution of
 * the given, environment and default values into one set.
 *
 * <p>Not API: this package is not exported by the module (under {@code io.sluice.internal} only
 * {@code calls} is, to {@code io.sluice.jdbc} alone), and any of it may change in any release.
 * The parts and how they fit are in {@code docs/engine.md}.
 */
package io.sluice.internal.config;

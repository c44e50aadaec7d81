/**
 * Codecs between PostgreSQL's text and binary formats and Java values.
 *
 * <p>The layer's contract:
 * <ul>
 *   <li>{@link io.sluice.types.Codec} is the SPI the request engine calls: decode a value from
 *       {@code (buf, off, len)} in either format, append a parameter's binary bytes to a
 *       {@link io.sluice.protocol.WireWriter} (the caller writes and back-patches the length) or
 *       give its text. NULL never reaches a codec.
 *   <li>{@link io.sluice.types.TypeRegistry} maps type OIDs to codecs (built-ins at construction,
 *       run-time types from {@code pg_type} through {@link io.sluice.types.TypeInfo}) and picks the
 *       type and codec of a parameter from its Java class.
 *   <li>{@link io.sluice.types.TypeContext} carries what depends on the session: the registry,
 *       the JSON hook, and the server settings that shape text (TimeZone, DateStyle, IntervalStyle).
 *   <li>Decoders are total over untrusted bytes: malformed input is a
 *       {@link io.sluice.types.CodecException}, never an index or arithmetic exception; values
 *       outside PostgreSQL's range are refused on encoding with the same exception.
 *   <li>Documented choices: numeric NaN/±Infinity decode to {@code Double} values
 *       ({@link io.sluice.types.Numerics}); ±infinity dates and timestamps are the Java types'
 *       MIN/MAX constants; nanoseconds round half-even to microseconds
 *       ({@link io.sluice.types.Timestamps}); arrays decode to nested Java arrays without lower
 *       bounds ({@code ArrayCodec}).
 * </ul>
 * No sockets, threads or logging here, and no dependency beyond the JDK and sluice-protocol.
 */
package io.sluice.types;

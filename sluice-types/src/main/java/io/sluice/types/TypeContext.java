package io.sluice.types;

import java.time.ZoneId;

/**
 * What codecs need from the session: the type registry (element, attribute and subtype codecs of
 * arrays, composites and ranges), the JSON hook, and the server parameters that change text
 * formats. {@code integer_datetimes} is not here: it is always on since PostgreSQL 10, so times are
 * int64 microseconds on the wire.
 */
public interface TypeContext {
  TypeRegistry registry();

  JsonCodec json();

  /** The server's {@code TimeZone} setting; UTC when it is not a zone Java knows. */
  ZoneId timeZone();

  /** The server's {@code DateStyle}, e.g. {@code "ISO, MDY"}; text decoding needs ISO. */
  String dateStyle();

  /** The server's {@code IntervalStyle}; text decoding reads {@code postgres} and {@code iso_8601}. */
  String intervalStyle();

  /** A context with the built-in types, JSON as strings and the server defaults (UTC, ISO, postgres). */
  static TypeContext defaults() {
    return new SessionTypeContext(new TypeRegistry(), JsonCodec.STRING);
  }
}

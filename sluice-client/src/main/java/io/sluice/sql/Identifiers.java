package io.sluice.sql;

import io.sluice.ValueException;

/**
 * The one place where Sluice turns a name into SQL: table and column names of COPY, channel names
 * of LISTEN and NOTIFY. Every name is double-quoted, with double quotes doubled, so it is taken
 * literally (case, spaces, quotes and all) and can never end the identifier early.
 */
public final class Identifiers {
  /** PostgreSQL truncates identifiers longer than this (NAMEDATALEN - 1), in bytes. */
  public static final int MAX_BYTES = 63;

  private Identifiers() {}

  /**
   * {@code name} as a quoted identifier. Refuses, with {@link ValueException}, what the server
   * could not store as given: an empty name, a NUL character, a lone surrogate, more than {@value
   * #MAX_BYTES} bytes of UTF-8 (which the server would silently shorten, so that two names could
   * become one).
   */
  public static String quote(String name) {
    if (name == null || name.isEmpty()) {
      throw new ValueException("an identifier cannot be empty");
    }
    if (name.indexOf('\0') >= 0) {
      throw new ValueException("an identifier cannot contain a NUL character");
    }
    int bytes = utf8Length(name);
    if (bytes > MAX_BYTES) {
      throw new ValueException("identifier of " + bytes + " bytes is longer than PostgreSQL's " + MAX_BYTES
          + ": " + name);
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** The name's length in UTF-8; a lone surrogate (half a character, no UTF-8 form) is refused. */
  private static int utf8Length(String name) {
    try {
      return io.sluice.protocol.Utf8.encode(name).length;
    } catch (io.sluice.protocol.ProtocolException e) {
      throw new ValueException("an identifier cannot be stored as UTF-8: " + e.getMessage(), e);
    }
  }

  /** A possibly schema-qualified name: {@code quote(schema) + "." + quote(name)}, or just the name. */
  public static String qualified(String schema, String name) {
    return schema == null ? quote(name) : quote(schema) + "." + quote(name);
  }
}

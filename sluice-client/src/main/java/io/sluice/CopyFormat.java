package io.sluice;

/** The formats of PostgreSQL's COPY, for rows of Java values encoded by Sluice. */
public enum CopyFormat {
  /** Tab-separated, backslash escapes, {@code \N} for NULL. */
  TEXT,
  /** Comma-separated, double-quoted where needed, an unquoted empty field for NULL. */
  CSV,
  /** PostgreSQL's binary tuples, each value in its type's binary form (no text parsing on the server). */
  BINARY
}

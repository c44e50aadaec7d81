package io.sluice.event;

/** How a statement reached the server: from the connection's statement cache, prepared now, or as simple text. */
public enum Preparation {
  /** Already prepared on this connection: a statement-cache hit, no Parse sent. */
  CACHED,
  /** Not in the cache: prepared by this call (Parse and Describe first), a statement-cache miss. */
  PREPARED,
  /** Sent with the simple query protocol ({@code simpleQuery}, transaction control): nothing prepared. */
  SIMPLE
}

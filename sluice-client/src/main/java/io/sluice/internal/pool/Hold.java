package io.sluice.internal.pool;

/** How a pooled call holds its connection. */
public enum Hold {
  /** Pipelined with other callers' statements on the least busy connection. */
  SHARED,
  /** Borrowed for the call (a stream read to the end inside it). */
  BORROWED,
  /** Borrowed past the call: the caller's stream gives it back when closed. */
  LENT
}

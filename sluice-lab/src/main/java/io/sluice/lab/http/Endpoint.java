package io.sluice.lab.http;

import io.sluice.bench.Target;

/**
 * One HTTP server of the HTTP cases: {@code GET url()?start=N} answers the 500 rows of mixed50k
 * from id N as a JSON array of objects (a random N without it). Closing it stops the server and
 * its pool.
 */
public interface Endpoint extends AutoCloseable {
  /** The interface's name in the results and on the command line, {@code http-…}. */
  String name();

  /** What it is, for the report: its stack, pool and how it writes rows. */
  String description();

  String url();

  /** Starts a server against {@code target}, its pool open. */
  @FunctionalInterface
  interface Factory {
    Endpoint open(Target target) throws Exception;
  }
}

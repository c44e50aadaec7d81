package io.sluice.replication;

import io.sluice.Connection;
import io.sluice.testkit.docs.CheckedExample;

/**
 * What the examples of docs/replication.md have in scope: {@code c}, a connection to the logical
 * replication test server's database, and {@code url}, its connection string.
 */
public abstract class ReplicationDocExample extends CheckedExample {
  protected Connection c;
  protected String url;

  void bind(Connection connection, String connectionString) {
    this.c = connection;
    this.url = connectionString;
  }
}

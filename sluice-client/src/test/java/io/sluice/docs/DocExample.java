package io.sluice.docs;

import io.sluice.Connection;
import io.sluice.testkit.docs.CheckedExample;

/**
 * What every Java example of the docs has in scope: {@code c}, an open connection to a database of
 * its own for the document, and {@code url}, that database's connection string. The examples of one
 * document run in order on the same database, so a table an early block creates is there for the
 * later ones.
 */
public abstract class DocExample extends CheckedExample {
  protected Connection c;
  protected String url;

  void bind(Connection connection, String connectionString) {
    this.c = connection;
    this.url = connectionString;
  }
}

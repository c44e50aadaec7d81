package io.sluice.jdbc;

import io.sluice.testkit.docs.CheckedExample;

/** What the Java examples of docs/jdbc.md have in scope: nothing but the driver on the class path. */
public abstract class JdbcDocExample extends CheckedExample {}

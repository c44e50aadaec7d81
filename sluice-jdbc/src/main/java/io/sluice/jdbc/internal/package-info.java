/**
 * The driver's implementation: connections, statements, results, metadata and the refusals of what
 * it does not offer. Not API: this package is not exported, and may change in any release. It is
 * opened (in {@code module-info}) only so that frameworks which reflect over a connection's or a
 * statement's own class (Clojure's reflector, bean introspection) can call the JDBC methods they
 * find there; its interfaces are public for the same reason — a default method that reflection
 * reaches through the class it is called on must be declared in a public type.
 */
package io.sluice.jdbc.internal;

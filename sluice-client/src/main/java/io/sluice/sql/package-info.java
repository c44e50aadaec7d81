/**
 * SQL text as PostgreSQL's own scanner reads it ({@code src/backend/parser/scan.l}): where a
 * placeholder, a string, a quoted identifier, a dollar quote or a comment begins and ends.
 *
 * <p>Pure functions over strings, no I/O: {@link io.sluice.sql.SqlScanner} (the tokens),
 * {@link io.sluice.sql.JdbcSql} (JDBC's {@code ?} placeholders and {@code {fn …}}/{@code {call …}}
 * escapes to PostgreSQL's {@code $n}), {@link io.sluice.sql.MultiRowInsert} (one {@code INSERT …
 * VALUES} row repeated into a multi-row statement) and {@link io.sluice.sql.Identifiers} (quoting a
 * name so the server reads it back unchanged). The JDBC driver and the Clojure API build on them;
 * applications rarely need them, and {@code io.sluice} is the place to start.
 */
package io.sluice.sql;

package io.sluice.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What the metadata needs to know about the server and that cannot change during a session, read
 * in one query: {@code server_version} and {@code server_version_num} (major × 10000 + minor since
 * PostgreSQL 10), the name and index limits the server was built with (NAMEDATALEN - 1, {@code
 * INDEX_MAX_KEYS}), {@code max_connections}, and the keywords JDBC asks for.
 */
record ServerFacts(String version, int versionNumber, int maxIdentifierLength, int maxIndexKeys,
    int maxConnections, String keywords) {

  private static final String QUERY = "SELECT pg_catalog.current_setting('server_version'),"
      + " pg_catalog.current_setting('server_version_num')::int4,"
      + " pg_catalog.current_setting('max_identifier_length')::int4,"
      + " pg_catalog.current_setting('max_index_keys')::int4,"
      + " pg_catalog.current_setting('max_connections')::int4,"
      // every keyword of the server's grammar, reserved or not, in lower case as pg_get_keywords gives them
      + " (SELECT pg_catalog.string_agg(k.word, ',' ORDER BY k.word COLLATE pg_catalog.\"C\")"
      + "  FROM pg_catalog.pg_get_keywords() k)";

  int majorVersion() {
    return versionNumber / 10000;
  }

  int minorVersion() {
    return versionNumber % 10000;
  }

  static ServerFacts read(Connection connection) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(QUERY);
        ResultSet row = statement.executeQuery()) {
      if (!row.next()) {
        throw new SQLException("the server facts query returned no row");
      }
      return new ServerFacts(row.getString(1), row.getInt(2), row.getInt(3), row.getInt(4), row.getInt(5),
          notStandard(row.getString(6)));
    }
  }

  /**
   * getSQLKeywords lists "all of this database's SQL keywords that are NOT also SQL:2003
   * keywords" (its Javadoc): reserved or not, on either side.
   */
  static String notStandard(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(","))
        .filter(word -> !Sql2003Keywords.contains(word))
        .collect(Collectors.joining(","));
  }
}

package io.sluice;

import io.sluice.protocol.CommandTags;
import java.util.List;

/**
 * The result of one statement run through the simple query protocol: column names, rows as text
 * (a {@code null} element is SQL NULL) and the command tag. Meant for administration and scripts;
 * queries with parameters and binary rows go through the extended protocol.
 *
 * @param columns column names, empty for statements that return no rows
 * @param rows each row's values in the server's text format
 * @param commandTag e.g. {@code SELECT 3}, {@code INSERT 0 1}, {@code CREATE TABLE}; empty for an
 *     empty query
 */
public record SimpleResult(List<String> columns, List<List<String>> rows, String commandTag) {
  public SimpleResult {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /** The row count of the command tag ({@code INSERT 0 5} → 5), or -1 when it has none. */
  public long rowCount() {
    return CommandTags.rowCount(commandTag);
  }
}

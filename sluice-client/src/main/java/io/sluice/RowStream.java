package io.sluice;

import java.util.Iterator;
import java.util.List;

/**
 * Rows fetched from the server {@code fetchSize} at a time (a portal suspended between chunks), so
 * that a result of any size is read in constant memory at the pace of the consumer. Made by
 * {@link Connection#stream}; must be closed. While it is open, the connection writes nothing else
 * (other callers' requests wait), so use a dedicated connection for long streams.
 *
 * <p>A {@link Row} from the iterator is valid until the next chunk is fetched.
 */
public interface RowStream extends Iterable<Row>, AutoCloseable {
  /** The rows, each decoded as it is read; a row is valid until the next one is asked for. */
  @Override
  Iterator<Row> iterator();

  /** The result's columns, known before the first row (empty for a statement without rows). */
  List<Column> columns();

  /** Rows handed out so far. */
  long rowsRead();

  /** The command tag once every row was read (e.g. {@code SELECT 1000}), else null. */
  String commandTag();

  /** Closes the portal (early if rows remain); the connection is then free for other requests. */
  @Override
  void close();
}

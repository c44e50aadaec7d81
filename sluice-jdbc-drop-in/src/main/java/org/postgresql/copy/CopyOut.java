package org.postgresql.copy;

import java.sql.SQLException;

/** A {@code COPY … TO STDOUT} read piece by piece; see {@link CopyManager#copyOut(String)}. */
public interface CopyOut extends CopyOperation {
  /** The next row's bytes (one CopyData), or null at the end. */
  byte[] readFromCopy() throws SQLException;

  /** As {@link #readFromCopy()}: the data is already here, so {@code block} changes nothing. */
  byte[] readFromCopy(boolean block) throws SQLException;
}

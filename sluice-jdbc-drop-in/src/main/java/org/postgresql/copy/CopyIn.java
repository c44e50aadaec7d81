package org.postgresql.copy;

import java.sql.SQLException;

/** A {@code COPY … FROM STDIN} fed in chunks; see {@link CopyManager#copyIn(String)}. */
public interface CopyIn extends CopyOperation {
  /** Sends bytes in the COPY's format; rows may be split across calls anywhere. */
  void writeToCopy(byte[] buf, int off, int siz) throws SQLException;

  /** Sends the bytes {@code from} writes, {@code from.getLength()} of them. */
  void writeToCopy(org.postgresql.util.ByteStreamWriter from) throws SQLException;

  /** Nothing to do: Sluice sends what it was given as it goes. */
  void flushCopy() throws SQLException;

  /** Ends the data and waits for the server; returns the rows copied. */
  long endCopy() throws SQLException;
}

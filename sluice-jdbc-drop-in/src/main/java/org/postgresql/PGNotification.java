package org.postgresql;

/** A NOTIFY received, as pgjdbc's {@link PGConnection#getNotifications()} returns it. */
public interface PGNotification {
  /** The channel. */
  String getName();

  /** The server process of the session that sent it. */
  int getPID();

  /** The payload, {@code ""} when none was given. */
  String getParameter();
}

package org.postgresql.core;

/** A PostgreSQL server version, as pgjdbc compares them: {@code 150018} for 15.18, {@code 90605} for 9.6.5. */
public interface Version {
  /** The version as server_version_num writes it. */
  int getVersionNum();

  /** The major version: 15 for 15.18, 9 for 9.6.5. */
  int getMajorVersionNumber();
}

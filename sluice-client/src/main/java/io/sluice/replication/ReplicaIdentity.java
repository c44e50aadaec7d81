package io.sluice.replication;

/**
 * What a table sends of a row's old values on UPDATE and DELETE ({@code ALTER TABLE … REPLICA
 * IDENTITY}, {@code pg_class.relreplident}).
 */
public enum ReplicaIdentity {
  /** The primary key's columns ({@code d}). */
  DEFAULT,
  /** Nothing ({@code n}): UPDATE and DELETE cannot be published. */
  NOTHING,
  /** The whole old row ({@code f}). */
  FULL,
  /** The columns of a chosen unique index ({@code i}). */
  INDEX;

  /** The {@code relreplident} letter as pgoutput sends it in a Relation message. */
  public static ReplicaIdentity of(char letter) {
    return switch (letter) {
      case 'd' -> DEFAULT;
      case 'n' -> NOTHING;
      case 'f' -> FULL;
      case 'i' -> INDEX;
      default -> throw new IllegalArgumentException("unknown replica identity '" + letter + "'");
    };
  }
}

package io.sluice.replication;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What {@link ReplicationConnection#start} streams and how: {@code START_REPLICATION SLOT … LOGICAL}
 * with pgoutput's options, the acknowledgement mode, the buffer and the timers. Immutable; each
 * {@code with…} returns a changed copy. Start from {@link #of}.
 *
 * @param slot the logical slot to stream from (made with {@link ReplicationConnection#createSlot})
 * @param publications the publications whose tables are streamed ({@code CREATE PUBLICATION}, your
 *     SQL)
 * @param startAt where to start: {@link Lsn#ZERO} for where the slot is (its {@code
 *     confirmed_flush_lsn}), or the last acknowledged position to resume exactly from it (a
 *     position before the slot's is moved up to it by the server)
 * @param protocolVersion pgoutput's {@code proto_version}, or 0 for the newest the server has (1 on
 *     PostgreSQL 10–13, 2 on 14, 3 on 15, 4 on 16 and later)
 * @param binary values in the binary format ({@code binary 'true'}, PostgreSQL 14+); null: where
 *     the server supports it
 * @param messages deliver {@code pg_logical_emit_message} messages ({@code messages 'true'},
 *     PostgreSQL 14+)
 * @param streaming stream large transactions while they are in progress ({@code streaming 'on'},
 *     protocol 2+, PostgreSQL 14+); null: where the server supports it
 * @param ackMode who acknowledges
 * @param maxBufferedMessages how many decoded changes may wait for the application; past it the
 *     stream stops reading from the server (back-pressure), and the server waits
 * @param maxBufferedBytes how many bytes of changes may wait (a change is admitted into an empty
 *     buffer whatever its size)
 * @param statusInterval how often a standby status update reports the positions, whatever the
 *     application is doing (it keeps the session alive past {@code wal_sender_timeout}); 0: never
 *     on a timer, only when the server asks
 * @param receiveTimeout how long the server may be silent, with a reply asked for, before the
 *     stream fails ({@code wal_receiver_timeout}'s role); 0: no limit
 * @param twoPhase decode prepared transactions at {@code PREPARE TRANSACTION} ({@code two_phase
 *     'on'}, protocol 3+, PostgreSQL 15+): {@link Change.BeginPrepare} … {@link Change.Prepare}, then
 *     {@link Change.CommitPrepared} or {@link Change.RollbackPrepared}; without it a prepared
 *     transaction comes as an ordinary one at {@code COMMIT PREPARED}. Once a slot has streamed with
 *     it, the slot stays two-phase
 */
public record StreamOptions(String slot, List<String> publications, Lsn startAt, int protocolVersion, Boolean binary,
    boolean messages, Boolean streaming, AckMode ackMode, int maxBufferedMessages, long maxBufferedBytes,
    Duration statusInterval, Duration receiveTimeout, boolean twoPhase) {

  public StreamOptions {
    if (slot == null || slot.isEmpty()) {
      throw new IllegalArgumentException("a slot name is required");
    }
    publications = List.copyOf(publications);
    if (publications.isEmpty()) {
      throw new IllegalArgumentException("at least one publication is required (CREATE PUBLICATION … FOR TABLE …)");
    }
    for (String p : publications) {
      if (p.isEmpty() || p.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("not a publication name: \"" + p + "\"");
      }
    }
    Objects.requireNonNull(startAt, "startAt");
    Objects.requireNonNull(ackMode, "ackMode");
    if (protocolVersion < 0 || protocolVersion > 4) {
      throw new IllegalArgumentException("protocolVersion must be 1 to 4, or 0 for the server's newest; not "
          + protocolVersion);
    }
    if (maxBufferedMessages < 1) {
      throw new IllegalArgumentException("maxBufferedMessages must be at least 1, not " + maxBufferedMessages);
    }
    if (maxBufferedBytes < 1) {
      throw new IllegalArgumentException("maxBufferedBytes must be at least 1, not " + maxBufferedBytes);
    }
    if (statusInterval.isNegative() || receiveTimeout.isNegative()) {
      throw new IllegalArgumentException("statusInterval and receiveTimeout cannot be negative");
    }
  }

  /**
   * Streams {@code slot} for {@code publications}: from where the slot is, the newest protocol, binary,
   * messages and streaming where the server has them, manual acknowledgement, up to 1,024 changes or
   * 16 MiB buffered, a status update every 10 seconds, and a failure after 60 silent seconds.
   */
  public static StreamOptions of(String slot, String... publications) {
    return new StreamOptions(slot, List.of(publications), Lsn.ZERO, 0, null, true, null, AckMode.MANUAL, 1024,
        16L << 20, Duration.ofSeconds(10), Duration.ofSeconds(60), false);
  }

  public StreamOptions startAt(Lsn position) {
    return new StreamOptions(slot, publications, position, protocolVersion, binary, messages, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions protocolVersion(int version) {
    return new StreamOptions(slot, publications, startAt, version, binary, messages, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions binary(boolean on) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, on, messages, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions messages(boolean on) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, on, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions streaming(boolean on) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, messages, on, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions ackMode(AckMode mode) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, messages, streaming, mode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions twoPhase(boolean on) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, messages, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, receiveTimeout, on);
  }

  /** The buffer's bounds: changes and bytes waiting for the application. */
  public StreamOptions buffer(int messages, long bytes) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, this.messages, streaming, ackMode,
        messages, bytes, statusInterval, receiveTimeout, twoPhase);
  }

  public StreamOptions statusInterval(Duration interval) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, messages, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, interval, receiveTimeout, twoPhase);
  }

  public StreamOptions receiveTimeout(Duration timeout) {
    return new StreamOptions(slot, publications, startAt, protocolVersion, binary, messages, streaming, ackMode,
        maxBufferedMessages, maxBufferedBytes, statusInterval, timeout, twoPhase);
  }
}

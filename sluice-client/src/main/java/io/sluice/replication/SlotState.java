package io.sluice.replication;

/**
 * One row of {@code pg_replication_slots}, as far as a change stream needs it.
 *
 * @param name {@code slot_name}
 * @param plugin {@code plugin} ({@code pgoutput}), or null for a physical slot
 * @param slotType {@code logical} or {@code physical}
 * @param database {@code database}, or null for a physical slot
 * @param temporary {@code temporary}
 * @param active {@code active}: a session is streaming from it now
 * @param activePid {@code active_pid}, or 0
 * @param restartLsn {@code restart_lsn}: the oldest WAL the slot keeps, or null
 * @param confirmedFlushLsn {@code confirmed_flush_lsn}: what the consumer has confirmed, or null
 * @param walStatus {@code wal_status} ({@code reserved}, {@code extended}, {@code unreserved},
 *     {@code lost})
 */
public record SlotState(String name, String plugin, String slotType, String database, boolean temporary,
    boolean active, int activePid, Lsn restartLsn, Lsn confirmedFlushLsn, String walStatus) {}

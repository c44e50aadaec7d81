package io.sluice.internal.engine;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The parts of one connection's engine that {@link Admission} and {@link ReplyReader} share, built
 * once with the engine: nothing per request.
 *
 * @param outLock held while a request is encoded and queued, and while a cancel is sent
 * @param readLock held by the one thread reading replies
 */
record EngineParts(ServerSession session, ReentrantLock outLock, ReentrantLock readLock, Outbox outbox, Pin pin,
    PipelineSlots slots, WakeUps wakeUps, InFlightQueue queue) {}

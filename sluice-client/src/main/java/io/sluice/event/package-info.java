/**
 * The events a {@link io.sluice.event.EventListener} receives: immutable records, one per kind, made
 * only when a listener is set. A start record is handed to the listener on the caller's thread
 * before the work begins; the matching end record carries that start record and the listener's
 * token. None of them ever holds a parameter value, a password or a token.
 */
package io.sluice.event;

package io.sluice;

/**
 * A NOTIFY received by a {@link Notifications}.
 *
 * @param channel the channel it was sent on
 * @param payload the payload ({@code ""} when none was given)
 * @param processId the server process of the session that sent it
 */
public record Notification(String channel, String payload, int processId) {}

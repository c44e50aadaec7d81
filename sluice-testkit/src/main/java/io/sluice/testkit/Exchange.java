package io.sluice.testkit;

import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrontendMessage;
import java.util.List;

/**
 * What a client sent up to and including a Sync or Flush (the point where PostgreSQL sends what
 * it has), with the replies PostgreSQL would send, computed by a {@link FakeBackend}.
 *
 * @param sql the SQL of the statement the exchange prepares or runs, or null
 */
public record Exchange(List<FrontendMessage> messages, List<BackendMessage> replies, String sql) {
  public Exchange {
    messages = List.copyOf(messages);
    replies = List.copyOf(replies);
  }

  /** Whether it runs a statement (has an Execute). */
  public boolean executes() {
    return messages.stream().anyMatch(m -> m instanceof FrontendMessage.Execute);
  }

  /** Whether it prepares a statement (Parse with Describe of the statement). */
  public boolean prepares() {
    return messages.stream().anyMatch(m -> m instanceof FrontendMessage.Describe d && d.kind() == 'S');
  }

  /** Whether it runs {@code sql}. */
  public boolean executes(String sql) {
    return executes() && sql.equals(this.sql);
  }

  /** The correct replies, each message's bytes on its own. */
  public List<byte[]> frames() {
    return Replies.frames(replies);
  }

  /** The correct replies as one byte array. */
  public byte[] bytes() {
    return Replies.bytes(replies);
  }
}

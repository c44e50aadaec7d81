package io.sluice.internal;

import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SimpleResult;
import io.sluice.SluiceException.Outcome;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.*;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The operations the public {@code Connection} performs on its session. Callers hold the
 * connection's lock.
 */
public final class SessionAccess {
  private SessionAccess() {}

  public static Map<String, String> parameters(ServerSession s) {
    return s.parameters;
  }

  public static int processId(ServerSession s) {
    return s.processId;
  }

  public static int protocolVersion(ServerSession s) {
    return s.protocolVersion;
  }

  public static String tlsProtocol(ServerSession s) {
    return s.transport.tlsProtocol();
  }

  public static boolean gssEncrypted(ServerSession s) {
    return s.transport.isGssEncrypted();
  }


  public static String describe(ServerSession s) {
    return s.transport.describe();
  }

  /** Who and where the session is, for events and notice handlers. */
  public static io.sluice.event.ConnectionInfo connectionInfo(ServerSession s) {
    return new io.sluice.event.ConnectionInfo(s.endpoint, s.connectParams.database(), s.connectParams.user(),
        s.processId);
  }

  /** Where NotificationResponses go, on the thread that reads them. */
  public static void onNotification(ServerSession s, java.util.function.Consumer<BackendMessage.NotificationResponse> h) {
    s.notificationHandler = h;
  }

  /** Where NoticeResponses go (their fields), on the thread that reads them. */
  public static void onNotice(ServerSession s, java.util.function.Consumer<Map<Character, String>> h) {
    s.noticeHandler = h;
  }
}

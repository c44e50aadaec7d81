package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.net.Transport;
import io.sluice.protocol.BackendMessage.NoticeResponse;
import io.sluice.protocol.BackendMessage.NotificationResponse;
import io.sluice.protocol.BackendMessage.ParameterStatus;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.MessageTracer;
import io.sluice.protocol.ProtocolException;
import io.sluice.protocol.TransactionStatus;
import io.sluice.protocol.WireWriter;
import java.io.EOFException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One server session's I/O: the transport, the frame reader, the output buffer, and what the
 * server told us about itself (parameters, cancel key). Messages that can arrive at any time —
 * NoticeResponse, NotificationResponse, ParameterStatus — are handled here before any state
 * dispatch, so callers only see the messages of their own request.
 *
 * <p>Not thread-safe: the connection above serialises access.
 */
public final class ServerSession {
  private static final System.Logger LOG = System.getLogger("io.sluice.connection");

  public final Transport transport;
  public final FrameReader reader;
  final WireWriter out = new WireWriter(16 * 1024);
  public final Map<String, String> parameters = new ConcurrentHashMap<>();
  private final MessageTracer.Sink trace;
  volatile Consumer<Map<Character, String>> noticeHandler = ServerSession::logNotice;
  volatile Consumer<NotificationResponse> notificationHandler = n -> {};
  public volatile java.util.function.BiConsumer<String, String> parameterListener = (k, v) -> {};
  /** Where this session is, for cancel requests. */
  io.sluice.HostPort endpoint;
  private String database;
  private String user;
  /** Sends this session's CancelRequest: set by whoever connected it, which knows how to reach the server again. */
  private volatile CancelSender canceller = (session, timeoutNanos) -> false;
  public int processId;
  public byte[] secretKey;
  public int protocolVersion;
  /** How the server authenticated us, once it has (for connect events). */
  public io.sluice.protocol.auth.AuthMethod authMethod;
  /** Written by whichever thread reads a ReadyForQuery, read by others: volatile. */
  public volatile TransactionStatus transactionStatus = TransactionStatus.IDLE;
  private volatile boolean broken;

  public ServerSession(Transport transport, int maxMessageSize, MessageTracer.Sink trace) {
    this.transport = transport;
    this.reader = new FrameReader(transport, maxMessageSize, 64 * 1024);
    this.trace = trace;
  }

  /** The server's run-time parameters as its last ParameterStatus for each reported them. */
  public Map<String, String> parameters() {
    return parameters;
  }

  /** The backend's process id (BackendKeyData). */
  public int processId() {
    return processId;
  }

  /** The protocol version the server accepted, {@code major << 16 | minor}. */
  public int protocolVersion() {
    return protocolVersion;
  }

  /** The TLS protocol in use ("TLSv1.3"), or null on a plain session. */
  public String tlsProtocol() {
    return transport.tlsProtocol();
  }

  /** Whether the session runs inside GSSAPI encryption (gssencmode). */
  public boolean gssEncrypted() {
    return transport.isGssEncrypted();
  }

  /** Where the session goes, for messages: host, port, TLS. */
  public String describe() {
    return transport.describe();
  }

  /** Who and where the session is, for events and notice handlers. */
  public io.sluice.event.ConnectionInfo connectionInfo() {
    return new io.sluice.event.ConnectionInfo(endpoint, database, user, processId);
  }

  /** Where this session is and who signed in, for cancel requests, events and notice handlers. */
  public void identify(io.sluice.HostPort endpoint, String database, String user, CancelSender canceller) {
    this.endpoint = endpoint;
    this.database = database;
    this.user = user;
    this.canceller = canceller;
  }

  /** Where this session is, for cancel requests. */
  public io.sluice.HostPort endpoint() {
    return endpoint;
  }

  /** The key of this session's cancel requests (BackendKeyData), or null before the server sent it. */
  public byte[] secretKey() {
    return secretKey;
  }

  /**
   * Asks the server, on a connection of its own, to cancel what this session runs; whether the
   * server acknowledged within {@code timeoutNanos}.
   */
  public boolean cancel(long timeoutNanos) {
    return canceller.send(this, timeoutNanos);
  }

  /** How a session's CancelRequest reaches its server (the connect path knows: TLS, GSS, the address). */
  @FunctionalInterface
  public interface CancelSender {
    boolean send(ServerSession session, long timeoutNanos);
  }

  /** Where NotificationResponses go, on the thread that reads them. */
  public void onNotification(Consumer<NotificationResponse> handler) {
    notificationHandler = handler;
  }

  /** Where NoticeResponses go (their fields), on the thread that reads them. */
  public void onNotice(Consumer<Map<Character, String>> handler) {
    noticeHandler = handler != null ? handler : ServerSession::logNotice;
  }

  /** Encodes a message into the output buffer (not yet sent). */
  void queue(FrontendMessage m) {
    if (trace != null) {
      trace.trace(MessageTracer.DEFAULT.format(m));
    }
    m.encode(out);
  }

  /** Writes everything queued in one write. */
  void flush(Outcome ifFails) {
    try {
      if (out.size() > 0) {
        transport.write(out.array(), 0, out.size());
      }
    } catch (IOException e) {
      throw fail("could not write to the server", ifFails, e);
    } finally {
      out.reset();
    }
  }

  public void send(FrontendMessage m, Outcome ifFails) {
    queue(m);
    flush(ifFails);
  }

  /**
   * Reads the next message that belongs to the current request, handling asynchronous messages on
   * the way. An ErrorResponse is returned like any other message; the caller decides.
   */
  public BackendMessage next(Outcome ifFails) {
    while (true) {
      BackendMessage m;
      try {
        reader.next();
        m = reader.decode();
      } catch (EOFException e) {
        throw fail(e.getMessage(), ifFails, e);
      } catch (IOException e) {
        throw fail("could not read from the server: " + e.getMessage(), ifFails, e);
      } catch (ProtocolException e) {
        broken = true;
        transport.close();
        throw new ProtocolViolationException("protocol violation from the server, connection closed: "
            + e.getMessage(), ifFails, e);
      }
      if (trace != null) {
        trace.trace(MessageTracer.DEFAULT.format(m));
      }
      if (!asynchronous(m)) {
        return m;
      }
    }
  }

  /**
   * Handles a message that may arrive at any time: NoticeResponse, NotificationResponse,
   * ParameterStatus. Returns false for any other message. A notice announcing that the server is
   * shutting down ({@code 57P01}, {@code 57P02} — sent as a WARNING to the other backends when one
   * crashed) is connection-fatal whatever its severity.
   */
  public boolean asynchronous(BackendMessage m) {
    switch (m) {
      case NoticeResponse n -> {
        ServerException asError = new ServerException(n.fields());
        if (asError.isConnectionFatal()) {
          broken = true;
          transport.close();
          throw new ConnectionException("the server is shutting down: " + asError.getMessage(), Outcome.UNKNOWN, asError);
        }
        noticeHandler.accept(n.fields());
        return true;
      }
      case NotificationResponse n -> {
        notificationHandler.accept(n);
        return true;
      }
      case ParameterStatus p -> {
        parameterChanged(p);
        return true;
      }
      default -> {
        return false;
      }
    }
  }

  private void parameterChanged(ParameterStatus p) {
    parameters.put(p.name(), p.value());
    parameterListener.accept(p.name(), p.value());
    if (p.name().equals("client_encoding") && !p.value().equalsIgnoreCase("UTF8")) {
      broken = true;
      transport.close();
      throw new ConnectionException("client_encoding was changed to " + p.value()
          + "; Sluice speaks UTF8 only, so the connection was closed", Outcome.UNKNOWN);
    }
  }

  ConnectionException fail(String message, Outcome outcome, Throwable cause) {
    broken = true;
    transport.close();
    return new ConnectionException(message + " (" + transport.describe() + ")", outcome, cause);
  }

  public boolean isBroken() {
    return broken || !transport.isOpen();
  }

  public void markBroken() {
    broken = true;
    transport.close();
  }

  public static void logNotice(Map<Character, String> fields) {
    if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
      LOG.log(System.Logger.Level.DEBUG, "server notice: {0}: {1}", fields.get('S'), fields.get('M'));
    }
  }
}

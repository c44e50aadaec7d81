package io.sluice.internal.engine;

import io.sluice.ConnectionException;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
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
import java.util.function.BiConsumer;
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

  private final Transport transport;
  private final FrameReader reader;
  final WireWriter out = new WireWriter(16 * 1024);
  private final Map<String, String> parameters = new ConcurrentHashMap<>();
  private final Map<String, String> parametersView = java.util.Collections.unmodifiableMap(parameters);
  private final MessageTracer.Sink trace;
  private final ConnectionState state = new ConnectionState();
  private volatile Consumer<Map<Character, String>> noticeHandler = ServerSession::logNotice;
  private volatile Consumer<NotificationResponse> notificationHandler = n -> {};
  private volatile BiConsumer<String, String> parameterListener = (k, v) -> {};
  /** Where this session is, for cancel requests. */
  private io.sluice.HostPort endpoint;
  private String database;
  private String user;
  /** Sends this session's CancelRequest: set by whoever connected it, which knows how to reach the server again. */
  private volatile CancelSender canceller = (session, timeoutNanos) -> false;
  private int processId;
  private byte[] secretKey;
  private int protocolVersion;
  /** How the server authenticated us, once it has (for connect events). */
  private io.sluice.protocol.auth.AuthMethod authMethod;
  /** Written by whichever thread reads a ReadyForQuery ({@link #readyForQuery}), read by others: volatile. */
  private volatile TransactionStatus transactionStatus = TransactionStatus.IDLE;

  public ServerSession(Transport transport, int maxMessageSize, MessageTracer.Sink trace) {
    this.transport = transport;
    this.reader = new FrameReader(transport, maxMessageSize, 64 * 1024);
    this.trace = trace;
  }

  /** The server's run-time parameters as its last ParameterStatus for each reported them (a live, read-only view). */
  public Map<String, String> parameters() {
    return parametersView;
  }

  /** The backend's process id (BackendKeyData). */
  public int processId() {
    return processId;
  }

  /** The protocol version the server accepted, {@code major << 16 | minor}. */
  public int protocolVersion() {
    return protocolVersion;
  }

  /** The protocol version asked for in the StartupMessage, then the one the server offered back (NegotiateProtocolVersion). */
  public void protocolVersion(int version) {
    this.protocolVersion = version;
  }

  /** BackendKeyData: who this session is for cancel requests. */
  public void keyData(int processId, byte[] secretKey) {
    this.processId = processId;
    this.secretKey = secretKey;
  }

  /** How the server authenticated us, or null before it has. */
  public io.sluice.protocol.auth.AuthMethod authMethod() {
    return authMethod;
  }

  /** The server accepted our credentials by {@code method}. */
  public void authenticated(io.sluice.protocol.auth.AuthMethod method) {
    this.authMethod = method;
  }

  /** The transaction status of the last ReadyForQuery. */
  public TransactionStatus transactionStatus() {
    return transactionStatus;
  }

  /**
   * A ReadyForQuery was read: the one place the transaction status is written (the engine's
   * dispatcher, {@link #next} for the start-up and replication exchanges).
   */
  void readyForQuery(TransactionStatus status) {
    transactionStatus = status;
  }

  /**
   * The frame reader, for the parts that read frames in place past {@link #next}, for speed: the
   * engine's reply reader, a replication stream's CopyData.
   */
  public FrameReader frames() {
    return reader;
  }

  /** The transport under the session, for the parts that speak to it before the engine runs (start-up, cancel). */
  public Transport transport() {
    return transport;
  }

  /** Whether the connection can be used, and why not: see {@link ConnectionState}. */
  public ConnectionState state() {
    return state;
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

  /** Who hears of each ParameterStatus (name, value), on the thread that reads it. */
  public void onParameterChange(BiConsumer<String, String> listener) {
    parameterListener = listener;
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
        ProtocolViolationException v = new ProtocolViolationException("protocol violation from the server, "
            + "connection closed: " + e.getMessage(), ifFails, e);
        broke(v);
        throw v;
      }
      if (trace != null) {
        trace.trace(MessageTracer.DEFAULT.format(m));
      }
      if (m instanceof BackendMessage.ReadyForQuery r) {
        readyForQuery(r.status());
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
          ConnectionException e = new ConnectionException("the server is shutting down: " + asError.getMessage(),
              Outcome.UNKNOWN, asError);
          broke(e);
          throw e;
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
      ConnectionException e = new ConnectionException("client_encoding was changed to " + p.value()
          + "; Sluice speaks UTF8 only, so the connection was closed", Outcome.UNKNOWN);
      broke(e);
      throw e;
    }
  }

  ConnectionException fail(String message, Outcome outcome, Throwable cause) {
    ConnectionException e = new ConnectionException(message + " (" + transport.describe() + ")", outcome, cause);
    broke(e);
    return e;
  }

  /**
   * Whether no request can be admitted: the state left OPEN, or the socket closed under it (a
   * transport that found its peer gone closes itself).
   */
  public boolean isBroken() {
    return !state.isOpen() || !transport.isOpen();
  }

  /** Whether replies may still be read: open, or a write failed and the server's last words may be waiting. */
  public boolean isReadable() {
    return state.phase().readable() && transport.isOpen();
  }

  /** The connection failed with {@code cause} ({@link ConnectionState#broke}); closes the socket. Returns the cause it holds. */
  public SluiceException broke(SluiceException cause) {
    SluiceException held = state.broke(cause);
    transport.close();
    return held;
  }

  /** As {@link #broke}, for a failure whose caller reports it itself (a failed start-up, a replication stream's end). */
  public void markBroken() {
    broke(new ConnectionException("the connection failed and was closed (" + transport.describe() + ")",
        Outcome.UNKNOWN));
  }

  public static void logNotice(Map<Character, String> fields) {
    if (LOG.isLoggable(System.Logger.Level.DEBUG)) {
      LOG.log(System.Logger.Level.DEBUG, "server notice: {0}: {1}", fields.get('S'), fields.get('M'));
    }
  }
}

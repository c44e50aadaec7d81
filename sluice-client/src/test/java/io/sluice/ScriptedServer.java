package io.sluice;

import io.sluice.protocol.BackendEncoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.WireWriter;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A server on loopback that completes startup like PostgreSQL, then answers each batch of
 * frontend messages (up to a Sync or a simple Query) with the bytes its {@link Replies} give: the
 * request path of a real exchange, with whatever the test wants the server to get wrong.
 * Connections that are not a startup (a CancelRequest) are read and dropped.
 */
final class ScriptedServer implements AutoCloseable {
  /** One frontend message as received: its type byte and its body. */
  record Received(char type, byte[] body) {
    /** For Describe and Close: 'S' (statement) or 'P' (portal). */
    char target() {
      return (char) body[0];
    }
  }

  /** The bytes to answer a batch of messages with; the ReadyForQuery after a Sync is added. */
  interface Replies {
    void answer(List<Received> batch, ByteArrayOutputStream out) throws IOException;
  }

  private static final int SSL_REQUEST = 80877103;
  private static final int GSS_REQUEST = 80877104;
  private static final int CANCEL_REQUEST = 80877102;

  private final ServerSocket server;
  private final Thread acceptor;

  ScriptedServer(Replies replies) throws IOException {
    server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
    acceptor = Thread.ofVirtual().start(() -> {
      while (!server.isClosed()) {
        try {
          Socket s = server.accept();
          Thread.ofVirtual().start(() -> serve(s, replies));
        } catch (IOException closed) {
          return;
        }
      }
    });
  }

  String url() {
    return "host=127.0.0.1 port=" + server.getLocalPort()
        + " user=u dbname=d sslmode=disable connect_timeout=5 query_timeout=10";
  }

  private static void serve(Socket s, Replies replies) {
    try (s) {
      s.setSoTimeout(20_000);
      DataInputStream in = new DataInputStream(s.getInputStream());
      OutputStream out = s.getOutputStream();
      int code;
      while (true) {
        int len = in.readInt();
        code = in.readInt();
        in.skipNBytes(len - 8);
        if (code == SSL_REQUEST || code == GSS_REQUEST) {
          out.write('N');
          continue;
        }
        break;
      }
      if (code == CANCEL_REQUEST) {
        return;
      }
      send(out, BackendMessage.AuthenticationOk.INSTANCE,
          new BackendMessage.ParameterStatus("client_encoding", "UTF8"),
          new BackendMessage.ParameterStatus("server_version", "17.0"),
          new BackendMessage.ParameterStatus("TimeZone", "UTC"),
          new BackendMessage.ParameterStatus("DateStyle", "ISO, MDY"),
          new BackendMessage.ParameterStatus("integer_datetimes", "on"),
          new BackendMessage.ParameterStatus("standard_conforming_strings", "on"),
          new BackendMessage.BackendKeyData(7, new byte[] {1, 2, 3, 4}),
          new BackendMessage.ReadyForQuery((byte) 'I'));
      List<Received> batch = new ArrayList<>();
      while (true) {
        char type = (char) in.readUnsignedByte();
        byte[] body = new byte[in.readInt() - 4];
        in.readFully(body);
        if (type == 'X') {
          return;
        }
        batch.add(new Received(type, body));
        if (type == 'S' || type == 'Q') {
          ByteArrayOutputStream reply = new ByteArrayOutputStream();
          replies.answer(batch, reply);
          reply.write(BackendEncoder.toBytes(new BackendMessage.ReadyForQuery((byte) 'I')));
          out.write(reply.toByteArray());
          out.flush();
          batch.clear();
        }
      }
    } catch (IOException hungUp) {
      // the client closed the connection, as it may
    }
  }

  static void send(OutputStream out, BackendMessage... ms) throws IOException {
    for (BackendMessage m : ms) {
      out.write(BackendEncoder.toBytes(m));
    }
  }

  /**
   * The usual answers to an extended-protocol batch: ParseComplete, BindComplete, CloseComplete; a
   * Describe gets no parameters and {@code columns}; an Execute gets {@code rows} and then
   * {@code tag}. Column names and the tag are raw bytes, so that they can be invalid UTF-8.
   */
  static Replies rows(List<Column> columns, List<byte[][]> rows, byte[] tag) {
    return (batch, out) -> {
      for (Received m : batch) {
        switch (m.type()) {
          case 'P' -> out.write(BackendEncoder.toBytes(BackendMessage.ParseComplete.INSTANCE));
          case 'B' -> out.write(BackendEncoder.toBytes(BackendMessage.BindComplete.INSTANCE));
          case 'C' -> out.write(BackendEncoder.toBytes(BackendMessage.CloseComplete.INSTANCE));
          case 'D' -> {
            if (m.target() == 'S') {
              out.write(BackendEncoder.toBytes(new BackendMessage.ParameterDescription(new int[0])));
            }
            out.write(rowDescription(columns));
          }
          case 'E' -> {
            for (byte[][] r : rows) {
              out.write(BackendEncoder.toBytes(new BackendMessage.DataRow(r)));
            }
            out.write(message('C', tag, new byte[] {0}));
          }
          default -> { }
        }
      }
    };
  }

  /** A column of a scripted RowDescription, its name as raw bytes. */
  record Column(byte[] name, int typeOid, int typeSize) {
    Column(String name, int typeOid, int typeSize) {
      this(name.getBytes(java.nio.charset.StandardCharsets.UTF_8), typeOid, typeSize);
    }
  }

  static byte[] rowDescription(List<Column> columns) {
    WireWriter w = new WireWriter();
    int at = w.begin((byte) 'T');
    w.int16(columns.size());
    for (Column c : columns) {
      w.cstring(c.name()).int32(0).int16(0).int32(c.typeOid()).int16(c.typeSize()).int32(-1).int16(0);
    }
    w.end(at);
    return w.toByteArray();
  }

  /** A backend message of {@code type} whose body is {@code parts}, one after the other. */
  static byte[] message(char type, byte[]... parts) {
    WireWriter w = new WireWriter();
    int at = w.begin((byte) type);
    for (byte[] p : parts) {
      w.bytes(p);
    }
    w.end(at);
    return w.toByteArray();
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}

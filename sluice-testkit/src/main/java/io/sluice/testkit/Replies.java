package io.sluice.testkit;

import io.sluice.protocol.BackendEncoder;
import io.sluice.protocol.BackendMessage;
import io.sluice.protocol.BackendMessage.DataRow;
import io.sluice.protocol.BackendMessage.ErrorResponse;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.BackendMessage.NoticeResponse;
import io.sluice.protocol.ErrorFields;
import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireWriter;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Builds what a fake server sends: the message records of {@link BackendMessage}, their bytes,
 * and hand-made frames for what the records cannot express (a DataRow whose lengths lie, a
 * CommandComplete without its NUL).
 */
public final class Replies {
  private Replies() {}

  /** Result columns of type text, in text format (as a Describe of the statement reports them). */
  public static List<Field> textColumns(List<String> names) {
    List<Field> fields = new ArrayList<>(names.size());
    for (String n : names) {
      fields.add(new Field(n, 0, (short) 0, FakeDatabase.TEXT, (short) -1, -1, (short) 0));
    }
    return fields;
  }

  public static List<Field> textColumns(String... names) {
    return textColumns(List.of(names));
  }

  /** A DataRow of text values; {@code null} for NULL. */
  public static DataRow row(String... values) {
    return row(java.util.Arrays.asList(values));
  }

  public static DataRow row(List<String> values) {
    byte[][] v = new byte[values.size()][];
    for (int i = 0; i < v.length; i++) {
      String s = values.get(i);
      v[i] = s == null ? null : Utf8.encode(s);
    }
    return new DataRow(v);
  }

  /** The fields PostgreSQL sends for an error: severity (both forms), SQLSTATE, message. */
  public static Map<Character, String> errorFields(String severity, String sqlState, String message) {
    Map<Character, String> f = new LinkedHashMap<>();
    f.put(ErrorFields.SEVERITY, severity);
    f.put(ErrorFields.SEVERITY_NONLOCALIZED, severity);
    f.put(ErrorFields.SQLSTATE, sqlState);
    f.put(ErrorFields.MESSAGE, message);
    return f;
  }

  public static ErrorResponse error(String sqlState, String message) {
    return new ErrorResponse(errorFields("ERROR", sqlState, message));
  }

  /** A FATAL error: the server ends the session after sending it (e.g. 57P01 admin_shutdown). */
  public static ErrorResponse fatal(String sqlState, String message) {
    return new ErrorResponse(errorFields("FATAL", sqlState, message));
  }

  public static NoticeResponse notice(String message) {
    return new NoticeResponse(errorFields("NOTICE", "00000", message));
  }

  public static byte[] bytes(List<? extends BackendMessage> messages) {
    WireWriter w = new WireWriter(256);
    for (BackendMessage m : messages) {
      BackendEncoder.encode(m, w);
    }
    return w.toByteArray();
  }

  public static byte[] bytes(BackendMessage... messages) {
    return bytes(List.of(messages));
  }

  /** Each message's bytes on its own, in order. */
  public static List<byte[]> frames(List<? extends BackendMessage> messages) {
    List<byte[]> frames = new ArrayList<>(messages.size());
    for (BackendMessage m : messages) {
      frames.add(BackendEncoder.toBytes(m));
    }
    return frames;
  }

  /** A frame of this type whose body {@code body} writes; its length word is computed. */
  public static byte[] frame(char type, Consumer<WireWriter> body) {
    WireWriter w = new WireWriter(64);
    int at = w.begin((byte) type);
    body.accept(w);
    w.end(at);
    return w.toByteArray();
  }

  /** A frame with exactly this body, however wrong it is for the type. */
  public static byte[] frame(char type, byte[] body) {
    return frame(type, w -> w.bytes(body));
  }

  public static byte[] concat(List<byte[]> parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    parts.forEach(out::writeBytes);
    return out.toByteArray();
  }

  public static byte[] concat(byte[]... parts) {
    return concat(List.of(parts));
  }
}

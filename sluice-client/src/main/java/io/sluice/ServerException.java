package io.sluice;

import io.sluice.protocol.ErrorFields;
import java.util.Map;

/**
 * The server answered with an ErrorResponse. Carries every field the server sent; the request ran
 * and failed, so its effects were rolled back (unless it was one step of an explicit transaction,
 * which is then aborted). A {@code FATAL} or {@code PANIC} error also ends the connection.
 */
public class ServerException extends SluiceException {
  private final Map<Character, String> fields;

  public ServerException(Map<Character, String> fields) {
    this(fields, null);
  }

  public ServerException(Map<Character, String> fields, String context) {
    super(describe(fields, context), Outcome.SERVER_ERROR);
    this.fields = Map.copyOf(fields);
  }

  private static String describe(Map<Character, String> f, String context) {
    StringBuilder sb = new StringBuilder();
    sb.append(f.getOrDefault(ErrorFields.SEVERITY, "ERROR")).append(": ")
        .append(f.getOrDefault(ErrorFields.MESSAGE, "(no message)"))
        .append(" [SQLSTATE ").append(f.getOrDefault(ErrorFields.SQLSTATE, "?????")).append(']');
    String detail = f.get(ErrorFields.DETAIL);
    if (detail != null) {
      sb.append("\n  Detail: ").append(detail);
    }
    String hint = f.get(ErrorFields.HINT);
    if (hint != null) {
      sb.append("\n  Hint: ").append(hint);
    }
    String position = f.get(ErrorFields.POSITION);
    if (position != null) {
      sb.append("\n  Position: ").append(position);
    }
    String where = f.get(ErrorFields.WHERE);
    if (where != null) {
      sb.append("\n  Where: ").append(where);
    }
    if (context != null) {
      sb.append("\n  ").append(context);
    }
    return sb.toString();
  }

  /** Every field the server sent, keyed by its one-letter code (see {@link ErrorFields}). */
  public Map<Character, String> fields() {
    return fields;
  }

  /** The five-character SQLSTATE, e.g. {@code 23505}. */
  public String sqlState() {
    return fields.getOrDefault(ErrorFields.SQLSTATE, "");
  }

  /** The non-localized severity when the server sends it (9.6+), else the localized one. */
  public String severity() {
    return fields.getOrDefault(ErrorFields.SEVERITY_NONLOCALIZED, fields.getOrDefault(ErrorFields.SEVERITY, ""));
  }

  public String serverMessage() {
    return fields.getOrDefault(ErrorFields.MESSAGE, "");
  }

  public String detail() {
    return fields.get(ErrorFields.DETAIL);
  }

  public String hint() {
    return fields.get(ErrorFields.HINT);
  }

  /** The 1-based character position of the error in the SQL text, or 0. */
  public int position() {
    String p = fields.get(ErrorFields.POSITION);
    try {
      return p == null ? 0 : Integer.parseInt(p);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  public String where() {
    return fields.get(ErrorFields.WHERE);
  }

  public String schema() {
    return fields.get(ErrorFields.SCHEMA);
  }

  public String table() {
    return fields.get(ErrorFields.TABLE);
  }

  public String column() {
    return fields.get(ErrorFields.COLUMN);
  }

  public String dataType() {
    return fields.get(ErrorFields.DATA_TYPE);
  }

  public String constraint() {
    return fields.get(ErrorFields.CONSTRAINT);
  }

  /** What kind of failure this is, from the SQLSTATE class. */
  public SqlStateClass stateClass() {
    return SqlStateClass.of(sqlState());
  }

  /**
   * Whether the server is ending the connection: severity FATAL or PANIC, or a SQLSTATE that
   * announces a shutdown even at lower severity ({@code 57P01} admin shutdown, {@code 57P02} crash
   * shutdown, sent as a WARNING to other backends, {@code 57P03} cannot connect now).
   */
  public boolean isConnectionFatal() {
    String s = severity();
    if (s.equals("FATAL") || s.equals("PANIC")) {
      return true;
    }
    String state = sqlState();
    return state.equals("57P01") || state.equals("57P02") || state.equals("57P03");
  }
}

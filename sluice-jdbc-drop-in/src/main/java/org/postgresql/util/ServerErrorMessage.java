package org.postgresql.util;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * The fields of the server's ErrorResponse, by the names pgjdbc gives them (PostgreSQL docs, "Error
 * and Notice Message Fields"): what {@code PSQLException.getServerErrorMessage()} returns for an
 * error the server sent.
 */
public class ServerErrorMessage implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Map<Character, String> fields = new HashMap<>();

  /**
   * From the message's body as the protocol carries it: each field a one-letter code and its
   * text, ended by a NUL ({@code "SERROR\0C23505\0Mduplicate key…\0"}).
   */
  public ServerErrorMessage(String serverError) {
    for (String part : serverError.split("\0")) {
      if (part.length() > 1) {
        fields.put(part.charAt(0), part.substring(1));
      }
    }
  }

  public String getSQLState() {
    return fields.get('C');
  }

  public String getMessage() {
    return fields.get('M');
  }

  /** The severity, localized ({@code S}); {@code V}, never localized, when the server sent no {@code S}. */
  public String getSeverity() {
    return fields.getOrDefault('S', fields.get('V'));
  }

  public String getDetail() {
    return fields.get('D');
  }

  public String getHint() {
    return fields.get('H');
  }

  /** The error's position in the statement (1-based characters), 0 if none. */
  public int getPosition() {
    return number('P');
  }

  public String getWhere() {
    return fields.get('W');
  }

  public String getSchema() {
    return fields.get('s');
  }

  public String getTable() {
    return fields.get('t');
  }

  public String getColumn() {
    return fields.get('c');
  }

  public String getDatatype() {
    return fields.get('d');
  }

  public String getConstraint() {
    return fields.get('n');
  }

  public String getFile() {
    return fields.get('F');
  }

  /** The server's source line that raised it, 0 if none. */
  public int getLine() {
    return number('L');
  }

  public String getRoutine() {
    return fields.get('R');
  }

  public String getInternalQuery() {
    return fields.get('q');
  }

  public int getInternalPosition() {
    return number('p');
  }

  private int number(char code) {
    String s = fields.get(code);
    try {
      return s == null ? 0 : Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** As pgjdbc prints it: {@code ERROR: message}, then detail, hint, position and where on lines of their own. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    if (getSeverity() != null) {
      sb.append(getSeverity()).append(": ");
    }
    sb.append(fields.getOrDefault('M', ""));
    line(sb, "Detail", fields.get('D'));
    line(sb, "Hint", fields.get('H'));
    line(sb, "Position", fields.get('P'));
    line(sb, "Where", fields.get('W'));
    return sb.toString();
  }

  private static void line(StringBuilder sb, String label, String text) {
    if (text != null) {
      sb.append("\n  ").append(label).append(": ").append(text);
    }
  }
}

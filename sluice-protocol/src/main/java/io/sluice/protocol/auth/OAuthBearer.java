package io.sluice.protocol.auth;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The client's side of SASL {@code OAUTHBEARER} (RFC 7628) as PostgreSQL 18 speaks it (protocol
 * docs 54.3.2; server {@code src/backend/libpq/auth-oauth.c}), as pure functions: no I/O.
 *
 * <p>The exchange: the client's initial response is the GS2 header {@code n,,} (no channel
 * binding, no authorization identity: PostgreSQL refuses both), a key/value separator {@code
 * 0x01}, {@code auth=Bearer TOKEN}, and two separators. The server either accepts it
 * (AuthenticationOk; no AuthenticationSASLFinal) or answers AuthenticationSASLContinue with a JSON
 * error object ({@code status}, {@code openid-configuration}, {@code scope}); the client must then
 * send a single {@code 0x01} ({@link #FAILURE_ACK}) and the server ends with an ErrorResponse. An
 * empty {@code auth} value ({@link #discoveryResponse()}) asks only for that error object: the
 * discovery round, after which the connection fails and a client that got a token connects again.
 *
 * <p>Contract: no message built here and no exception thrown here contains the token.
 */
public final class OAuthBearer {
  private OAuthBearer() {}

  /** The SASL mechanism name. There is no {@code -PLUS} variant: OAUTHBEARER has no channel binding. */
  public static final String MECHANISM = "OAUTHBEARER";

  /** The one message a client may send after the server's error object (RFC 7628 section 3.2.3). */
  public static final byte FAILURE_ACK = 0x01;

  private static final char KVSEP = '\u0001';

  /** The most JSON nesting accepted in a server error (libpq: {@code MAX_SASL_NESTING_LEVEL}). */
  private static final int MAX_NESTING = 8;

  /** The client initial response presenting {@code token}: {@code n,,^Aauth=Bearer TOKEN^A^A}. */
  public static byte[] initialResponse(String token) {
    checkToken(token);
    return ("n,," + KVSEP + "auth=Bearer " + token + KVSEP + KVSEP).getBytes(StandardCharsets.US_ASCII);
  }

  /** The client initial response with an empty {@code auth} value: a discovery request. */
  public static byte[] discoveryResponse() {
    return ("n,," + KVSEP + "auth=" + KVSEP + KVSEP).getBytes(StandardCharsets.US_ASCII);
  }

  /** The message after a server error object: a single key/value separator. */
  public static byte[] failureAck() {
    return new byte[] {FAILURE_ACK};
  }

  /**
   * Checks that {@code token} is an RFC 6750 {@code b64token} (letters, digits, {@code -._~+/},
   * then any number of {@code =}), the only form PostgreSQL accepts. A token of another form would
   * be refused by the server without saying why; this says so first, without quoting the token.
   */
  public static void checkToken(String token) {
    if (token == null || token.isEmpty()) {
      throw new AuthExchangeException("the OAuth bearer token is empty");
    }
    int i = 0;
    int n = token.length();
    while (i < n && isB64TokenChar(token.charAt(i))) {
      i++;
    }
    if (i == 0) {
      throw new AuthExchangeException("the OAuth bearer token does not start with a letter, digit or one of -._~+/"
          + " (RFC 6750 b64token)");
    }
    while (i < n && token.charAt(i) == '=') {
      i++;
    }
    if (i != n) {
      throw new AuthExchangeException("the OAuth bearer token has a character at offset " + i
          + " that a bearer token cannot have (RFC 6750 b64token: letters, digits, -._~+/ and trailing =)");
    }
  }

  private static boolean isB64TokenChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/';
  }

  /**
   * The server's error object (RFC 7628 section 3.2.2), as PostgreSQL sends it in
   * AuthenticationSASLContinue after a discovery request or a refused token.
   *
   * @param status the error status, {@code invalid_token} from PostgreSQL
   * @param openidConfiguration the discovery document's URI, or null when absent
   * @param scope the space-separated scopes the server's {@code pg_hba.conf} line asks for, or null
   */
  public record ServerError(String status, String openidConfiguration, String scope) {

    /**
     * The issuer identifier the discovery URI stands for (RFC 8414 section 3.1: the {@code
     * /.well-known/openid-configuration} or {@code /.well-known/oauth-authorization-server}
     * segment removed), or null when there is no URI or it is not such a URI over HTTPS.
     */
    public String issuer() {
      return openidConfiguration == null ? null : issuerOf(openidConfiguration);
    }
  }

  /**
   * Parses the server's error object: a JSON object whose {@code status}, {@code scope} and
   * {@code openid-configuration} members, when present, are strings and appear once; other
   * members are ignored (RFC 7628 section 3.2.2), as libpq does. A missing {@code status}, bytes
   * that are not UTF-8, trailing data or nesting deeper than 8 levels are refused.
   */
  public static ServerError parseError(byte[] data) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(data)).toString();
    } catch (CharacterCodingException e) {
      throw new AuthExchangeException("the server's OAUTHBEARER error is not valid UTF-8");
    }
    ErrorParser p = new ErrorParser(text);
    p.parse();
    if (p.status == null) {
      throw new AuthExchangeException("the server's OAUTHBEARER error has no status");
    }
    return new ServerError(p.status, p.openidConfiguration, p.scope);
  }

  /**
   * The issuer identifier of a well-known discovery URI (RFC 8414 section 3.1, OpenID Connect
   * Discovery section 4): the {@code /.well-known/openid-configuration} (or {@code
   * oauth-authorization-server}) path segment removed, wherever it is in the path; null when
   * {@code uri} is not HTTPS, has a query or fragment, or has no such segment. This is how libpq
   * ties the server's discovery URI to {@code oauth_issuer}, byte for byte.
   */
  public static String issuerOf(String uri) {
    String https = "https://";
    if (!uri.regionMatches(true, 0, https, 0, https.length()) || uri.indexOf('?') >= 0 || uri.indexOf('#') >= 0) {
      return null;
    }
    int wk = uri.indexOf("/.well-known/", https.length());
    if (wk < 0) {
      return null;
    }
    int suffix = wk + "/.well-known/".length();
    int end = -1;
    for (String s : new String[] {"openid-configuration", "oauth-authorization-server"}) {
      if (uri.startsWith(s, suffix)) {
        end = suffix + s.length();
      }
    }
    if (end < 0 || (end < uri.length() && uri.charAt(end) != '/')) {
      return null;
    }
    if (end < uri.length() && wk != uri.indexOf('/', https.length())) {
      return null;   // in the middle of the path: neither IETF (prefix) nor OIDC (suffix) style
    }
    return uri.substring(0, wk) + uri.substring(end);
  }

  /** A strict reader of one JSON object, keeping the three string members PostgreSQL sends. */
  private static final class ErrorParser {
    private final String s;
    private int i;
    String status;
    String scope;
    String openidConfiguration;

    ErrorParser(String s) {
      this.s = s;
    }

    void parse() {
      space();
      if (i >= s.length() || s.charAt(i) != '{') {
        throw fail("is not a JSON object");
      }
      object(1, true);
      space();
      if (i != s.length()) {
        throw fail("has data after its JSON object");
      }
    }

    private void object(int depth, boolean top) {
      if (depth > MAX_NESTING) {
        throw fail("is nested too deeply");
      }
      i++;   // '{'
      space();
      if (peek() == '}') {
        i++;
        return;
      }
      while (true) {
        space();
        String name = string();
        space();
        expect(':');
        space();
        if (top && (name.equals("status") || name.equals("scope") || name.equals("openid-configuration"))) {
          if (peek() != '"') {
            throw fail("has a member \"" + name + "\" that is not a string");
          }
          String v = string();
          switch (name) {
            case "status" -> status = once(status, v, name);
            case "scope" -> scope = once(scope, v, name);
            default -> openidConfiguration = once(openidConfiguration, v, name);
          }
        } else {
          value(depth);
        }
        space();
        char c = next();
        if (c == '}') {
          return;
        }
        if (c != ',') {
          throw fail("is not valid JSON at offset " + (i - 1));
        }
      }
    }

    private String once(String previous, String v, String name) {
      if (previous != null) {
        throw fail("has the member \"" + name + "\" twice");
      }
      return v;
    }

    private void value(int depth) {
      char c = peek();
      switch (c) {
        case '{' -> object(depth + 1, false);
        case '[' -> array(depth + 1);
        case '"' -> string();
        default -> literal();
      }
    }

    private void array(int depth) {
      if (depth > MAX_NESTING) {
        throw fail("is nested too deeply");
      }
      i++;   // '['
      space();
      if (peek() == ']') {
        i++;
        return;
      }
      while (true) {
        space();
        value(depth);
        space();
        char c = next();
        if (c == ']') {
          return;
        }
        if (c != ',') {
          throw fail("is not valid JSON at offset " + (i - 1));
        }
      }
    }

    private void literal() {
      int start = i;
      while (i < s.length() && "+-.0123456789eEtruefalsn".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
      String t = s.substring(start, i);
      if (!(t.equals("true") || t.equals("false") || t.equals("null")
          || t.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?"))) {
        throw fail("is not valid JSON at offset " + start);
      }
    }

    private String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (true) {
        char c = next();
        if (c == '"') {
          return sb.toString();
        }
        if (c < 0x20) {
          throw fail("has a control character in a string");
        }
        if (c != '\\') {
          sb.append(c);
          continue;
        }
        char e = next();
        switch (e) {
          case '"', '\\', '/' -> sb.append(e);
          case 'b' -> sb.append('\b');
          case 'f' -> sb.append('\f');
          case 'n' -> sb.append('\n');
          case 'r' -> sb.append('\r');
          case 't' -> sb.append('\t');
          case 'u' -> {
            if (i + 4 > s.length()) {
              throw fail("ends inside a string");
            }
            try {
              sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            } catch (NumberFormatException ex) {
              throw fail("has a bad \\u escape");
            }
            i += 4;
          }
          default -> throw fail("has a bad escape in a string");
        }
      }
    }

    private void expect(char c) {
      if (next() != c) {
        throw fail("is not valid JSON at offset " + (i - 1));
      }
    }

    private char peek() {
      if (i >= s.length()) {
        throw fail("ends early");
      }
      return s.charAt(i);
    }

    private char next() {
      char c = peek();
      i++;
      return c;
    }

    private void space() {
      while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
        i++;
      }
    }

    private static AuthExchangeException fail(String what) {
      return new AuthExchangeException("the server's OAUTHBEARER error " + what);
    }
  }
}

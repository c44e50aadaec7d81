package io.sluice.protocol;

import io.sluice.protocol.FrontendDecoder.AuthResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Messages for tests: a fixed list with every kind of message in both directions, and random
 * messages of every kind for round trips. Random strings mix ASCII with 2-, 3- and 4-byte UTF-8
 * but never hold NUL or a lone surrogate, which no message can carry.
 */
final class Samples {
  private Samples() {}

  static List<FrontendMessage> frontend() {
    return List.of(
        new FrontendMessage.StartupMessage(ProtocolVersion.V3_0, List.of(Map.entry("user", "alice"),
            Map.entry("database", "shop"), Map.entry("application_name", "sluice é"))),
        new FrontendMessage.StartupMessage(ProtocolVersion.V3_2, List.of()),
        FrontendMessage.SSLRequest.INSTANCE,
        FrontendMessage.GSSENCRequest.INSTANCE,
        new FrontendMessage.CancelRequest(4242, new byte[] {1, 2, 3, 4}),
        new FrontendMessage.CancelRequest(7, new byte[32]),
        new FrontendMessage.PasswordMessage("hunter2".getBytes()),
        new FrontendMessage.SASLInitialResponse("SCRAM-SHA-256", "n,,n=,r=abc".getBytes()),
        new FrontendMessage.SASLInitialResponse("SCRAM-SHA-256", null),
        new FrontendMessage.SASLResponse("c=biws,r=abc,p=xyz".getBytes()),
        new FrontendMessage.GSSResponse(new byte[] {0x60, 0x10}),
        new FrontendMessage.Query("select 1"),
        new FrontendMessage.Parse("s1", "select $1::int4 + $2", new int[] {23, 0}),
        new FrontendMessage.Bind("", "s1", new short[] {1}, new byte[][] {{0, 0, 0, 42}, null},
            new short[] {1}),
        new FrontendMessage.Describe((byte) 'S', "s1"),
        new FrontendMessage.Describe((byte) 'P', ""),
        new FrontendMessage.Execute("", 0),
        new FrontendMessage.Close((byte) 'S', "s1"),
        FrontendMessage.Sync.INSTANCE,
        FrontendMessage.Flush.INSTANCE,
        FrontendMessage.Terminate.INSTANCE,
        new FrontendMessage.CopyData("1\tone\n".getBytes()),
        FrontendMessage.CopyDone.INSTANCE,
        new FrontendMessage.CopyFail("client gave up"),
        new FrontendMessage.FunctionCall(1598, new short[] {1}, new byte[][] {{0, 0, 0, 5}, null}, (short) 1));
  }

  static List<BackendMessage> backend() {
    Map<Character, String> error = new LinkedHashMap<>();
    error.put('S', "ERROR");
    error.put('V', "ERROR");
    error.put('C', "42P01");
    error.put('M', "relation \"x\" does not exist");
    error.put('P', "15");
    return List.of(
        BackendMessage.AuthenticationOk.INSTANCE,
        BackendMessage.AuthenticationKerberosV5.INSTANCE,
        BackendMessage.AuthenticationCleartextPassword.INSTANCE,
        new BackendMessage.AuthenticationMD5Password(new byte[] {1, 2, 3, 4}),
        BackendMessage.AuthenticationGSS.INSTANCE,
        new BackendMessage.AuthenticationGSSContinue(new byte[] {9, 8, 7}),
        BackendMessage.AuthenticationSSPI.INSTANCE,
        new BackendMessage.AuthenticationSASL(List.of("SCRAM-SHA-256-PLUS", "SCRAM-SHA-256")),
        new BackendMessage.AuthenticationSASLContinue("r=abc,s=c2FsdA==,i=4096".getBytes()),
        new BackendMessage.AuthenticationSASLFinal("v=c2ln".getBytes()),
        new BackendMessage.BackendKeyData(4242, new byte[] {1, 2, 3, 4}),
        new BackendMessage.BackendKeyData(4243, new byte[256]),
        BackendMessage.BindComplete.INSTANCE,
        BackendMessage.CloseComplete.INSTANCE,
        new BackendMessage.CommandComplete("SELECT 1"),
        new BackendMessage.CopyData("1\tone\n".getBytes()),
        BackendMessage.CopyDone.INSTANCE,
        new BackendMessage.CopyInResponse(0, new short[] {0, 0}),
        new BackendMessage.CopyOutResponse(1, new short[] {1}),
        new BackendMessage.CopyBothResponse(0, new short[0]),
        new BackendMessage.DataRow(new byte[][] {{0, 0, 0, 42}, null, {}}),
        BackendMessage.EmptyQueryResponse.INSTANCE,
        new BackendMessage.ErrorResponse(error),
        new BackendMessage.NoticeResponse(Map.of('S', "NOTICE", 'M', "héllo")),
        new BackendMessage.FunctionCallResponse(new byte[] {0, 0, 0, 5}),
        new BackendMessage.FunctionCallResponse(null),
        new BackendMessage.NegotiateProtocolVersion(0, List.of("_pq_.foo")),
        BackendMessage.NoData.INSTANCE,
        new BackendMessage.NotificationResponse(77, "jobs", "{\"id\": 1}"),
        new BackendMessage.ParameterDescription(new int[] {23, 25}),
        new BackendMessage.ParameterStatus("TimeZone", "Europe/Zürich"),
        BackendMessage.ParseComplete.INSTANCE,
        BackendMessage.PortalSuspended.INSTANCE,
        new BackendMessage.ReadyForQuery(TransactionStatus.IDLE),
        new BackendMessage.ReadyForQuery(TransactionStatus.IN_TRANSACTION),
        new BackendMessage.ReadyForQuery(TransactionStatus.FAILED),
        new BackendMessage.RowDescription(List.of(
            new BackendMessage.Field("id", 16384, (short) 1, 23, (short) 4, -1, (short) 1),
            new BackendMessage.Field("name", 16384, (short) 2, 25, (short) -1, -1, (short) 0))),
        new BackendMessage.RowDescription(List.of()));
  }

  /** The hint {@link FrontendDecoder} needs to decode {@code m} if it is a {@code 'p'} message. */
  static AuthResponse hintFor(FrontendMessage m) {
    return switch (m) {
      case FrontendMessage.PasswordMessage x -> AuthResponse.PASSWORD_MESSAGE;
      case FrontendMessage.SASLInitialResponse x -> AuthResponse.SASL_INITIAL_RESPONSE;
      case FrontendMessage.SASLResponse x -> AuthResponse.SASL_RESPONSE;
      case FrontendMessage.GSSResponse x -> AuthResponse.GSS_RESPONSE;
      default -> null;
    };
  }

  /** A random message of a random kind: every permitted record class is equally likely. */
  static FrontendMessage randomFrontend(Random r) {
    return switch (r.nextInt(21)) {
      case 0 -> {
        List<Map.Entry<String, String>> ps = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          ps.add(Map.entry("p" + string(r), string(r)));
        }
        yield new FrontendMessage.StartupMessage(r.nextBoolean() ? ProtocolVersion.V3_0 : ProtocolVersion.V3_2, ps);
      }
      case 1 -> FrontendMessage.SSLRequest.INSTANCE;
      case 2 -> FrontendMessage.GSSENCRequest.INSTANCE;
      case 3 -> new FrontendMessage.CancelRequest(r.nextInt(), bytes(r, 4 + r.nextInt(253)));
      case 4 -> {
        byte[] password = bytes(r, r.nextInt(20));
        for (int i = 0; i < password.length; i++) {
          password[i] = password[i] == 0 ? 1 : password[i];
        }
        yield new FrontendMessage.PasswordMessage(password);
      }
      case 5 -> new FrontendMessage.SASLInitialResponse(string(r), r.nextInt(4) == 0 ? null : bytes(r, r.nextInt(40)));
      case 6 -> new FrontendMessage.SASLResponse(bytes(r, r.nextInt(40)));
      case 7 -> new FrontendMessage.GSSResponse(bytes(r, r.nextInt(40)));
      case 8 -> new FrontendMessage.Query(string(r));
      case 9 -> new FrontendMessage.Parse(string(r), string(r), ints(r, r.nextInt(5)));
      case 10 -> new FrontendMessage.Bind(string(r), string(r), shorts(r, r.nextInt(3)), values(r), shorts(r, r.nextInt(3)));
      case 11 -> new FrontendMessage.Describe(r.nextBoolean() ? (byte) 'S' : (byte) 'P', string(r));
      case 12 -> new FrontendMessage.Execute(string(r), r.nextInt());
      case 13 -> new FrontendMessage.Close(r.nextBoolean() ? (byte) 'S' : (byte) 'P', string(r));
      case 14 -> FrontendMessage.Sync.INSTANCE;
      case 15 -> FrontendMessage.Flush.INSTANCE;
      case 16 -> FrontendMessage.Terminate.INSTANCE;
      case 17 -> new FrontendMessage.CopyData(bytes(r, r.nextInt(60)));
      case 18 -> FrontendMessage.CopyDone.INSTANCE;
      case 19 -> new FrontendMessage.CopyFail(string(r));
      default -> new FrontendMessage.FunctionCall(r.nextInt(), shorts(r, r.nextInt(3)), values(r), (short) r.nextInt(2));
    };
  }

  static BackendMessage randomBackend(Random r) {
    return switch (r.nextInt(32)) {
      case 0 -> BackendMessage.AuthenticationOk.INSTANCE;
      case 1 -> BackendMessage.AuthenticationKerberosV5.INSTANCE;
      case 2 -> BackendMessage.AuthenticationCleartextPassword.INSTANCE;
      case 3 -> new BackendMessage.AuthenticationMD5Password(bytes(r, 4));
      case 4 -> BackendMessage.AuthenticationGSS.INSTANCE;
      case 5 -> new BackendMessage.AuthenticationGSSContinue(bytes(r, r.nextInt(30)));
      case 6 -> BackendMessage.AuthenticationSSPI.INSTANCE;
      case 7 -> {
        List<String> ms = new ArrayList<>();
        for (int i = r.nextInt(3); i > 0; i--) {
          ms.add("M" + string(r));
        }
        yield new BackendMessage.AuthenticationSASL(ms);
      }
      case 8 -> new BackendMessage.AuthenticationSASLContinue(bytes(r, r.nextInt(60)));
      case 9 -> new BackendMessage.AuthenticationSASLFinal(bytes(r, r.nextInt(60)));
      case 10 -> new BackendMessage.BackendKeyData(r.nextInt(), bytes(r, 4 + r.nextInt(253)));
      case 11 -> BackendMessage.BindComplete.INSTANCE;
      case 12 -> BackendMessage.CloseComplete.INSTANCE;
      case 13 -> new BackendMessage.CommandComplete(string(r));
      case 14 -> new BackendMessage.CopyData(bytes(r, r.nextInt(60)));
      case 15 -> BackendMessage.CopyDone.INSTANCE;
      case 16 -> new BackendMessage.CopyInResponse(r.nextInt(2), shorts(r, r.nextInt(4)));
      case 17 -> new BackendMessage.CopyOutResponse(r.nextInt(2), shorts(r, r.nextInt(4)));
      case 18 -> new BackendMessage.CopyBothResponse(r.nextInt(2), shorts(r, r.nextInt(4)));
      case 19 -> new BackendMessage.DataRow(values(r));
      case 20 -> BackendMessage.EmptyQueryResponse.INSTANCE;
      case 21, 22 -> {
        Map<Character, String> fields = new LinkedHashMap<>();
        for (int i = r.nextInt(6); i > 0; i--) {
          fields.put((char) (1 + r.nextInt(255)), string(r));
        }
        yield r.nextBoolean() ? new BackendMessage.ErrorResponse(fields) : new BackendMessage.NoticeResponse(fields);
      }
      case 23 -> new BackendMessage.FunctionCallResponse(r.nextInt(3) == 0 ? null : bytes(r, r.nextInt(20)));
      case 24 -> new BackendMessage.NegotiateProtocolVersion(r.nextInt(3), List.of(string(r), string(r)).subList(0, r.nextInt(3)));
      case 25 -> BackendMessage.NoData.INSTANCE;
      case 26 -> new BackendMessage.NotificationResponse(r.nextInt(), string(r), string(r));
      case 27 -> new BackendMessage.ParameterDescription(ints(r, r.nextInt(6)));
      case 28 -> new BackendMessage.ParameterStatus(string(r), string(r));
      case 29 -> r.nextBoolean() ? BackendMessage.ParseComplete.INSTANCE : BackendMessage.PortalSuspended.INSTANCE;
      case 30 -> new BackendMessage.ReadyForQuery(TransactionStatus.values()[r.nextInt(3)]);
      default -> {
        List<BackendMessage.Field> fields = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
          fields.add(new BackendMessage.Field(string(r), r.nextInt(), (short) r.nextInt(), r.nextInt(),
              (short) r.nextInt(), r.nextInt(), (short) r.nextInt(2)));
        }
        yield new BackendMessage.RowDescription(fields);
      }
    };
  }

  private static final String[] PIECES = {"a", "Z", "0", " ", "$1", "\"", "\\", "\n", "é", "ß", "€", "中",
      "\uD83D\uDE00", "select", "\u0001", "\u007F"};

  static String string(Random r) {
    StringBuilder sb = new StringBuilder();
    for (int i = r.nextInt(8); i > 0; i--) {
      sb.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return sb.toString();
  }

  static byte[] bytes(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  private static int[] ints(Random r, int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt();
    }
    return a;
  }

  private static short[] shorts(Random r, int n) {
    short[] a = new short[n];
    for (int i = 0; i < n; i++) {
      a[i] = (short) r.nextInt(2);
    }
    return a;
  }

  private static byte[][] values(Random r) {
    byte[][] v = new byte[r.nextInt(5)][];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.nextInt(4) == 0 ? null : bytes(r, r.nextInt(12));
    }
    return v;
  }
}

package io.sluice.internal.engine;

import io.sluice.Column;
import io.sluice.ProtocolViolationException;
import io.sluice.ServerException;
import io.sluice.SluiceException;
import io.sluice.SluiceException.Outcome;
import io.sluice.internal.engine.ReplyOracle.Broken;
import io.sluice.internal.engine.ReplyOracle.Cause;
import io.sluice.internal.engine.ReplyOracle.Described;
import io.sluice.internal.engine.ReplyOracle.Failed;
import io.sluice.internal.engine.ReplyOracle.Ran;
import io.sluice.internal.engine.ReplyOracle.Verdict;
import io.sluice.internal.rows.RowSink;
import io.sluice.internal.requests.ServerStatement;
import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.BackendMessage.DataRow;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.ProtocolException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** Compares what a caller got with what the {@link ReplyOracle} says it must get. */
final class FuzzCheck {
  private FuzzCheck() {}

  /** What the fuzzer can find, most severe first. */
  enum Kind {
    /** A call did not return within the bound. */
    HANG,
    /** A throwable other than a SluiceException reached the caller. */
    ESCAPED,
    /** A caller was handed a row its reply did not frame and whose values name another caller. */
    ROW_CROSSED,
    /** A caller was handed a row its reply did not frame that is not a well-formed row of its columns. */
    MALFORMED_ROW,
    /** A call succeeded although its reply broke the protocol (or never ended). */
    ACCEPTED_VIOLATION,
    /** A call succeeded with rows, a tag or a description other than its reply's. */
    WRONG_RESULT,
    /** A call failed as it must, but with the wrong outcome or exception class. */
    WRONG_OUTCOME,
    /** A call failed although its reply was valid. */
    SPURIOUS_FAILURE,
    /** The protocol was broken but the connection still reports itself usable. */
    LEFT_OPEN,
    /** Every reply was valid but the connection was closed. */
    SPURIOUS_CLOSE,
    /** The harness could not run the case as planned (a request was never written, or an extra one was). */
    HARNESS
  }

  /** A finding; {@code variant} tells findings of one kind apart in the tally (or is null). */
  record Finding(Kind kind, String variant, String detail) {
    Finding(Kind kind, String detail) {
      this(kind, null, detail);
    }

    /** The kind, with its variant if any. */
    String label() {
      return variant == null ? kind.name() : kind + " (" + variant + ")";
    }
  }

  /** What one call did. */
  static final class Observed {
    final List<byte[]> rows = Collections.synchronizedList(new ArrayList<>());
    volatile String tag;
    volatile ServerStatement statement;
    volatile Throwable thrown;
    volatile boolean returned;

    /** A sink that records copies of the rows handed to this caller. */
    RowSink sink() {
      return (buf, off, len) -> rows.add(Arrays.copyOfRange(buf, off, off + len));
    }
  }

  /**
   * The finding for one call, or null when it got what it must. {@code written}: whether its
   * request had been written when the connection broke (then its outcome is unknown); {@code tag}
   * the value that starts each of its own rows, of which it has {@code columns}.
   */
  static Finding call(Verdict v, Observed o, boolean written, String tag, int columns) {
    if (!o.returned) {
      return new Finding(Kind.HANG, "the call never returned");
    }
    Throwable t = o.thrown;
    if (t != null && !(t instanceof SluiceException)) {
      return new Finding(Kind.ESCAPED, t + " at " + where(t));
    }
    List<byte[]> rows = List.copyOf(o.rows);
    if (!isPrefix(rows, v.rows())) {
      // rows past its reply's framing: another caller's, a malformed one, or its own after a violation
      Kind k = strayKind(rows.subList(commonPrefix(rows, v.rows()), rows.size()), tag, columns);
      if (k != null) {
        return new Finding(k, "handed rows " + show(rows) + "; its reply framed " + show(v.rows())
            + (t == null ? " (and it succeeded)" : " (then it failed: " + t.getMessage() + ")"));
      }
    }
    SluiceException e = (SluiceException) t;
    return switch (v) {
      case Broken b -> broken(b, e, written);
      case Ran r -> e != null ? spurious(e, "its reply ran with " + r.rows().size() + " rows, tag " + r.tag())
          : r.tag().equals(o.tag) && sameRows(rows, r.rows()) ? null
          : new Finding(Kind.WRONG_RESULT, "got " + show(rows) + " tag " + o.tag + "; its reply: " + show(r.rows())
              + " tag " + r.tag());
      case Described d -> e != null ? spurious(e, "its reply described the statement")
          : sameDescription(o.statement, d) ? null
          : new Finding(Kind.WRONG_RESULT, "described as " + describe(o.statement) + "; its reply: "
              + Arrays.toString(d.parameterTypes()) + " " + d.columns());
      case Failed f -> e instanceof ServerException se && se.fields().equals(f.fields()) ? null
          : e == null ? new Finding(Kind.WRONG_RESULT, "succeeded; its reply was the error " + f.fields())
          : spurious(e, "its reply was the error " + f.fields());
    };
  }

  private static Finding broken(Broken b, SluiceException e, boolean written) {
    if (e == null) {
      return new Finding(Kind.ACCEPTED_VIOLATION, (b.offender() ? "" : "behind the offender: ") + b.why());
    }
    if (b.cause() == Cause.FATAL) {
      return null;   // the outcome of a FATAL depends on where it came; the dedicated tests say which
    }
    Outcome want = written ? Outcome.UNKNOWN : Outcome.NOT_SENT;
    if (e.outcome() != want) {
      return new Finding(Kind.WRONG_OUTCOME, e.outcome() + " instead of " + want,
          "outcome " + e.outcome() + ", not " + want + ", for " + b.why() + ": " + e);
    }
    if (b.offender() && b.cause() == Cause.VIOLATION && !(e instanceof ProtocolViolationException)) {
      return new Finding(Kind.WRONG_OUTCOME, "not a ProtocolViolationException",
          "not a ProtocolViolationException for " + b.why() + ": " + e);
    }
    return null;
  }

  /** The first frames of a stack trace, enough to find where an unexpected throwable came from. */
  private static String where(Throwable t) {
    StackTraceElement[] st = t.getStackTrace();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(4, st.length); i++) {
      sb.append(i == 0 ? "" : " < ").append(st[i].getClassName().replaceAll(".*\\.", "")).append('.')
          .append(st[i].getMethodName()).append(':').append(st[i].getLineNumber());
    }
    return sb.toString();
  }

  private static Finding spurious(SluiceException e, String reply) {
    return new Finding(Kind.SPURIOUS_FAILURE, reply + ", but the call failed: " + e);
  }

  /** ROW_CROSSED or MALFORMED_ROW for the first such row among {@code stray}, else null (its own rows). */
  private static Kind strayKind(List<byte[]> stray, String tag, int columns) {
    for (byte[] r : stray) {
      byte[][] values = values(r);
      if (values == null) {
        return Kind.MALFORMED_ROW;
      }
      if (values.length > 0 && values[0] != null && !text(values[0]).equals(tag)) {
        return Kind.ROW_CROSSED;
      }
      if (values.length != columns) {
        return Kind.MALFORMED_ROW;
      }
    }
    return null;
  }

  /** The values of a DataRow body, or null when it is malformed. */
  private static byte[][] values(byte[] row) {
    try {
      return ((DataRow) BackendDecoder.decode((byte) 'D', row, 0, row.length)).values();
    } catch (ProtocolException e) {
      return null;
    }
  }

  private static String text(byte[] value) {
    return new String(value, StandardCharsets.UTF_8);
  }

  private static int commonPrefix(List<byte[]> a, List<byte[]> b) {
    int i = 0;
    while (i < a.size() && i < b.size() && Arrays.equals(a.get(i), b.get(i))) {
      i++;
    }
    return i;
  }

  private static boolean isPrefix(List<byte[]> got, List<byte[]> framed) {
    return got.size() <= framed.size() && sameRows(got, framed.subList(0, got.size()));
  }

  private static boolean sameRows(List<byte[]> a, List<byte[]> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameDescription(ServerStatement st, Described d) {
    if (st == null || !Arrays.equals(st.parameterTypes(), d.parameterTypes())) {
      return false;
    }
    Column[] got = st.layout().list().toArray(Column[]::new);
    if (got.length != d.columns().size()) {
      return false;
    }
    for (int i = 0; i < got.length; i++) {
      Field f = d.columns().get(i);
      Column c = got[i];
      if (!c.name().equals(f.name()) || c.typeOid() != f.typeOid() || c.tableOid() != f.tableOid()
          || c.columnNumber() != f.columnNumber() || c.typeModifier() != f.typeModifier()) {
        return false;
      }
    }
    return true;
  }

  private static String describe(ServerStatement st) {
    return st == null ? "nothing" : Arrays.toString(st.parameterTypes()) + " " + st.layout().list();
  }

  /** Rows as text, for the report: each value UTF-8, or its bytes when it is not a valid row. */
  static String show(List<byte[]> rows) {
    StringBuilder sb = new StringBuilder("[");
    for (byte[] r : rows) {
      sb.append(sb.length() > 1 ? ", " : "").append(showRow(r));
    }
    return sb.append(']').toString();
  }

  private static String showRow(byte[] r) {
    byte[][] values = values(r);
    if (values == null) {
      return "malformed" + Arrays.toString(r);
    }
    List<String> text = new ArrayList<>(values.length);
    for (byte[] v : values) {
      text.add(v == null ? "NULL" : text(v));
    }
    return text.toString();
  }
}

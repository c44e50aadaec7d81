package io.sluice.protocol;

/**
 * The one writer of Bind (protocol-message-formats.html, "Bind"): the {@link FrontendMessage.Bind}
 * record and the request path both write through it, so the bytes the fixtures test are the bytes
 * a query sends. Values are written in place by a callback, each length back-patched once its
 * bytes are there: a parameter is never encoded into an array of its own first.
 */
public final class BindWriter {
  /** Parse and Bind count parameters, format codes and result formats in an Int16. */
  public static final int MAX_COUNT = 0xFFFF;

  /** The parameters of one Bind: their format codes and how each value's bytes are written. */
  public interface Parameters {
    /** How many values (each NULL or bytes). */
    int count();

    /** How many format codes: none (all text), one (for all) or one per value. */
    int formatCount();

    /** Format code {@code k}: 0 text, 1 binary. */
    short format(int k);

    boolean isNull(int i);

    /** Writes value {@code i}'s bytes (not its length) into {@code w}; never called for NULL. */
    void write(int i, WireWriter w);
  }

  private BindWriter() {}

  /** Writes a whole Bind message for {@code statement} into portal {@code portal}. */
  public static void write(WireWriter w, String portal, String statement, Parameters p, short[] resultFormats) {
    int count = p.count();
    int formats = p.formatCount();
    check(formats, "parameter format codes");
    check(count, "parameters");
    check(resultFormats.length, "result format codes");
    int at = w.begin(FrontendTag.BIND);
    w.cstring(portal).cstring(statement);
    w.int16(formats);
    for (int k = 0; k < formats; k++) {
      w.int16(p.format(k));
    }
    w.int16(count);
    for (int i = 0; i < count; i++) {
      if (p.isNull(i)) {
        w.int32(-1);
        continue;
      }
      int lengthAt = w.skip(4);
      int start = w.size();
      p.write(i, w);
      w.putInt(lengthAt, w.size() - start);
    }
    w.int16(resultFormats.length);
    for (short f : resultFormats) {
      w.int16(f);
    }
    w.end(at);
  }

  private static void check(int n, String what) {
    if (n > MAX_COUNT) {
      throw new ProtocolException("a message can carry at most " + MAX_COUNT + " " + what + ", not " + n);
    }
  }
}

package io.sluice.protocol.auth;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Arrays;

/**
 * SASLprep (RFC 4013, a profile of stringprep, RFC 3454) exactly as PostgreSQL applies it to
 * SCRAM passwords: {@code pg_saslprep} in {@code src/common/saslprep.c}, whose result libpq
 * ({@code fe-auth-scram.c}) and the server ({@code pg_be_scram_build_secret}) both hash. What
 * matters is agreeing with the server's stored secret byte for byte, so PostgreSQL's choices win
 * over the RFC's where they differ:
 *
 * <ul>
 *   <li>A pure-ASCII password is used unchanged, control characters included (fast path).
 *   <li>A password that SASLprep rejects (prohibited or unassigned code point, bidi rule broken,
 *       or nothing left after mapping) is not an error: its UTF-8 bytes are used unchanged.
 *   <li>The prohibited-output and bidi checks look at the string after mapping but
 *       <em>before</em> NFKC normalization (RFC 4013 section 2 says after); PostgreSQL checks the
 *       mapped code points, and so does this class.
 *   <li>Mapping tests C.1.2 before B.1, so U+200B ZERO WIDTH SPACE, listed in both, becomes a
 *       space rather than nothing.
 *   <li>NFKC is {@link Normalizer.Form#NFKC} of the running JDK, not Unicode 3.2 as the RFC
 *       prescribes; PostgreSQL likewise normalizes with its own, current, Unicode tables.
 * </ul>
 *
 * <p>Unassigned code points (table A.1) and the bidi categories (D.1, D.2) come from the Unicode
 * 3.2 tables of RFC 3454, not from {@link Character}, because that is what PostgreSQL uses.
 */
public final class SaslPrep {

  private SaslPrep() {}

  /**
   * The bytes PostgreSQL would use as the SCRAM password for {@code password}: its SASLprep'd
   * form in UTF-8, or its plain UTF-8 bytes if SASLprep does not apply.
   *
   * @throws IllegalArgumentException if {@code password} contains an unpaired UTF-16 surrogate
   *     and so has no UTF-8 form (the message does not contain the password)
   */
  public static byte[] prepare(String password) {
    byte[] raw = Passwords.utf8(password);
    if (isAscii(raw)) {
      return raw; // pg_saslprep: "An ASCII string requires no further processing."
    }
    int[] mapped = map(password.codePoints().toArray());
    if (!acceptable(mapped)) {
      return raw; // SASLPREP_PROHIBITED: libpq falls back to the password as given
    }
    String normalized =
        Normalizer.normalize(new String(mapped, 0, mapped.length), Normalizer.Form.NFKC);
    return normalized.getBytes(StandardCharsets.UTF_8);
  }

  private static boolean isAscii(byte[] bytes) {
    for (byte b : bytes) {
      if (b < 0) {
        return false;
      }
    }
    return true;
  }

  /** RFC 4013 section 2.1: C.1.2 spaces become U+0020, B.1 characters are dropped. */
  private static int[] map(int[] codePoints) {
    int[] out = new int[codePoints.length];
    int n = 0;
    for (int cp : codePoints) {
      if (StringPrepTables.contains(StringPrepTables.NON_ASCII_SPACE, cp)) {
        out[n++] = ' ';
      } else if (!StringPrepTables.contains(StringPrepTables.MAPPED_TO_NOTHING, cp)) {
        out[n++] = cp;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /**
   * RFC 4013 sections 2.3 to 2.5 and RFC 3454 section 6, applied to the mapped code points as
   * {@code pg_saslprep} does; an empty result is refused ("don't allow empty password").
   */
  private static boolean acceptable(int[] cps) {
    if (cps.length == 0) {
      return false;
    }
    boolean hasRandAL = false;
    for (int cp : cps) {
      if (StringPrepTables.contains(StringPrepTables.PROHIBITED, cp)
          || StringPrepTables.contains(StringPrepTables.UNASSIGNED, cp)) {
        return false;
      }
      hasRandAL |= StringPrepTables.contains(StringPrepTables.RAND_AL_CAT, cp);
    }
    if (!hasRandAL) {
      return true;
    }
    // A string with any RandALCat character must have no LCat character and must begin and end
    // with a RandALCat character.
    for (int cp : cps) {
      if (StringPrepTables.contains(StringPrepTables.L_CAT, cp)) {
        return false;
      }
    }
    return StringPrepTables.contains(StringPrepTables.RAND_AL_CAT, cps[0])
        && StringPrepTables.contains(StringPrepTables.RAND_AL_CAT, cps[cps.length - 1]);
  }
}

package io.sluice.protocol;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.sluice.protocol.FrontendDecoder.AuthResponse;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Decoders are total over untrusted bytes: random and mutated input may only produce a message or
 * a {@link ProtocolException} (and, from the framer, an {@link EOFException} when the input runs
 * out) — never an IndexOutOfBoundsException, NegativeArraySizeException, OutOfMemoryError,
 * IllegalArgumentException, or a hang. Seeded, so a failure reproduces; it prints the input.
 */
@Timeout(30)
class DecoderFuzzTest {
  private static final AuthResponse[] HINTS = {null, AuthResponse.PASSWORD_MESSAGE,
      AuthResponse.SASL_INITIAL_RESPONSE, AuthResponse.SASL_RESPONSE, AuthResponse.GSS_RESPONSE};
  private static final byte[] BACKEND_TYPES = "RK23CdcGHWDIENVvnAtS1sZT".getBytes();
  private static final byte[] FRONTEND_TYPES = "pQPBDECSHXdcfF".getBytes();

  @FunctionalInterface
  private interface Decoding {
    Object run() throws Exception;
  }

  /** Runs a decoding; returns whether it produced a message. */
  private static boolean attempt(String what, byte[] input, Decoding decoding, boolean eofAllowed) {
    try {
      Object m = decoding.run();
      if (m == null) {
        fail(what + ": decoded to null\n" + HexDump.dump(input));
      }
      return true;
    } catch (ProtocolException e) {
      return false;
    } catch (EOFException e) {
      if (!eofAllowed) {
        throw new AssertionError(what + ": unexpected EOFException\n" + HexDump.dump(input), e);
      }
      return false;
    } catch (Throwable t) {
      throw new AssertionError(what + ": threw " + t + " for\n" + HexDump.dump(input), t);
    }
  }

  @Test
  void randomBodiesIntoBackendDecoder() {
    Random r = new Random(1);
    int decoded = 0;
    for (int i = 0; i < 100_000; i++) {
      byte type = r.nextInt(4) == 0 ? (byte) r.nextInt(256) : BACKEND_TYPES[r.nextInt(BACKEND_TYPES.length)];
      byte[] body = randomBody(r);
      if (attempt("case " + i + " type " + (char) type, body, () -> BackendDecoder.decode(type, body, 0, body.length), false)) {
        decoded++;
      }
    }
    assertTrue(decoded > 1_000, "random input should sometimes be valid, was " + decoded);
  }

  @Test
  void mutatedBackendMessagesIntoBackendDecoderAndFrameReader() {
    Random r = new Random(2);
    int decoded = 0;
    for (int i = 0; i < 60_000; i++) {
      byte[] frame = mutate(r, BackendEncoder.toBytes(i % 3 == 0
          ? Samples.backend().get(r.nextInt(Samples.backend().size())) : Samples.randomBackend(r)));
      if (frame.length >= 5) {
        // the body as the bytes lie, whatever the length field says
        if (attempt("case " + i, frame, () -> BackendDecoder.decode(frame[0], frame, 5, frame.length - 5), false)) {
          decoded++;
        }
      }
      // the framer trusts the length field, up to its maximum
      attempt("framed case " + i, frame, () -> {
        FrameReader reader = new FrameReader(ChunkedSource.randomChunks(frame, r, 8), 1 << 16, 64);
        reader.next();
        return reader.decode();
      }, true);
    }
    assertTrue(decoded > 1_000, "some mutations should leave a valid message, was " + decoded);
  }

  @Test
  void aRandomStreamThroughTheFrameReader() {
    Random r = new Random(3);
    for (int i = 0; i < 2_000; i++) {
      byte[] stream = new byte[r.nextInt(400)];
      r.nextBytes(stream);
      for (int k = 0; k + 5 <= stream.length; k += 1 + r.nextInt(40)) {
        stream[k] = BACKEND_TYPES[r.nextInt(BACKEND_TYPES.length)];
        stream[k + 1] = 0;
        stream[k + 2] = 0;
      }
      attempt("stream " + i, stream, () -> {
        FrameReader reader = new FrameReader(ChunkedSource.randomChunks(stream, r, 16), 1 << 16, 64);
        for (int n = 0; n < 1_000; n++) {
          reader.next();
          reader.decode();
        }
        throw new AssertionError("a stream of " + stream.length + " bytes cannot hold 1000 messages");
      }, true);
    }
  }

  @Test
  void randomBodiesIntoFrontendDecoder() {
    Random r = new Random(4);
    int decoded = 0;
    for (int i = 0; i < 100_000; i++) {
      byte type = r.nextInt(4) == 0 ? (byte) r.nextInt(256) : FRONTEND_TYPES[r.nextInt(FRONTEND_TYPES.length)];
      AuthResponse hint = HINTS[r.nextInt(HINTS.length)];
      byte[] body = randomBody(r);
      if (attempt("case " + i, body, () -> FrontendDecoder.decode(type, body, 0, body.length, hint), false)) {
        decoded++;
      }
      byte[] initial = r.nextBoolean() ? body : withCode(r, body);
      attempt("initial case " + i, initial, () -> FrontendDecoder.decodeInitial(initial, 0, initial.length), false);
    }
    assertTrue(decoded > 1_000, "random input should sometimes be valid, was " + decoded);
  }

  @Test
  void mutatedFrontendMessagesIntoFrontendDecoder() {
    Random r = new Random(5);
    int decoded = 0;
    for (int i = 0; i < 60_000; i++) {
      FrontendMessage m = i % 3 == 0
          ? Samples.frontend().get(r.nextInt(Samples.frontend().size())) : Samples.randomFrontend(r);
      byte[] bytes = mutate(r, FrontendMessage.toBytes(m));
      AuthResponse hint = r.nextInt(4) == 0 ? HINTS[r.nextInt(HINTS.length)] : Samples.hintFor(m);
      if (attempt("case " + i, bytes, () -> FrontendDecoder.decodeMessage(bytes, hint), false)) {
        decoded++;
      }
    }
    assertTrue(decoded > 1_000, "some mutations should leave a valid message, was " + decoded);
  }

  /** Random bytes, biased toward small counts and lengths so that decoding gets somewhere. */
  private static byte[] randomBody(Random r) {
    byte[] body = new byte[r.nextInt(r.nextBoolean() ? 12 : 80)];
    for (int i = 0; i < body.length; i++) {
      int kind = r.nextInt(4);
      body[i] = kind == 0 ? 0 : kind == 1 ? (byte) (r.nextInt(8)) : kind == 2 ? (byte) (0x20 + r.nextInt(0x5F))
          : (byte) r.nextInt(256);
    }
    return body;
  }

  /** A body that starts with one of the first message's codes. */
  private static byte[] withCode(Random r, byte[] body) {
    int[] codes = {ProtocolVersion.V3_0, ProtocolVersion.V3_2, ProtocolVersion.CANCEL_REQUEST_CODE,
        ProtocolVersion.SSL_REQUEST_CODE, ProtocolVersion.GSSENC_REQUEST_CODE, r.nextInt()};
    WireWriter w = new WireWriter(16);
    w.int32(codes[r.nextInt(codes.length)]).bytes(body);
    return w.toByteArray();
  }

  /**
   * One to three of: bit flips, truncation, a length-field edit, a 16- or 32-bit field forced to
   * an edge value, a byte inserted or deleted, or garbage appended.
   */
  static byte[] mutate(Random r, byte[] in) {
    byte[] b = in;
    for (int n = 1 + r.nextInt(3); n > 0; n--) {
      if (b.length == 0) {
        return b;
      }
      int at = r.nextInt(b.length);
      switch (r.nextInt(7)) {
        case 0 -> b[at] ^= (byte) (1 << r.nextInt(8));
        case 1 -> b = Arrays.copyOf(b, at);
        case 2 -> {
          int lengthAt = b[0] == 0 ? 0 : 1;
          if (b.length >= lengthAt + 4) {
            int length = WireReader.getInt(b, lengthAt);
            int[] edits = {length + 1, length - 1, length + r.nextInt(100), 3, 0, -1,
                Integer.MAX_VALUE, Integer.MIN_VALUE, 0x3FFF_FFFF, r.nextInt()};
            putInt(b, lengthAt, edits[r.nextInt(edits.length)]);
          }
        }
        case 3 -> {
          int[] edges = {0xFFFF, 0x7FFF, 0x8000, 0, 1};
          if (at + 2 <= b.length) {
            int v = edges[r.nextInt(edges.length)];
            b[at] = (byte) (v >> 8);
            b[at + 1] = (byte) v;
          }
        }
        case 4 -> {
          int[] edges = {-1, -2, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x10000, 256, 257, 3};
          if (at + 4 <= b.length) {
            putInt(b, at, edges[r.nextInt(edges.length)]);
          }
        }
        case 5 -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          out.write(b, 0, at);
          if (r.nextBoolean()) {
            out.write(r.nextInt(256));
            out.write(b, at, b.length - at);
          } else {
            out.write(b, at + 1, b.length - at - 1);
          }
          b = out.toByteArray();
        }
        default -> {
          byte[] tail = new byte[1 + r.nextInt(8)];
          r.nextBytes(tail);
          b = HexDump.concat(b, tail);
        }
      }
    }
    return b;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }
}

package io.sluice.internal.engine;

import io.sluice.protocol.BackendDecoder;
import io.sluice.protocol.WireReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Breaks a correct reply stream, one message (frame) at a time: drop, duplicate, swap, insert a
 * random well-framed message of any type, corrupt a length or count, or inject a notice or
 * parameter change (the only harmless one).
 */
final class StreamMutator {
  private StreamMutator() {}

  enum Mutation { DROP, DUPLICATE, SWAP, INSERT, CORRUPT, INJECT_HARMLESS }

  /** The mutated frames, and what was done, for the report. */
  record Mutated(List<byte[]> frames, List<String> applied, boolean harmless) {}

  static Mutated mutate(List<byte[]> correct, Random r, int count, boolean harmlessOnly) {
    List<byte[]> frames = new ArrayList<>(correct);
    List<String> applied = new ArrayList<>(count);
    boolean harmless = true;
    for (int i = 0; i < count && !frames.isEmpty(); i++) {
      Mutation m = harmlessOnly ? Mutation.INJECT_HARMLESS : Mutation.values()[r.nextInt(Mutation.values().length)];
      harmless &= m == Mutation.INJECT_HARMLESS;
      applied.add(apply(m, frames, r));
    }
    return new Mutated(frames, applied, harmless);
  }

  private static String apply(Mutation m, List<byte[]> f, Random r) {
    int i = r.nextInt(f.size());
    return switch (m) {
      case DROP -> "drop " + describe(f.remove(i), i);
      case DUPLICATE -> {
        f.add(i, f.get(i));
        yield "duplicate " + describe(f.get(i), i);
      }
      case SWAP -> {
        // mostly neighbours, which keeps the stream plausible; sometimes any two
        int j = r.nextInt(3) > 0 ? Math.min(f.size() - 1, i + 1) : r.nextInt(f.size());
        byte[] a = f.get(i);
        f.set(i, f.get(j));
        f.set(j, a);
        yield "swap " + describe(a, i) + " with " + describe(f.get(i), j);
      }
      case INSERT -> {
        int at = r.nextInt(f.size() + 1);
        byte[] extra = RandomMessages.any(r);
        f.add(at, extra);
        yield "insert " + describe(extra, at);
      }
      case CORRUPT -> {
        byte[] frame = f.get(i).clone();
        String what = corrupt(frame, r);
        f.set(i, frame);
        yield "corrupt " + describe(f.get(i), i) + ": " + what;
      }
      case INJECT_HARMLESS -> {
        int at = r.nextInt(f.size() + 1);
        byte[] extra = RandomMessages.harmless(r);
        f.add(at, extra);
        yield "inject " + describe(extra, at);
      }
    };
  }

  /**
   * Changes one length or count in place: in a DataRow its column count or a value's length, in a
   * RowDescription or ParameterDescription its count, in a message ending with a string its
   * terminating NUL; otherwise (and sometimes anyway) the frame's own length word.
   */
  private static String corrupt(byte[] frame, Random r) {
    byte type = frame[0];
    int choice = r.nextInt(4);
    if (choice > 0 && type == 'D' && frame.length >= 7) {
      if (choice == 1) {
        int was = ((frame[5] & 0xFF) << 8) | (frame[6] & 0xFF);
        int now = otherCount(was, r);
        putShort(frame, 5, now);
        return "column count " + was + " -> " + now;
      }
      int at = valueLengthAt(frame, r);
      if (at > 0) {
        int was = WireReader.getInt(frame, at);
        int now = switch (r.nextInt(4)) {
          case 0 -> -2 - r.nextInt(1000);
          case 1 -> was + 1 + r.nextInt(3);
          case 2 -> Math.max(-1, was - 1 - r.nextInt(2));
          default -> Integer.MAX_VALUE - r.nextInt(1000);
        };
        putInt(frame, at, now);
        return "value length " + was + " -> " + now;
      }
    }
    if (choice > 0 && (type == 'T' || type == 't') && frame.length >= 7) {
      int was = ((frame[5] & 0xFF) << 8) | (frame[6] & 0xFF);
      int now = otherCount(was, r);
      putShort(frame, 5, now);
      return "count " + was + " -> " + now;
    }
    if (choice > 0 && (type == 'C' || type == 'S') && frame.length > 5 && frame[frame.length - 1] == 0) {
      frame[frame.length - 1] = 'x';
      return "terminating NUL -> 'x'";
    }
    int was = WireReader.getInt(frame, 1);
    int now = switch (r.nextInt(4)) {
      case 0 -> was + 1 + r.nextInt(4);
      case 1 -> was - 1 - r.nextInt(Math.max(1, Math.min(4, was)));
      case 2 -> r.nextInt(4);
      default -> 0x3000_0000 + r.nextInt(1 << 20);   // 768 MiB and more
    };
    putInt(frame, 1, now);
    return "length " + was + " -> " + now;
  }

  private static int otherCount(int was, Random r) {
    int now = r.nextInt(4) == 0 ? 0xFFFF - r.nextInt(3) : r.nextInt(5);
    return now == was ? was + 1 : now;
  }

  /** The offset of a random value's length word in a DataRow frame, or -1 if it has none. */
  private static int valueLengthAt(byte[] frame, Random r) {
    int n = ((frame[5] & 0xFF) << 8) | (frame[6] & 0xFF);
    if (n == 0) {
      return -1;
    }
    int pick = r.nextInt(n);
    int p = 7;
    for (int i = 0; i < pick && p + 4 <= frame.length; i++) {
      int len = WireReader.getInt(frame, p);
      p += 4 + Math.max(0, Math.min(len, frame.length));
    }
    return p + 4 <= frame.length ? p : -1;   // an earlier corruption may have moved it out of the frame
  }

  private static void putShort(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 8);
    b[at + 1] = (byte) v;
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  static String describe(byte[] frame, int index) {
    return BackendDecoder.nameOf(frame[0]) + "@" + index;
  }
}

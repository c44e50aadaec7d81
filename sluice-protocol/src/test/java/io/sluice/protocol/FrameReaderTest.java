package io.sluice.protocol;

import static io.sluice.protocol.HexDump.assertBytes;
import static io.sluice.protocol.HexDump.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Framing must not depend on how the stream is cut into reads. */
@Timeout(20)
class FrameReaderTest {
  private static final int MAX = 1 << 20;

  /** Every backend message kind, random messages, and one larger than the initial buffer. */
  private static final List<BackendMessage> MESSAGES = messages();
  private static final byte[] STREAM = encodeAll(MESSAGES);
  /** Offsets where a message ends, the stream's start included. */
  private static final List<Integer> BOUNDARIES = boundaries();

  private static List<BackendMessage> messages() {
    List<BackendMessage> list = new ArrayList<>(Samples.backend());
    Random r = new Random(7);
    for (int i = 0; i < 60; i++) {
      list.add(Samples.randomBackend(r));
    }
    list.add(20, new BackendMessage.CopyData(Samples.bytes(r, 3000)));
    return list;
  }

  private static byte[] encodeAll(List<BackendMessage> messages) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (BackendMessage m : messages) {
      out.writeBytes(BackendEncoder.toBytes(m));
    }
    return out.toByteArray();
  }

  private static List<Integer> boundaries() {
    List<Integer> b = new ArrayList<>(List.of(0));
    int at = 0;
    for (BackendMessage m : MESSAGES) {
      at += BackendEncoder.toBytes(m).length;
      b.add(at);
    }
    return b;
  }

  /** Reads every message and checks it against {@link #MESSAGES}, then expects a clean EOF. */
  private static void assertReadsAll(ByteSource source, int bufferSize, String how) throws IOException {
    FrameReader reader = new FrameReader(source, MAX, bufferSize);
    for (int i = 0; i < MESSAGES.size(); i++) {
      byte type = reader.next();
      byte[] expected = BackendEncoder.toBytes(MESSAGES.get(i));
      assertEquals(expected[0], type, how + ": type of message " + i);
      assertBytes(expected, BackendEncoder.toBytes(reader.decode()), how + ": message " + i);
    }
    EOFException e = assertThrows(EOFException.class, reader::next, how);
    assertEquals("the server closed the connection", e.getMessage(), how);
  }

  @Test
  void theStreamIsLongerThanTheBufferAndHoldsEveryKind() {
    assertTrue(STREAM.length > 4000, "stream of " + STREAM.length);
    assertTrue(MESSAGES.size() > BackendMessage.class.getPermittedSubclasses().length);
  }

  @Test
  void inOneRead() throws IOException {
    assertReadsAll(new ChunkedSource(STREAM), 1 << 16, "one read");
  }

  @Test
  void splitInTwoAtEveryOffset() throws IOException {
    for (int i = 1; i < STREAM.length; i++) {
      assertReadsAll(ChunkedSource.splitAt(STREAM, i), 64, "split at " + i);
    }
  }

  @Test
  void oneByteAtATime() throws IOException {
    ChunkedSource source = ChunkedSource.oneByteAtATime(STREAM);
    assertReadsAll(source, 64, "one byte per read");
    assertEquals(STREAM.length + 1, source.reads, "a read per byte and one for EOF");
  }

  @Test
  void randomChunksAndBufferSizes() throws IOException {
    Random r = new Random(99);
    for (int run = 0; run < 500; run++) {
      int maxChunk = 1 + r.nextInt(run % 2 == 0 ? 16 : 2000);
      int bufferSize = 1 + r.nextInt(4096);
      assertReadsAll(ChunkedSource.randomChunks(STREAM, r, maxChunk), bufferSize,
          "run " + run + " (chunks up to " + maxChunk + ", buffer " + bufferSize + ")");
    }
  }

  // awaitInput (a JDBC connection waiting for a NOTIFY) takes no message: whatever it read is next()'s
  @Test
  void awaitingInputBuffersBytesButTakesNoMessage() throws IOException {
    ChunkedSource source = ChunkedSource.oneByteAtATime(STREAM);
    FrameReader reader = new FrameReader(source, MAX, 64);
    reader.awaitInput();
    assertEquals(1, reader.buffered(), "one read: the first byte");
    reader.awaitInput();
    assertEquals(1, source.reads, "bytes buffered already: no read");
    for (int i = 0; i < MESSAGES.size(); i++) {
      reader.awaitInput();
      byte[] expected = BackendEncoder.toBytes(MESSAGES.get(i));
      assertEquals(expected[0], reader.next(), "message " + i);
      assertBytes(expected, BackendEncoder.toBytes(reader.decode()), "message " + i);
    }
    assertEquals("the server closed the connection", assertThrows(EOFException.class, reader::awaitInput).getMessage());
  }

  /** A message's bytes as kept: the array the reader returned them in, and where. */
  private record Kept(byte[] buffer, int offset, int length, byte[] expected, int index) {}

  @Test
  void keptMessagesAreNeverWrittenOver() throws IOException {
    Random r = new Random(31);
    for (int run = 0; run < 300; run++) {
      int bufferSize = 64 + r.nextInt(4096);
      FrameReader reader = new FrameReader(ChunkedSource.randomChunks(STREAM, r, 1 + r.nextInt(3000)), MAX, bufferSize);
      List<Kept> kept = new ArrayList<>();
      for (int i = 0; i < MESSAGES.size(); i++) {
        reader.next();
        if (r.nextInt(3) > 0) {
          byte[] body = Arrays.copyOfRange(reader.buffer(), reader.bodyOffset(), reader.bodyOffset() + reader.bodyLength());
          kept.add(new Kept(reader.buffer(), reader.bodyOffset(), reader.bodyLength(), body, i));
          reader.keep();
        }
      }
      for (Kept k : kept) {
        byte[] now = Arrays.copyOfRange(k.buffer(), k.offset(), k.offset() + k.length());
        assertBytes(k.expected(), now, "run " + run + " (buffer " + bufferSize + "): kept message " + k.index());
      }
    }
  }

  @Test
  void aBufferIsReusedUntilAMessageInItIsKept() throws IOException {
    byte[] row = BackendEncoder.toBytes(new BackendMessage.CopyData(new byte[100]));
    byte[] stream = new byte[row.length * 50];
    for (int i = 0; i < 50; i++) {
      System.arraycopy(row, 0, stream, i * row.length, row.length);
    }
    FrameReader plain = new FrameReader(new ChunkedSource(stream), MAX, 256);
    plain.next();
    byte[] first = plain.buffer();
    for (int i = 1; i < 50; i++) {
      plain.next();
      assertTrue(plain.buffer() == first, "message " + i + ": the buffer is compacted in place");
    }
    FrameReader keeping = new FrameReader(new ChunkedSource(stream), MAX, 256);
    List<byte[]> buffers = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      keeping.next();
      if (buffers.isEmpty() || buffers.get(buffers.size() - 1) != keeping.buffer()) {
        buffers.add(keeping.buffer());
      }
      keeping.keep();
    }
    // 105 bytes a message, two to a 256-byte buffer: each kept buffer is left to the caller
    assertEquals(25, buffers.size(), "a new buffer each time a kept one is full");
  }

  @Test
  void eofAtAMessageBoundaryIsAClosedConnection() throws IOException {
    for (int k = 0; k < BOUNDARIES.size(); k += 7) {
      int cut = BOUNDARIES.get(k);
      FrameReader reader = new FrameReader(new ChunkedSource(Arrays.copyOf(STREAM, cut)), MAX, 64);
      for (int i = 0; i < k; i++) {
        reader.next();
      }
      EOFException e = assertThrows(EOFException.class, reader::next);
      assertEquals("the server closed the connection", e.getMessage());
    }
  }

  @Test
  void eofInsideAMessageSaysHowFarItGot() throws IOException {
    for (int cut = 1; cut < STREAM.length; cut++) {
      if (BOUNDARIES.contains(cut)) {
        continue;
      }
      int complete = 0;
      while (BOUNDARIES.get(complete + 1) <= cut) {
        complete++;
      }
      int start = BOUNDARIES.get(complete);
      int have = cut - start;
      FrameReader reader = new FrameReader(ChunkedSource.splitAt(Arrays.copyOf(STREAM, cut), cut / 2), MAX, 64);
      for (int i = 0; i < complete; i++) {
        reader.next();
      }
      EOFException e = assertThrows(EOFException.class, reader::next, "cut at " + cut);
      String expected = have < 5
          ? "the server closed the connection in the middle of a message (" + have + " of 5 bytes received)"
          : "the server closed the connection in the middle of "
              + BackendDecoder.nameOf(STREAM[start]) + " (" + have + " of " + (BOUNDARIES.get(complete + 1) - start)
              + " bytes received)";
      assertEquals(expected, e.getMessage(), "cut at " + cut);
    }
  }

  @Test
  void lengthBelowFourIsAProtocolError() {
    for (int length : new int[] {3, 0, -1, Integer.MIN_VALUE}) {
      byte[] header = bytes('Z', length >>> 24, (length >>> 16) & 0xFF, (length >>> 8) & 0xFF, length & 0xFF);
      FrameReader reader = new FrameReader(new ChunkedSource(header), MAX, 64);
      ProtocolException e = assertThrows(ProtocolException.class, reader::next);
      assertEquals("ReadyForQuery: invalid length " + length, e.getMessage());
    }
  }

  @Test
  void lengthOverTheMaximumThrowsBeforeReadingOrAllocatingTheBody() {
    // a header announcing a body of MAX + 1 bytes, and a source that fails if asked for more
    byte[] header = bytes('D', 0, 0x10, 0, 5); // type, length 1 MiB + 5: body of 1 MiB + 1
    ByteSource headerOnly = new ByteSource() {
      boolean served;

      @Override
      public int read(byte[] b, int off, int len) {
        if (served) {
          throw new AssertionError("the body was read");
        }
        served = true;
        System.arraycopy(header, 0, b, off, header.length);
        return header.length;
      }
    };
    FrameReader reader = new FrameReader(headerOnly, MAX, 64);
    ProtocolException e = assertThrows(ProtocolException.class, reader::next);
    assertEquals("DataRow of 1048577 bytes exceeds the maximum message size of 1048576 bytes (max_message_size)",
        e.getMessage());
    assertEquals(64, reader.buffer().length, "no buffer was allocated for the body");
  }

  @Test
  void aBodyOfExactlyTheMaximumIsAccepted() throws IOException {
    byte[] message = BackendEncoder.toBytes(new BackendMessage.CopyData(new byte[100]));
    FrameReader reader = new FrameReader(new ChunkedSource(message), 100, 64);
    assertEquals('d', reader.next());
    assertEquals(100, reader.bodyLength());
  }

  /** Regression: a maximum near Integer.MAX_VALUE let 1 + length overflow and the reader index negatively. */
  @Test
  void aMaximumThatWouldOverflowTheFrameLengthIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new FrameReader(new ChunkedSource(new byte[0]), Integer.MAX_VALUE, 64));
    FrameReader reader = new FrameReader(new ChunkedSource(bytes('d', 0x7F, 0xFF, 0xFF, 0xFF)), FrameReader.MAX_MESSAGE_SIZE, 64);
    assertThrows(ProtocolException.class, reader::next);
  }

  @Test
  void rawByteBeforeMessagesAndBufferedMessageDetection() throws IOException {
    byte[] stream = HexDump.concat(bytes('S'), BackendEncoder.toBytes(BackendMessage.NoData.INSTANCE),
        BackendEncoder.toBytes(new BackendMessage.ReadyForQuery(TransactionStatus.IDLE)));
    FrameReader reader = new FrameReader(new ChunkedSource(stream), MAX, 64);
    assertEquals('S', reader.nextRawByte());
    assertTrue(reader.hasBufferedMessage());
    assertEquals('n', reader.next());
    assertEquals(6, reader.buffered());
    assertEquals('Z', reader.next());
    assertFalse(reader.hasBufferedMessage());
  }

  @Test
  void trimShrinksTheBufferAfterALargeMessageAndReadingContinues() throws IOException {
    byte[] stream = HexDump.concat(BackendEncoder.toBytes(new BackendMessage.CopyData(new byte[10_000])),
        BackendEncoder.toBytes(BackendMessage.CopyDone.INSTANCE));
    FrameReader reader = new FrameReader(new ChunkedSource(stream, 10_005 + 2), MAX, 64);
    reader.next();
    assertTrue(reader.buffer().length >= 10_005);
    reader.trim(64);
    assertEquals(64, reader.buffer().length);
    assertEquals('c', reader.next());
  }
}

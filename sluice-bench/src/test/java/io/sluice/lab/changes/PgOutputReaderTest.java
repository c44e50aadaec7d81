package io.sluice.lab.changes;

import static org.junit.jupiter.api.Assertions.*;

import io.sluice.bench.BenchFailure;
import io.sluice.bench.Checksum;
import io.sluice.bench.Fold;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The lab's hand decoding of pgoutput for pgjdbc, on messages built as the protocol lays them out. */
class PgOutputReaderTest {
  @Test
  void anInsertIsFoldedAsTheOtherInterfacesFoldIt() throws IOException {
    Fold hand = new Fold();
    PgOutputReader reader = new PgOutputReader();
    assertEquals(PgOutputReader.Kind.INSERT, reader.read(insert("-42", "7", "é☃ text"), hand));
    Fold expected = new Fold();
    expected.add(Checksum.ofLong(-42));
    expected.add(Checksum.ofLong(7));
    expected.add(Checksum.ofString("é☃ text"));
    expected.endRow();
    assertEquals(expected.checksum(), hand.checksum());
    assertEquals(1, hand.rows());
    assertEquals(1, reader.inserts());
  }

  @Test
  void aCommitGivesItsCommitTime() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte('C');
    out.writeByte(0);
    out.writeLong(0x16B3748L);
    out.writeLong(0x16B3778L);
    out.writeLong(1_500_000L);   // 1.5 s after 2000-01-01
    PgOutputReader reader = new PgOutputReader();
    assertEquals(PgOutputReader.Kind.COMMIT, reader.read(ByteBuffer.wrap(bytes.toByteArray()), new Fold()));
    assertEquals(Instant.parse("2000-01-01T00:00:01.500Z"), reader.lastCommitTime());
    assertEquals(PgOutputReader.Kind.OTHER, reader.read(ByteBuffer.wrap(new byte[] {'B', 0, 0}), new Fold()));
  }

  @Test
  void aNullIsRefusedByName() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte('I');
    out.writeInt(16384);
    out.writeByte('N');
    out.writeShort(3);
    out.writeByte('n');
    BenchFailure e = assertThrows(BenchFailure.class,
        () -> new PgOutputReader().read(ByteBuffer.wrap(bytes.toByteArray()), new Fold()));
    assertTrue(e.getMessage().contains("column kind n"), e.getMessage());
  }

  /** pgoutput's Insert: 'I', relation id, 'N', column count, then each column as 't', length, text. */
  private static ByteBuffer insert(String... texts) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte('I');
    out.writeInt(16384);
    out.writeByte('N');
    out.writeShort(texts.length);
    for (String t : texts) {
      byte[] b = t.getBytes(StandardCharsets.UTF_8);
      out.writeByte('t');
      out.writeInt(b.length);
      out.write(b);
    }
    // a buffer whose payload does not start at the array's start, as pgjdbc hands it out
    byte[] framed = new byte[bytes.size() + 5];
    System.arraycopy(bytes.toByteArray(), 0, framed, 5, bytes.size());
    return ByteBuffer.wrap(framed, 5, bytes.size()).slice();
  }
}

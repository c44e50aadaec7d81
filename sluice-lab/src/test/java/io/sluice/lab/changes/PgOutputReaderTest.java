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
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The lab's hand decoding of pgoutput for pgjdbc, on messages built as the protocol lays them out. */
class PgOutputReaderTest {
  /** One row of the case's table in text format, and the values Sluice's typed getters give for it. */
  private static final String[] ROW = {"-42", "7", "9000000000", "-12.50", "é☃ text", "c17u",
      "2026-01-01 00:00:01.001+05:30", "t", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"};

  private static Fold expectedRow() {
    return expectedRow(new Fold());
  }

  private static Fold expectedRow(Fold f) {
    f.add(Checksum.ofLong(-42));
    f.add(Checksum.ofLong(7));
    f.add(Checksum.ofLong(9_000_000_000L));
    f.add(Checksum.ofBigDecimal(new BigDecimal("-12.50")));
    f.add(Checksum.ofString("é☃ text"));
    f.add(Checksum.ofString("c17u"));
    f.add(Checksum.ofTimestamp(OffsetDateTime.parse("2026-01-01T00:00:01.001+05:30")));
    f.add(Checksum.ofBoolean(true));
    f.add(Checksum.ofUuid(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")));
    f.endRow();
    return f;
  }

  @Test
  void anInsertIsFoldedAsTheOtherInterfacesFoldIt() throws IOException {
    Fold hand = new Fold();
    PgOutputReader reader = new PgOutputReader();
    assertEquals(PgOutputReader.Kind.INSERT, reader.read(change('I', null, ROW), hand));
    assertEquals(expectedRow().checksum(), hand.checksum());
    assertEquals(1, hand.rows());
    assertEquals(1, reader.changes());
  }

  @Test
  void anUpdateFoldsItsNewRowAndSkipsAnOldKey() throws IOException {
    Fold hand = new Fold();
    PgOutputReader reader = new PgOutputReader();
    assertEquals(PgOutputReader.Kind.UPDATE, reader.read(change('U', null, ROW), hand));
    assertEquals(PgOutputReader.Kind.UPDATE, reader.read(change('U', "41", ROW), hand));
    assertEquals(2, reader.changes());
    assertEquals(2, hand.rows());
    assertEquals(expectedRow(expectedRow()).checksum(), hand.checksum(), "the old key's value is not folded");
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
    out.writeShort(FeedTables.COLUMN_COUNT);
    out.writeByte('n');
    BenchFailure e = assertThrows(BenchFailure.class,
        () -> new PgOutputReader().read(ByteBuffer.wrap(bytes.toByteArray()), new Fold()));
    assertTrue(e.getMessage().contains("column kind n"), e.getMessage());
  }

  /**
   * pgoutput's Insert ({@code 'I'}) or Update ({@code 'U'}): relation id, for an update with {@code
   * oldKey} a {@code 'K'} tuple of that one value, then {@code 'N'}, column count, each column as
   * {@code 't'}, length, text.
   */
  private static ByteBuffer change(char tag, String oldKey, String... texts) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(tag);
    out.writeInt(16384);
    if (oldKey != null) {
      out.writeByte('K');
      tuple(out, oldKey);
    }
    out.writeByte('N');
    tuple(out, texts);
    // a buffer whose payload does not start at the array's start, as pgjdbc hands it out
    byte[] framed = new byte[bytes.size() + 5];
    System.arraycopy(bytes.toByteArray(), 0, framed, 5, bytes.size());
    return ByteBuffer.wrap(framed, 5, bytes.size()).slice();
  }

  private static void tuple(DataOutputStream out, String... texts) throws IOException {
    out.writeShort(texts.length);
    for (String t : texts) {
      byte[] b = t.getBytes(StandardCharsets.UTF_8);
      out.writeByte('t');
      out.writeInt(b.length);
      out.write(b);
    }
  }
}

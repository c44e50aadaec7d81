package io.sluice.internal.rows;

import io.sluice.protocol.Utf8;
import io.sluice.protocol.WireReader;
import io.sluice.types.Codec;
import io.sluice.types.TypeInfo;

/** Decodes rows of internal catalog queries without the public Row API. */
public final class RowReader {
  private RowReader() {}

  static Object[] values(RowLayout layout, byte[] buf, int off, int len) {
    WireReader r = new WireReader(buf, off, len, "DataRow");
    int n = r.count16("column count");
    if (n != layout.size()) {
      throw new io.sluice.protocol.ProtocolException("DataRow: " + n + " columns, expected " + layout.size());
    }
    Object[] out = new Object[n];
    for (int i = 0; i < n; i++) {
      int l = r.int32();
      if (l == -1) {
        continue;
      }
      int at = r.position();
      r.bytes(l);
      Codec<?> c = layout.codec(i);
      if (c == null) {
        out[i] = Utf8.decode(buf, at, l);
      } else {
        out[i] = layout.column(i).binary() ? c.decodeBinary(buf, at, l, layout.types()) : c.decodeText(buf, at, l, layout.types());
      }
    }
    return out;
  }

  public static TypeInfo typeInfo(RowLayout layout, byte[] buf, int off, int len) {
    Object[] v = values(layout, buf, off, len);
    return TypeInfo.fromRow(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
  }
}

package io.sluice.internal.replication;

import io.sluice.Column;
import io.sluice.internal.rows.RowLayout;
import io.sluice.replication.Change;
import io.sluice.replication.RelationColumn;
import io.sluice.types.Codec;
import io.sluice.types.TypeContext;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * A Relation message and what decoding its tuples needs: a row layout per pattern of binary and
 * text values (pgoutput marks each value {@code b} or {@code t}; with {@code binary 'true'} a type
 * without a binary send function still comes as text). Almost always one pattern per relation.
 */
final class RelationEntry {
  /** xml's OID: its binary form (xml_send) is its text in the client encoding, so it is read as text. */
  private static final int XML = 142;

  final Change.Relation relation;
  private final TypeContext types;
  private final Map<BitSet, RowLayout> layouts = new HashMap<>(4);

  RelationEntry(Change.Relation relation, TypeContext types) {
    this.relation = relation;
    this.types = types;
  }

  /** The layout for tuples whose binary values are the columns set in {@code binary}. */
  RowLayout layout(BitSet binary) {
    RowLayout l = layouts.get(binary);
    if (l == null) {
      int n = relation.columns().size();
      Column[] columns = new Column[n];
      Codec<?>[] codecs = new Codec<?>[n];
      for (int i = 0; i < n; i++) {
        RelationColumn rc = relation.columns().get(i);
        boolean b = binary.get(i) && rc.typeOid() != XML;
        Codec<?> c = types.registry().codecFor(rc.typeOid());
        // a codec that reads only text cannot read a binary value: the bytes are handed out as they are
        codecs[i] = c != null && (!b || c.binaryDecodes()) ? c : null;
        columns[i] = new Column(rc.name(), rc.typeOid(), rc.typeModifier(), relation.oid(), i + 1, b);
      }
      l = new RowLayout(columns, codecs, types);
      layouts.put((BitSet) binary.clone(), l);
    }
    return l;
  }
}

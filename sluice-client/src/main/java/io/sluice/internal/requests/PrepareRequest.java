package io.sluice.internal.requests;

import io.sluice.Column;
import io.sluice.internal.rows.RowLayout;
import io.sluice.protocol.BackendMessage.Field;
import io.sluice.protocol.BackendMessage.ParameterDescription;
import io.sluice.protocol.BackendMessage.RowDescription;
import io.sluice.protocol.BackendTag;
import io.sluice.protocol.FrameReader;
import io.sluice.protocol.FrontendMessage;
import io.sluice.protocol.FrontendTag;
import io.sluice.protocol.TransactionStatus;
import io.sluice.protocol.WireWriter;
import io.sluice.types.Codec;
import io.sluice.types.TypeContext;
import java.util.List;

/**
 * Parse + Describe(statement) + Sync: learns a statement's parameter types and result columns,
 * and chooses each column's format: binary where a codec decodes it, text otherwise.
 */
public final class PrepareRequest extends ExtendedRequest {
  private final ServerStatement st;
  private final TypeContext types;
  private int[] parameterTypes;
  private List<Field> fields = List.of();

  public PrepareRequest(ServerStatement st, TypeContext types) {
    super(true);
    this.st = st;
    this.types = types;
  }

  @Override
  protected int encode(WireWriter out) {
    new FrontendMessage.Parse(st.name(), st.key().sql(), st.key().declaredTypes()).encode(out);
    replies.expect(ExtendedReplies.Step.PARSE);
    new FrontendMessage.Describe(FrontendTag.STATEMENT, st.name()).encode(out);
    replies.expect(ExtendedReplies.Step.DESCRIBE_STATEMENT);
    FrontendMessage.Sync.INSTANCE.encode(out);
    replies.expect(ExtendedReplies.Step.SYNC);
    return 1;
  }

  @Override
  protected void onMessage(byte type, FrameReader frame) {
    switch (type) {
      case BackendTag.PARAMETER_DESCRIPTION -> parameterTypes = ((ParameterDescription) frame.decode()).types();
      case BackendTag.ROW_DESCRIPTION -> fields = ((RowDescription) frame.decode()).fields();
      default -> { /* ParseComplete, NoData, ErrorResponse (kept by the engine): in order, checked */ }
    }
  }

  @Override
  protected void onReady(TransactionStatus transactionStatus) {
    if (error() != null) {   // the server's ErrorResponse (or the connection failed meanwhile)
      return;
    }
    RowLayout layout = layout(fields, types);
    st.recordDescription(parameterTypes == null ? new int[0] : parameterTypes, layout, formats(layout));
  }

  public static RowLayout layout(List<Field> fields, TypeContext types) {
    Column[] columns = new Column[fields.size()];
    Codec<?>[] codecs = new Codec<?>[fields.size()];
    for (int i = 0; i < columns.length; i++) {
      Field f = fields.get(i);
      Codec<?> c = types.registry().codecFor(f.typeOid());
      codecs[i] = c;
      boolean binary = c != null && c.binaryDecodes();
      columns[i] = new Column(f.name(), f.typeOid(), f.typeModifier(), f.tableOid(), f.columnNumber(), binary);
    }
    return new RowLayout(columns, codecs, types);
  }

  /** One code for all columns when they agree (the common case), else one per column. */
  public static short[] formats(RowLayout layout) {
    int n = layout.size();
    if (n == 0) {
      return new short[0];
    }
    boolean allBinary = true;
    boolean allText = true;
    for (int i = 0; i < n; i++) {
      boolean binary = layout.column(i).binary();
      allBinary &= binary;
      allText &= !binary;
    }
    if (allBinary || allText) {
      return new short[] {(short) (allBinary ? 1 : 0)};
    }
    short[] f = new short[n];
    for (int i = 0; i < n; i++) {
      f[i] = (short) (layout.column(i).binary() ? 1 : 0);
    }
    return f;
  }

  @Override
  protected boolean acceptsBegin() {
    return true;
  }
}

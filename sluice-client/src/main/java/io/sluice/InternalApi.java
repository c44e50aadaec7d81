package io.sluice;

import io.sluice.internal.calls.ApiBridge;
import io.sluice.internal.session.ConnectParams;
import io.sluice.internal.rows.RowLayout;

/** This package's side of {@link ApiBridge}: not API, package-private. */
final class InternalApi implements ApiBridge.Api {
  @Override
  public ConnectParams connectParams(ConnectionConfig config) {
    return ConnectSettings.from(config, null);
  }

  @Override
  public Row row(RowLayout layout, byte[] buf, int start) {
    return new Row(layout, buf, start);
  }
}

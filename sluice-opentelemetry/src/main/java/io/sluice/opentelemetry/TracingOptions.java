package io.sluice.opentelemetry;

/**
 * What the spans of a {@link TracingListener} hold.
 *
 * @param queryText whether to record {@code db.query.text}. On by default: OpenTelemetry's
 *     conventions collect parameterised SQL by default (docs/db/database-spans.md, "Sanitization
 *     of db.query.text"), and Sluice's SQL holds {@code $n} placeholders, never parameter values.
 *     Turn it off if your statements write values into their text as literals.
 * @param returnedRows whether to record {@code db.response.returned_rows} (opt-in in the
 *     conventions): the rows a query returned, or for INSERT, UPDATE, DELETE and COPY the rows
 *     its command tag counts
 * @param naming how statement spans are named
 */
public record TracingOptions(boolean queryText, boolean returnedRows, SpanNaming naming) {
  /** Query text on, returned rows off, spans named by query summary. */
  public static final TracingOptions DEFAULT = new TracingOptions(true, false, SpanNaming.QUERY_SUMMARY);

  public TracingOptions {
    if (naming == null) {
      throw new IllegalArgumentException("TracingOptions: naming is null (use SpanNaming.QUERY_SUMMARY or SYSTEM)");
    }
  }

  public TracingOptions withQueryText(boolean on) {
    return new TracingOptions(on, returnedRows, naming);
  }

  public TracingOptions withReturnedRows(boolean on) {
    return new TracingOptions(queryText, on, naming);
  }

  public TracingOptions withNaming(SpanNaming n) {
    return new TracingOptions(queryText, returnedRows, n);
  }
}

package io.sluice.opentelemetry;

import java.util.List;
import java.util.function.Function;

/**
 * What a batch's span says of its statements, after OpenTelemetry's database conventions
 * (docs/db/postgresql.md, notes on db.operation.batch.size, db.query.summary and db.query.text): a
 * batch of one is an ordinary statement; a batch of statements with one summary is {@code BATCH}
 * and that summary, else {@code BATCH}; its text is the statements' common text, else all of them
 * joined by {@code "; "}.
 *
 * @param summary the batch's db.query.summary
 * @param text the batch's db.query.text
 * @param size the number of statements, or -1 when it is one statement (no db.operation.batch.size)
 */
record BatchShape(String summary, String text, int size) {
  /** The shape of a batch of {@code sqls}, each summarised by {@code summarise}. */
  static BatchShape of(List<String> sqls, Function<String, String> summarise) {
    if (sqls.size() == 1) {
      return new BatchShape(summarise.apply(sqls.get(0)), sqls.get(0), -1);
    }
    List<String> summaries = sqls.stream().map(summarise).distinct().toList();
    String summary = summaries.size() == 1 && !summaries.get(0).isEmpty() ? "BATCH " + summaries.get(0) : "BATCH";
    List<String> texts = sqls.stream().distinct().toList();
    String text = texts.size() == 1 ? texts.get(0) : String.join("; ", sqls);
    return new BatchShape(summary, text, sqls.size());
  }
}

(ns sluice.impl.batch
  "Statements sent together: `batch!` (several statements), `execute-batch!` (one statement, many
  parameter groups) and `execute-script!` (multi-statement SQL). A statement that fails inside a
  non-atomic batch takes its place in the result as an ex-info that prints as data."
  (:require [sluice.impl.errors :as errors]
            [sluice.impl.placeholders :as placeholders]
            [sluice.impl.query :as q]
            [sluice.impl.statement :as statement])
  (:import (clojure.lang ExceptionInfo)
           (io.sluice Batch Batch$Item BatchException Connection RowSet SluiceException)))

(set! *warn-on-reflection* true)

;; marks the ex-info of a statement that failed inside a batch, so that it prints as its data
(definterface StatementFailure)

(defn failure
  "The ex-info for statement `index` of a batch (SQL `sql`) that failed with `e`: ex-data as
  sluice.impl.errors/ex gives it, with `:index` and `:sql`."
  ^ExceptionInfo [^SluiceException e index ^String sql]
  (let [x (errors/ex e)]
    (proxy [ExceptionInfo StatementFailure] [(ex-message x) (assoc (ex-data x) :index index :sql sql) e])))

;; at the REPL a failed statement in a batch's result reads as data, not as a stack trace
(defmethod print-method StatementFailure [e ^java.io.Writer w]
  (.write w "#sluice/failed ")
  (print-method (ex-data e) w))

(prefer-method print-method StatementFailure Throwable)

(defn- statements
  "[[sql-as-given sql-to-send params] …] from statements, for `mode`, on connection c."
  [c mode stmts]
  (when-not (sequential? stmts)
    (throw (errors/bad-input "batch! takes a sequence of statements (strings or [sql & params] vectors)" {})))
  (mapv (fn [s]
          (let [[sql params] (q/sql-params s)]
            [sql (placeholders/for-mode c mode sql) params]))
        stmts))

(defn- result-fn
  "Turns a RowSet into what execute! returns for it (default shape) under opts."
  [executor opts]
  (fn [^RowSet rs]
    (q/execute (reify q/Source
                 (-connection [_] executor)
                 (-rows [_] rs))
               (dissoc opts :atomic? :placeholders))))

(defn- fill ^Batch [^Connection c stmts]
  (let [^Batch b (errors/translating (.batch c))]
    (doseq [[_ sql params] stmts] (.add b ^String sql ^objects params))
    b))

(defn run
  "Runs `stmts` (strings or [sql & params] vectors) in one batch on connection c; see
  sluice.core/batch!. `executor` is what the caller passed (for table names)."
  [executor ^Connection c stmts opts]
  (let [mode (placeholders/check-mode (:placeholders opts))
        stmts (statements c mode stmts)
        b (fill c stmts)
        result (result-fn executor opts)]
    (if (:atomic? opts)
      (try
        (mapv result (.runAtomic b))
        (catch BatchException e
          (let [[sql] (nth stmts (.index e))]
            (throw (statement/annotate (errors/ex e) sql mode))))
        (catch SluiceException e (throw (errors/ex e))))
      (let [items (errors/translating (.run b))]
        (into [] (map-indexed (fn [i ^Batch$Item item]
                                (if (.ok item)
                                  (result (.rows item))
                                  (failure (.error item) i (first (nth stmts i))))))
              items)))))

(defn script
  "Runs multi-statement SQL on executor q through the simple query protocol; one map per
  statement (see sluice.core/execute-script!)."
  [^io.sluice.Queryable q ^String sql]
  (mapv (fn [^io.sluice.SimpleResult r]
          (cond-> {:sluice/command (.commandTag r) :sluice/update-count (.rowCount r)}
            (seq (.columns r))
            (assoc :sluice/rows (mapv #(zipmap (map keyword (.columns r)) %) (.rows r)))))
        (errors/translating (.simpleQuery q sql))))

(defn- returns-rows?
  "Whether the statement may return rows (a RETURNING clause): then every group's rows are kept.
  A 'returning' inside a literal only costs the multi-row form."
  [^String sql]
  (.contains (.toLowerCase sql java.util.Locale/ROOT) "returning"))

(defn execute-batch
  "Runs one statement once per group of parameters, in one batch on connection c, all or nothing,
  within `timeout` (a Duration, or nil for query_timeout); see sluice.core/execute-batch!.
  Without RETURNING it goes through Connection.executeMany (single-row inserts as multi-row
  ones); with it, through a Batch that keeps each group's rows."
  [executor ^Connection c ^java.time.Duration timeout ^String sql groups opts]
  (when-not (string? sql)
    (throw (errors/bad-input "execute-batch! takes a SQL string and a sequence of parameter groups" {})))
  (when-not (and (sequential? groups) (every? sequential? groups))
    (throw (errors/bad-input "execute-batch!'s parameter groups are a sequence of vectors" {})))
  (if (empty? groups)
    []
    (let [mode (placeholders/check-mode (:placeholders opts))
          to-send (placeholders/for-mode c mode sql)
          run (fn [f] (statement/annotating sql mode
                        (try (f) (catch SluiceException e (throw (errors/ex e))))))]
      (if-not (returns-rows? sql)
        (let [^io.sluice.Queryable q (if timeout (.withTimeout c timeout) c)
              arrays (java.util.ArrayList. ^java.util.Collection (mapv q/params-array groups))]
          (vec (run #(.executeMany q to-send arrays))))
        (let [^Batch b (errors/translating (if timeout (.batch c timeout) (.batch c)))
              _ (doseq [g groups] (.add b to-send (q/params-array g)))
              sets (run #(.runAtomic b))]
          (if (.isEmpty (.columns ^RowSet (first sets)))
            (mapv #(.rowCount ^RowSet %) sets)
            (let [result (result-fn executor opts)]
              (into [] (mapcat result) sets))))))))

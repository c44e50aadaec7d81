(ns sluice.impl.datafy
  "datafy/nav on rows, as next.jdbc offers them: `(datafy row)` is the row as a plain map whose
  `nav` follows a column's foreign key (read from the catalog: a single-column FOREIGN KEY
  constraint) to the row it references, fetched from where the row came from (its connection,
  transaction or pool); a column with no foreign key navigates to its value."
  (:require [clojure.core.protocols :as p]
            [sluice.impl.errors :as errors]
            [sluice.impl.query :as q]
            [sluice.impl.row :as row])
  (:import (io.sluice Column Queryable Row RowSet)
           (io.sluice.sql Identifiers)
           (java.util HashMap List Map WeakHashMap)))

(set! *warn-on-reflection* true)

(def ^:private foreign-key-sql
  "The table and column a single-column foreign key on (table OID, column number) references."
  "select c.confrelid::regclass::text, a.attname::text
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.confrelid and a.attnum = c.confkey[1]
    where c.contype = 'f' and c.conrelid = $1::int8::oid and cardinality(c.conkey) = 1 and c.conkey[1] = $2::int2
    limit 1")

;; executor -> {[table-oid column-number] [table-sql column-sql] or ::none}
(def ^:private foreign-keys (java.util.Collections/synchronizedMap (WeakHashMap.)))

(defn- fk-cache ^Map [x]
  (q/executor-cache foreign-keys x))

(defn- foreign-key
  "[referenced-table-sql quoted-column] for the column, or nil."
  [executor table-oid column-number]
  (let [cache (fk-cache executor)
        k [table-oid column-number]
        hit (.get cache k)]
    (if hit
      (when-not (= ::none hit) hit)
      (let [^RowSet rs (errors/translating
                        (.query ^Queryable executor foreign-key-sql
                                (object-array [(bit-and (long table-oid) 0xffffffff) (short column-number)])))
            v (when (pos? (.size rs))
                (let [^Row r (.view rs 0)]
                  [(.get r 0) (Identifiers/quote ^String (.get r 1))]))]
        (.put cache k (or v ::none))
        v))))

(defn- navigator
  "nav for a datafied row: `sources` maps each key to [table-oid column-number]."
  [executor sources]
  (fn [_ k v]
    (let [[table-oid column-number] (get sources k)]
      (if-let [[table column] (when (and executor (some? v) table-oid (pos? (long table-oid)))
                                (foreign-key executor table-oid column-number))]
        (q/execute (q/statement executor (str "select * from " table " where " column " = $1") (q/params-array [v]))
                   {:as :first})
        v))))

(defn- sources
  "{key [table-oid column-number]} of a lazy row's columns."
  [r]
  (let [^sluice.impl.row.Shape shape (row/row-shape r)
        ^List columns (.columns ^Row (row/row-view r))
        m (HashMap.)]
    (doseq [^java.util.Map$Entry e (.-index shape)]
      ;; the index holds each key's slot; the shape's cols, the column behind it
      (let [^Column c (.get columns (aget ^ints (.-cols shape) (int (.getValue e))))]
        (.put m (.getKey e) [(.tableOid c) (.columnNumber c)])))
    (into {} m)))

(extend-protocol p/Datafiable
  sluice.impl.row.LazyRow
  (datafy [r]
    (let [executor (q/executor-of (row/row-shape r))]
      (with-meta (row/realize r) {`p/nav (navigator executor (sources r))}))))

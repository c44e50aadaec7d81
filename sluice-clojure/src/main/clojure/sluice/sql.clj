(ns sluice.sql
  "next.jdbc.sql's friendly functions over sluice.core: insert!, insert-multi!, update!, delete!,
  get-by-id and find-by-keys. Table and column names go into the SQL through `:table-fn` and
  `:column-fn` (by default `table-name` and `quoted`: double-quoted, so any name is taken
  literally and none can end the identifier early); values always travel as parameters.

  `where` is a map of column keys to values (`=`, or `is null` for nil, all and-ed), or a vector
  [\"sql\" & params] whose SQL uses `?` placeholders, as in next.jdbc. Other options go to
  sluice.core/execute! (`:keys`, `:builder-fn`…)."
  (:require [clojure.string :as str]
            [sluice.core :as sluice]
            [sluice.impl.errors :as errors]
            [sluice.impl.options :as options]
            [sluice.impl.query :as q])
  (:import (io.sluice.sql Identifiers)
           (java.util Map WeakHashMap)))

(set! *warn-on-reflection* true)

;; ---------------------------------------------------------------------------------------------
;; names

(defn quoted
  "A name as a quoted identifier (the default `:column-fn`): double quotes around it, double quotes
  in it doubled; an empty name, a NUL or a name past 63 bytes is refused."
  ^String [^String s]
  (errors/translating (Identifiers/quote s)))

(defn table-name
  "The default `:table-fn`: a table name, with dots separating schema and table, each part quoted
  (`\"app.users\"` → `\"app\".\"users\"`)."
  ^String [^String s]
  (str/join "." (map quoted (str/split s #"\." -1))))

(defn- entity-name
  "The name of a table or column key: a keyword's name (its namespace, a row's table, is dropped),
  a string as is."
  ^String [k]
  (cond (keyword? k) (name k)
        (string? k) k
        (symbol? k) (name k)
        :else (throw (errors/bad-input (str "a table or column name is a keyword or a string, not " (errors/shown k)) {}))))

(def ^:private sql-options #{:table-fn :column-fn :order-by :limit :offset :columns :copy?})

(defn- naming
  "[table-fn column-fn] of the options, each taking a name and returning its SQL."
  [opts]
  (let [tf (or (:table-fn opts) table-name)
        cf (or (:column-fn opts) quoted)]
    (when-not (and (ifn? tf) (ifn? cf))
      (throw (errors/bad-input ":table-fn and :column-fn are functions of a name" {})))
    [(fn [k] (tf (entity-name k))) (fn [k] (cf (entity-name k)))]))

(defn- call-options
  "The options of a call through `connectable` (with-options defaults merged) and what goes to
  execute!: the rest, with `?` placeholders."
  [connectable opts allowed-core]
  (let [opts (options/merged connectable opts (into sql-options allowed-core))]
    [opts (-> (apply dissoc opts sql-options) (assoc :placeholders :question-mark))]))

(def ^:private execute-options
  #{:keys :json-keys :as :index-by :group-by :kv :reduce :xform :builder-fn :label-fn :qualifier-fn})

(def ^:private one-options #{:keys :json-keys :builder-fn :label-fn :qualifier-fn})

;; ---------------------------------------------------------------------------------------------
;; where clauses

(defn- where-clause
  "[sql params] of a where map or [sql & params] vector."
  [column where]
  (cond
    (and (map? where) (seq where))
    [(str/join " and " (for [[k v] where] (str (column k) (if (nil? v) " is null" " = ?"))))
     (into [] (remove nil?) (vals where))]

    (map? where)
    (throw (errors/bad-input "an empty where map would match every row: pass [\"true\"] to mean that" {}))

    (and (vector? where) (string? (first where)))
    [(first where) (vec (rest where))]

    :else
    (throw (errors/bad-input (str "where is a map of columns to values or a [sql & params] vector, not " (errors/shown where)) {}))))

;; ---------------------------------------------------------------------------------------------
;; the functions

(defn insert!
  "Inserts one row from a map of columns to values and returns the row inserted (`returning *`)."
  ([connectable table row] (insert! connectable table row nil))
  ([connectable table row opts]
   (when-not (and (map? row) (seq row))
     (throw (errors/bad-input "insert! takes a non-empty map of columns to values" {})))
   (let [[opts run-opts] (call-options connectable opts one-options)
         [tbl col] (naming opts)]
     (sluice/execute-one! connectable
                          (into [(str "insert into " (tbl table) " (" (str/join ", " (map col (keys row)))
                                      ") values (" (str/join ", " (repeat (count row) "?")) ") returning *")]
                                (vals row))
                          run-opts))))

;; column types per executor and table, for unnest's casts (the server cannot infer the element
;; type of unnest's argument); an entry is dropped when an insert fails
(def ^:private column-types (java.util.Collections/synchronizedMap (WeakHashMap.)))

(defn- type-cache ^Map [x]
  (q/executor-cache column-types x))

(defn- types-of
  "{column-name [sql-type array?]} of the table (one round trip, then cached)."
  [connectable ^String table-sql]
  (let [cache (type-cache (options/unwrap connectable))]
    (or (.get cache table-sql)
        (let [m (sluice/execute! (options/unwrap connectable)
                                 ["select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type,
                                          (a.attndims > 0 or t.typcategory = 'A') as array
                                     from pg_attribute a join pg_type t on t.oid = a.atttypid
                                    where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped"
                                  table-sql]
                                 {:kv [:name (juxt :type :array)]})]
          (.put cache table-sql m)
          m))))

(defn- rows-and-columns
  "[column-keys rows-as-vectors] from (cols rows) or (maps)."
  [cols rows]
  (if (nil? cols)
    (let [ks (vec (distinct (mapcat keys rows)))]
      (when-not (every? map? rows)
        (throw (errors/bad-input "insert-multi! without columns takes a sequence of maps" {})))
      [ks (mapv (fn [m] (mapv #(get m %) ks)) rows)])
    (do (when-not (every? #(and (sequential? %) (= (count cols) (count %))) rows)
          (throw (errors/bad-input (str "insert-multi!'s rows are vectors of " (count cols) " values, one per column") {})))
        [(vec cols) (mapv vec rows)])))

(defn- unnest-insert
  [connectable table-sql col ks rows run-opts]
  (let [types (types-of connectable table-sql)
        names (map #(let [n (entity-name %)] [n (get types n)]) ks)]
    (doseq [[n [_ array?]] names]
      (when (nil? (get types n))
        (throw (errors/bad-input (str "no column " n " in " table-sql) {})))
      (when array?
        (throw (errors/bad-input (str "column " n " holds arrays, which unnest would flatten: pass {:copy? true}") {}))))
    (try
      (sluice/execute! connectable
                       (into [(str "insert into " table-sql " (" (str/join ", " (map col ks)) ") select * from unnest("
                                   (str/join ", " (for [[_ [type]] names] (str "?::" type "[]"))) ") returning *")]
                             (for [i (range (count ks))] (mapv #(nth % i) rows)))
                       run-opts)
      (catch clojure.lang.ExceptionInfo e
        (.remove (type-cache (options/unwrap connectable)) table-sql)
        (throw e)))))

(defn insert-multi!
  "Inserts many rows in one statement, one round trip: (insert-multi! db table columns rows) with
  rows as vectors in column order, or (insert-multi! db table maps). Returns the rows inserted
  (`insert … select * from unnest(…) returning *`, each column sent as one array parameter; the
  columns' types are read from the catalog once per table). Option `:copy? true` loads the rows
  by COPY instead (array columns need it) and returns {:sluice/update-count n}."
  ([connectable table maps] (insert-multi! connectable table nil maps nil))
  ([connectable table cols-or-maps rows-or-opts]
   (if (and (sequential? cols-or-maps) (every? map? cols-or-maps) (or (nil? rows-or-opts) (map? rows-or-opts)))
     (insert-multi! connectable table nil cols-or-maps rows-or-opts)
     (insert-multi! connectable table cols-or-maps rows-or-opts nil)))
  ([connectable table cols rows opts]
   (let [[opts run-opts] (call-options connectable opts execute-options)
         [tbl col] (naming opts)
         [ks rows] (rows-and-columns cols rows)]
     (cond
       (empty? rows) (if (:copy? opts) {:sluice/update-count 0} [])
       (:copy? opts) {:sluice/update-count
                      (sluice/copy-in! connectable (tbl table) rows {:columns (mapv entity-name ks)})}
       :else (unnest-insert connectable (tbl table) col ks rows run-opts)))))

(defn update!
  "Sets the columns of `set-map` on the rows `where` matches; returns {:sluice/update-count n}."
  ([connectable table set-map where] (update! connectable table set-map where nil))
  ([connectable table set-map where opts]
   (when-not (and (map? set-map) (seq set-map))
     (throw (errors/bad-input "update! takes a non-empty map of columns to values" {})))
   (let [[opts run-opts] (call-options connectable opts one-options)
         [tbl col] (naming opts)
         [where-sql where-params] (where-clause col where)]
     (sluice/execute-one! connectable
                          (-> [(str "update " (tbl table) " set " (str/join ", " (map #(str (col %) " = ?") (keys set-map)))
                                    " where " where-sql)]
                              (into (vals set-map))
                              (into where-params))
                          run-opts))))

(defn delete!
  "Deletes the rows `where` matches; returns {:sluice/update-count n}."
  ([connectable table where] (delete! connectable table where nil))
  ([connectable table where opts]
   (let [[opts run-opts] (call-options connectable opts one-options)
         [tbl col] (naming opts)
         [where-sql where-params] (where-clause col where)]
     (sluice/execute-one! connectable (into [(str "delete from " (tbl table) " where " where-sql)] where-params)
                          run-opts))))

(defn- order-by-sql [col order-by]
  (when-not (sequential? order-by)
    (throw (errors/bad-input (str ":order-by is a vector of columns or [column :asc|:desc] pairs, not " (errors/shown order-by)) {})))
  (str " order by "
       (str/join ", " (for [o order-by]
                        (if (vector? o)
                          (let [[k dir] o]
                            (when-not (#{:asc :desc} dir)
                              (throw (errors/bad-input (str "an :order-by direction is :asc or :desc, not " (errors/shown dir)) {})))
                            (str (col k) " " (name dir)))
                          (col o))))))

(defn- count-option [k v]
  (when-not (and (integer? v) (not (neg? v)))
    (throw (errors/bad-input (str k " is a count, 0 or more, not " (errors/shown v)) {:option k})))
  v)

(defn find-by-keys
  "The rows of `table` that `where` matches (`:all` for every row), as execute! returns them.
  Options: `:columns` (keys to select; all by default), `:order-by` ([:name [:id :desc]]),
  `:limit`, `:offset`, and execute!'s."
  ([connectable table where] (find-by-keys connectable table where nil))
  ([connectable table where opts]
   (let [[opts run-opts] (call-options connectable opts execute-options)
         [tbl col] (naming opts)
         [where-sql where-params] (when-not (= :all where) (where-clause col where))
         sql (str "select " (if-let [cs (seq (:columns opts))] (str/join ", " (map col cs)) "*")
                  " from " (tbl table)
                  (when where-sql (str " where " where-sql))
                  (when-let [o (:order-by opts)] (order-by-sql col o))
                  (when (:limit opts) " limit ?")
                  (when (:offset opts) " offset ?"))]
     (sluice/execute! connectable
                      (cond-> (into [sql] where-params)
                        (:limit opts) (conj (count-option :limit (:limit opts)))
                        (:offset opts) (conj (count-option :offset (:offset opts))))
                      run-opts))))

(defn get-by-id
  "The row of `table` whose `pk-name` column (`:id` by default) is `pk`, or nil."
  ([connectable table pk] (get-by-id connectable table pk :id nil))
  ([connectable table pk opts] (get-by-id connectable table pk :id opts))
  ([connectable table pk pk-name opts]
   (let [[opts run-opts] (call-options connectable opts one-options)
         [tbl col] (naming opts)]
     (sluice/execute-one! connectable [(str "select * from " (tbl table) " where " (col pk-name) " = ?") pk] run-opts))))

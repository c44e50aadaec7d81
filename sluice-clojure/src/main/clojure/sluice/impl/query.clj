(ns sluice.impl.query
  "How sluice.core runs a statement: SQL and parameters from a string or a [sql & params] vector,
  options checked, rows made lazy maps, result shapes computed while the rows are walked."
  (:require [clojure.string :as str]
            [sluice.builders :as builders]
            [sluice.codec :as codec]
            [sluice.impl.errors :as errors]
            [sluice.impl.row :as row]
            [sluice.impl.values :as values]
            [sluice.json :as json])
  (:import (clojure.lang BigInt IPersistentMap IReduceInit Keyword)
           (io.sluice Column PreparedQuery Queryable Row RowSet Transaction)
           (io.sluice.types TypeDependent)
           (io.sluice.internal.clojure RowVector)
           (java.util List Map)
           (java.util.concurrent ConcurrentHashMap)
           (java.util.function Predicate)))

(set! *warn-on-reflection* true)

;; ---------------------------------------------------------------------------------------------
;; options

(def key-modes
  "The values of the :keys option."
  #{:unqualified :qualified :kebab :qualified-kebab})

(def shapes
  "The values of the :as option."
  #{:rows :maps :first :column :vectors})

(def query-options
  "Every option execute! takes."
  #{:keys :json-keys :as :index-by :group-by :kv :reduce :xform :builder-fn :label-fn :qualifier-fn})

(def plan-options
  "Every option plan takes."
  #{:keys :json-keys :builder-fn :label-fn :qualifier-fn})

(defn- fn-like? [x] (or (fn? x) (keyword? x) (instance? clojure.lang.IFn x)))

(defn check-options
  "Returns opts after checking every key and value; a mistake is an ex-info naming it."
  [opts allowed]
  (when (some? opts)
    (when-not (map? opts)
      (throw (errors/bad-input (str "options must be a map, not " (.getName (class opts))) {})))
    (doseq [k (keys opts)]
      (when-not (contains? allowed k)
        (throw (errors/bad-input (str "unknown option " (errors/shown k) "; the options here are "
                                      (str/join " " (sort allowed))
                                      ;; next.jdbc's way to get generated keys
                                      (when (= k :return-keys)
                                        ". PostgreSQL returns what a statement made with RETURNING: add `returning *` (or `returning id`) to the SQL"))
                                 {:option k}))))
    (when-let [v (:keys opts)]
      (when-not (contains? key-modes v)
        (throw (errors/bad-input (str ":keys must be one of " (str/join " " (sort key-modes)) ", not " (errors/shown v))
                                 {:option :keys :value v}))))
    (when-let [v (:json-keys opts)]
      (when-not (#{:keyword :string} v)
        (throw (errors/bad-input (str ":json-keys must be :keyword or :string, not " (errors/shown v))
                                 {:option :json-keys :value v}))))
    (when-let [v (:as opts)]
      (when-not (contains? shapes v)
        (throw (errors/bad-input (str ":as must be one of " (str/join " " (sort shapes)) ", not " (errors/shown v))
                                 {:option :as :value v}))))
    (doseq [k [:index-by :group-by]]
      (when-let [v (get opts k)]
        (when-not (fn-like? v)
          (throw (errors/bad-input (str k " must be a function or a key, not " (errors/shown v)) {:option k :value v})))))
    (doseq [k [:builder-fn :label-fn :qualifier-fn]]
      (when-let [v (get opts k)]
        (when-not (ifn? v)
          (throw (errors/bad-input (str k " must be a function, not " (errors/shown v)) {:option k :value v})))))
    (when-let [v (:kv opts)]
      (when-not (and (vector? v) (= 2 (count v)) (every? fn-like? v))
        (throw (errors/bad-input (str ":kv must be [key-fn value-fn], not " (errors/shown v)) {:option :kv :value v}))))
    (when-let [v (:reduce opts)]
      (when-not (and (vector? v) (= 2 (count v)) (fn-like? (first v)))
        (throw (errors/bad-input (str ":reduce must be [reducing-fn init], not " (errors/shown v)) {:option :reduce :value v}))))
    (let [chosen (filter #(contains? opts %) [:as :index-by :group-by :kv :reduce])]
      (when (> (count chosen) 1)
        (throw (errors/bad-input (str "choose one result shape, not " (str/join " and " chosen)) {:options (vec chosen)}))))
    (when (and (:xform opts) (some #(contains? opts %) [:as :index-by :group-by :kv]))
      (throw (errors/bad-input ":xform goes alone or with :reduce" {:option :xform}))))
  opts)

;; ---------------------------------------------------------------------------------------------
;; SQL and parameters

(declare param)

(defn- holds-map?
  "Whether a sequential value holds a map, at any depth: a PostgreSQL array cannot (jsonb[] aside),
  so it is JSON or an array of JSON, whichever the server's type for it says."
  [xs]
  ;; a map a SettableParameter turns into something else (a record of the user's type) is not JSON
  (some #(or (and (map? %) (identical? (codec/as-parameter %) %)) (and (sequential? %) (holds-map? %))) xs))

;; A vector or list holding maps: sent as JSON text when the server infers json or jsonb for it
;; (or the COPY column is one), else as an array of its elements (maps as JSON text: jsonb[]).
(deftype JsonOrArray [xs]
  TypeDependent
  (valueFor [_ oid]
    (if (or (== oid 114) (== oid 3802))   ; json, jsonb (pg_type.dat)
      (json/write-str xs)
      (mapv param xs))))

(defn param
  "A Clojure value as a parameter the core can send: a map (or a value wrapped by
  sluice.json/json) becomes JSON text, a keyword its name, a vector or list a list of parameters
  (an array; when it holds maps, JSON if the server's type for it is json/jsonb), Clojure's BigInt
  and Ratio Java numbers (a ratio without an exact decimal is an error), java.util.Date and
  java.sql's time classes java.time values (sluice.impl.values/param). Everything else goes as is;
  the core refuses, with a clear message, a value of no PostgreSQL type. sluice.codec/as-parameter
  applies first: what it returns in place of the value goes as is."
  [v]
  (let [p (codec/as-parameter v)]
    (cond
      (not (identical? p v)) p
      (nil? v) nil
      (string? v) v
      (number? v) (if (instance? BigInt v) (.toBigInteger ^BigInt v) (values/param v))
      (keyword? v) (let [^Keyword k v] (if (namespace k) (str (namespace k) "/" (name k)) (name k)))
      (instance? IPersistentMap v) (json/write-str v)
      (json/json-param? v) (json/param-text v)
      (sequential? v) (if (holds-map? v) (JsonOrArray. v) (mapv param v))
      :else (values/param v))))

(defn params-array
  "The parameters as the array the core takes."
  ^objects [params]
  (let [a (object-array (count params))]
    (loop [i 0 s (seq params)]
      (when s
        (aset a i (param (first s)))
        (recur (inc i) (next s))))
    a))

(def ^:private no-params (object-array 0))

(defn sql-params
  "[sql params-array] from a SQL string or a [sql & params] vector (or list)."
  [x]
  (cond
    (string? x) [x no-params]
    (and (sequential? x) (string? (first x))) [(first x) (params-array (rest x))]
    :else (throw (errors/bad-input (str "expected a SQL string or a vector [sql & params], not "
                                        (if (nil? x) "nil" (errors/shown (if (sequential? x) (first x) (class x)))))
                                   {:sql-params (if (sequential? x) (into [] (map class) x) (class x))}))))

;; ---------------------------------------------------------------------------------------------
;; what is learnt from the catalog, per connection or pool: table names, for :qualified keys

;; table OID -> name, per connection or pool (OIDs are per database; a renamed table keeps its
;; old name here until the connection is closed). A transaction shares its connection's.
(def ^:private tables (java.util.Collections/synchronizedMap (java.util.WeakHashMap.)))

(defn executor-cache
  "The map that `registry` (a synchronized WeakHashMap) keeps for executor x: what is learnt from the
  catalog, per connection or pool. A transaction shares its connection's."
  ^Map [^Map registry x]
  ;; The one test of a target's type left in sluice-clojure (layout.md 3.4): a transaction is keyed by the connection under it, so
  ;; that what one transaction learns serves the next. No Queryable method names that connection
  ;; (Queryable.session on a pool would borrow one just to find a key), and a protocol method for
  ;; a private cache key would be an extension point nobody should extend.
  (let [k (if (instance? Transaction x) (.connection ^Transaction x) x)]
    (or (.get registry k)
        (let [m (ConcurrentHashMap.)] (.put registry k m) m))))

(defn- table-cache ^Map [x]
  (executor-cache tables x))

(defn load-table-names!
  "Makes sure the names of the tables these columns come from are known for this executor."
  [x ^List columns]
  (let [cache (table-cache x)
        missing (into [] (comp (map #(long (.tableOid ^Column %)))
                               (remove zero?)
                               (remove #(.containsKey cache %))
                               (distinct))
                      columns)]
    (when (seq missing)
      (doseq [^Row r (.query ^Queryable x "select oid::int8, relname::text from pg_class where oid::int8 = any($1)"
                             (object-array [missing]))]
        (.put cache (.get r 0) (.get r 1))))))

(defn- table-of [x]
  (let [cache (table-cache x)]
    (fn [oid] (.get cache (long oid)))))

;; shape -> the executor its rows came from, for datafy/nav (sluice.impl.datafy), which follows
;; foreign keys with further statements there; weak, so a result's entry goes with its rows
(def ^:private shape-executors (java.util.Collections/synchronizedMap (java.util.WeakHashMap.)))

(defn executor-of
  "The connection, transaction or pool the rows of this shape came from, or nil."
  [shape]
  (.get ^Map shape-executors shape))

(defn make-shape
  "The row shape for these columns under the options."
  [c ^List columns opts]
  (let [b (builders/for-options columns opts)
        json-opts (when (= :string (:json-keys opts)) {:keys :string})
        s (row/shape columns (when (:qualified? b) (table-of c)) (:column-key b) #(json/read-str % json-opts))]
    (.put ^Map shape-executors s c)
    s))

;; ---------------------------------------------------------------------------------------------
;; where rows come from: a statement, or a prepared statement and its parameters

(defprotocol Source
  (-connection [s] "The connection.")
  (-rows [s] "All rows, as a RowSet.")
  (-each [s more?] "Streams each row to a java.util.function.Predicate, until it returns false.")
  (-columns [s] "The result's columns, known before running (prepares if need be)."))

(deftype Statement [executor ^Queryable q ^String sql ^objects params]
  ;; `executor` is what the call was given (caches and datafy/nav key on it); `q` is what the
  ;; statement runs on: the executor, or a view of it with the call's :timeout
  Source
  (-connection [_] executor)
  (-rows [_] (.query q sql params))
  (-each [_ more?] (.forEachWhile q sql ^Predicate more? params))
  (-columns [_] (.columns (.prepare q sql))))

(defn statement
  "The Source of `sql` with `params` (an Object array) run on Queryable q."
  [q sql params]
  (->Statement q q sql params))

;; what sluice.core/prepare returns: `connection` is the Queryable it was prepared on, `sql` the
;; SQL as the caller wrote it (for errors)
(defrecord Prepared [connection ^PreparedQuery query sql])

(deftype Bound [^Prepared p ^objects params]
  ;; a prepared statement and the parameters of one run
  Source
  (-connection [_] (.-connection p))
  (-rows [_] (.query ^PreparedQuery (.-query p) params))
  (-each [_ more?] (.forEachWhile ^PreparedQuery (.-query p) ^Predicate more? params))
  (-columns [_] (.columns ^PreparedQuery (.-query p))))

(defn- qualified?
  "Whether keys may need table names (looked up before the rows are read): a qualified :keys mode,
  or a :builder-fn, whose needs are known only once it has seen the columns."
  [opts]
  (let [m (:keys opts)] (or (= m :qualified) (= m :qualified-kebab) (some? (:builder-fn opts)))))

;; ---------------------------------------------------------------------------------------------
;; reducing: over a RowSet (rows stay valid), or streamed (each row valid during its step)

(defn- set-reducible [^RowSet rs shape]
  (reify IReduceInit
    (reduce [_ f init]
      (let [n (.size rs)]
        (loop [i 0 acc init]
          (if (< i n)
            (let [acc (f acc (row/set-row shape rs i))]
              (if (reduced? acc) @acc (recur (inc i) acc)))
            acc))))))

(defn stream-reduce
  "Reduces the rows of `source` with f as they arrive from the socket. Each lazy row is readable
  only during its step. After `reduced` no more rows are asked for: the server stops producing
  them when it safely can (io.sluice.Connection#forEachWhile), else they are read and dropped."
  [source opts f init]
  (let [c (-connection source)
        _ (when (qualified? opts) (load-table-names! c (-columns source)))
        cursor (row/cursor)
        state (object-array [init nil false])]
    (-each source
           (reify Predicate
             (test [_ r]
               (let [^Row r r]
                 (when-not (aget state 2)
                   (let [shape (or (aget state 1)
                                   (let [s (make-shape c (.columns r) opts)] (aset state 1 s) s))
                         at (.advance cursor)
                         acc (try
                               (f (aget state 0) (row/lazy-row shape r cursor at))
                               (catch RuntimeException e (throw e))
                               (catch Exception e
                                 ;; the core passes RuntimeExceptions back to us; wrap the rest
                                 (throw (ex-info (.getMessage e) {::checked e} e))))]
                     (if (reduced? acc)
                       (do (aset state 0 @acc) (aset state 2 true) false)
                       (do (aset state 0 acc) true))))))))
    (.advance cursor)
    (aget state 0)))

(defn unwrap-checked
  "Rethrows a checked exception that stream-reduce had to wrap."
  [^Throwable e]
  (if-let [c (::checked (ex-data e))] c e))

(defn plan-reducible
  "An IReduceInit over the rows of `source`, streamed (see stream-reduce)."
  [source opts]
  (reify IReduceInit
    (reduce [_ f init]
      (try
        (errors/translating (stream-reduce source opts f init))
        (catch clojure.lang.ExceptionInfo e (throw (unwrap-checked e)))))))

;; ---------------------------------------------------------------------------------------------
;; result shapes

(defn- row-vector
  "The rows of the set as a vector whose rows are made when read (RowVector): each nth is a new
  lazy row over RowSet.get(i), so the vector holds no object per row (the default shape, kept
  cheap since it is what most calls return)."
  [^RowSet rs shape]
  (RowVector. (.size rs) (fn [^long i] (row/set-row shape rs i)) nil))

(defn- update-count [^RowSet rs]
  {:sluice/update-count (.rowCount rs)})

(defn- first-col [r]
  (let [shape (row/row-shape r)]
    (row/column-value r (aget ^ints (.-cols ^sluice.impl.row.Shape shape) 0))))

(defn- reduce-shaped
  "Computes the shape chosen by opts over a reducible of lazy rows."
  [rows opts]
  (let [as (:as opts)]
    (cond
      (:index-by opts) (let [f (:index-by opts)]
                         (persistent! (reduce (fn [m r] (assoc! m (f r) r)) (transient {}) rows)))
      (:group-by opts) (let [f (:group-by opts)]
                         (persistent! (reduce (fn [m r] (let [k (f r)] (assoc! m k (conj (get m k []) r))))
                                              (transient {}) rows)))
      (:kv opts) (let [[kf vf] (:kv opts)]
                   (persistent! (reduce (fn [m r] (assoc! m (kf r) (vf r))) (transient {}) rows)))
      (:reduce opts) (let [[f init] (:reduce opts)]
                       (if-let [xf (:xform opts)] (transduce xf f init rows) (reduce f init rows)))
      (:xform opts) (into [] (:xform opts) rows)
      (= as :first) (reduce (fn [_ r] (reduced r)) nil rows)
      (= as :maps) (into [] (map row/realize) rows)
      (= as :column) (into [] (map first-col) rows)
      (= as :vectors) (let [header (volatile! nil)
                            body (reduce (fn [v r]
                                           (when-not @header (vreset! header (row/shape-keys (row/row-shape r))))
                                           (conj! v (into [] (map val) (seq r))))
                                         (transient []) rows)]
                        (into [(or @header [])] (persistent! body)))
      :else (into [] rows))))

(defn- plain-rows?
  "Whether the options ask for the default shape, a vector of lazy rows."
  [opts]
  (and (contains? #{nil :rows} (:as opts))
       (not (or (:index-by opts) (:group-by opts) (:kv opts) (:reduce opts) (:xform opts)))))

(defn execute
  "Runs the statement of `source` and returns the result in the shape the options choose."
  [source opts]
  (let [as (:as opts)]
    (if (and (#{:column :vectors :maps} as) (not (qualified? opts)))
      ;; shapes that keep values, not rows: computed while the rows stream in
      (reduce-shaped (plan-reducible source opts) opts)
      (let [^RowSet rs (errors/translating (-rows source))]
        (if (.isEmpty (.columns rs))
          (if (= as :first) (update-count rs) [(update-count rs)])
          (let [c (-connection source)
                _ (when (qualified? opts) (errors/translating (load-table-names! c (.columns rs))))
                shape (make-shape c (.columns rs) opts)]
            (if (plain-rows? opts)
              (row-vector rs shape)
              (reduce-shaped (set-reducible rs shape) opts))))))))

(ns sluice.core
  "Sluice's Clojure API: a thin, data-first layer over io.sluice.Connection.

  - `connect` opens a connection from a URI string or a map; it is `with-open`-friendly.
  - `execute!`, `execute-one!` and `plan` take anything connectable (a connection, a URI string
    or a map, which open and close a connection around the call) and SQL as a string or a
    [sql & params] vector (`$1`, `$2`… placeholders), as HoneySQL's `format` returns it.
  - Rows are lazy maps: keyword keys in column order, a column decoded only when its key is
    read. `plan` streams rows through a reduction without building them.
  - Errors are ex-info; see sluice.impl.errors/ex for their ex-data."
  (:require [clojure.string :as str]
            [sluice.impl.errors :as errors]
            [sluice.impl.query :as q]
            [sluice.impl.row :as row]
            [sluice.json :as json])
  (:import (clojure.lang IPersistentMap IReduce IReduceInit Keyword)
           (io.sluice Batch Batch$Item Connection ConnectionConfig PreparedQuery RowSet SluiceException)))

(set! *warn-on-reflection* true)

;; ---------------------------------------------------------------------------------------------
;; connecting

(defn- setting-name ^String [k]
  (cond (keyword? k) (str/replace (name k) \- \_)
        (string? k) k
        :else (throw (errors/bad-input (str "connection setting names are keywords or strings, not " (pr-str k)) {}))))

(defn- setting-value ^String [v]
  (cond (nil? v) nil
        (keyword? v) (name v)
        :else (str v)))

(defn config
  "An io.sluice.ConnectionConfig from a spec: a postgresql:// URI, a libpq key=value string, a
  jdbc:postgresql:// URL, or a map of libpq settings (`:host`, `:port`, `:dbname`, `:user`,
  `:password`, `:sslmode`, `:application-name`…; dashes stand for underscores), optionally with
  `:uri` holding a connection string the other keys add to. An unknown setting is an error
  naming it; the password never appears in any message."
  ^ConnectionConfig [spec]
  (errors/translating
   (cond
     (instance? ConnectionConfig spec) spec
     (string? spec) (ConnectionConfig/parse spec)
     (map? spec) (let [b (ConnectionConfig/builder)]
                   (when-let [u (:uri spec)] (.connectionString b (str u)))
                   (doseq [[k v] (dissoc spec :uri)]
                     (.set b (setting-name k) (setting-value v)))
                   (.build b))
     :else (throw (errors/bad-input (str "a connection spec is a URI string or a map, not "
                                         (if (nil? spec) "nil" (.getName (class spec))))
                                    {})))))

(defn connect
  "Opens a connection (an io.sluice.Connection, AutoCloseable: use `with-open`) from a URI
  string, a key=value string or a map of settings (see `config`). A connection is safe to share
  between threads: concurrent statements are pipelined on it."
  ^Connection [spec]
  (errors/translating (Connection/open (config spec))))

(defprotocol Connectable
  (-with-connection [this f]
    "Calls (f connection) with an open io.sluice.Connection and returns its value: a connection
    is used as is; a spec (string or map) opens one for the call and closes it after."))

(extend-protocol Connectable
  Connection
  (-with-connection [c f] (f c))
  String
  (-with-connection [s f] (with-open [c (connect s)] (f c)))
  IPersistentMap
  (-with-connection [m f] (with-open [c (connect m)] (f c))))

(defn- not-connectable [x]
  (errors/bad-input (str "expected a connection, a prepared statement, a URI string or a settings map, not "
                         (if (nil? x) "nil" (.getName (class x))))
                    {}))

(defn- connectable! [x]
  (when-not (satisfies? Connectable x) (throw (not-connectable x)))
  x)

;; ---------------------------------------------------------------------------------------------
;; statements

(defrecord ^:private Prepared [^Connection connection ^PreparedQuery query])

(defn prepare
  "Prepares a statement on the server now (one round trip) and returns it; pass it to
  `execute!`, `execute-one!` or `plan` with a vector of parameters instead of sql-params. The
  server infers the parameter types. `connection` must be an open connection."
  [^Connection connection ^String sql]
  (when-not (instance? Connection connection) (throw (not-connectable connection)))
  (when-not (string? sql) (throw (errors/bad-input "prepare takes a SQL string" {})))
  (->Prepared connection (errors/translating (.prepare connection sql))))

(defn- with-source
  "Calls (f source) for the statement: a Prepared with a params vector, or a connectable with
  sql-params."
  [connectable sql-params f]
  (if (instance? Prepared connectable)
    (let [^Prepared p connectable]
      (when-not (or (nil? sql-params) (sequential? sql-params))
        (throw (errors/bad-input "a prepared statement takes a vector of parameters" {})))
      (f (q/->Prepared (:connection p) (:query p) (q/params-array sql-params))))
    (let [[sql params] (q/sql-params sql-params)]
      (-with-connection (connectable! connectable)
                        (fn [c] (f (q/->Statement c sql params)))))))

(defn execute!
  "Runs one statement and returns its rows as a vector of lazy maps (or, for a statement that
  returns no rows, [{:sluice/update-count n}]).

  `connectable`: a connection, a prepared statement (then sql-params is a vector of parameters),
  a URI string or a settings map. `sql-params`: \"sql\" or [\"sql\" p1 p2 …] with $1, $2…

  Options:
  - `:keys` `:unqualified` (default, `:id`), `:qualified` (`:users/id`, the table's name),
    `:kebab` (`:created-at`) or `:qualified-kebab`;
  - `:json-keys` `:keyword` (default) or `:string`: keys of JSON objects read from json/jsonb;
  - one result shape, computed as the rows are walked (no intermediate vector):
    `:as :rows` (default), `:maps` (plain realised maps), `:first`, `:column` (the first column of
    each row), `:vectors` (a header of keys, then one vector per row);
    `:index-by f` ({(f row) row}), `:group-by f` ({(f row) [rows]}), `:kv [kf vf]`
    ({(kf row) (vf row)}), `:reduce [f init]` (optionally with `:xform xf`: a transduction), or
    `:xform xf` alone (into a vector)."
  ([connectable sql-params] (execute! connectable sql-params nil))
  ([connectable sql-params opts]
   (q/check-options opts q/query-options)
   (with-source connectable sql-params #(q/execute % opts))))

(defn execute-one!
  "Runs one statement and returns its first row as a lazy map, or nil when there is none (for a
  statement without rows, {:sluice/update-count n}). Takes execute!'s `:keys` and `:json-keys`."
  ([connectable sql-params] (execute-one! connectable sql-params nil))
  ([connectable sql-params opts]
   (q/check-options opts q/plan-options)
   (with-source connectable sql-params #(q/execute % (assoc opts :as :first)))))

(defn plan
  "Returns a reducible (IReduceInit) that, each time it is reduced, runs the statement and streams
  its rows through the reduction as they arrive, in constant memory, without building them: a
  row is a lazy map valid only during its reduction step (take the values you need, or keep
  `(realize row)`). Works with reduce, transduce, into (with a transducer), run!. Takes `:keys` and
  `:json-keys`. A spec (string or map) opens a connection for each reduction."
  ([connectable sql-params] (plan connectable sql-params nil))
  ([connectable sql-params opts]
   (q/check-options opts q/plan-options)
   (when-not (instance? Prepared connectable) (connectable! connectable) (q/sql-params sql-params))
   (reify
     IReduceInit
     (reduce [_ f init]
       (with-source connectable sql-params #(reduce f init (q/plan-reducible % opts))))
     IReduce
     (reduce [this f]
       (let [first? (volatile! true)
             acc (.reduce ^IReduceInit this
                          (fn [acc r]
                            (if @first? (do (vreset! first? false) (row/realize r)) (f acc r)))
                          nil)]
         (if @first? (f) acc))))))

(defn realize
  "A plain persistent map with every column of a lazy row decoded; any other map as is."
  [r]
  (if (row/lazy-row? r) (row/realize r) r))

(defn lazy-row?
  "Whether x is a lazy row from execute!, execute-one! or plan."
  [x]
  (row/lazy-row? x))

(defn json
  "Marks a value to be sent as a JSON parameter. Maps are sent as JSON without it; use it for a
  vector (else sent as a PostgreSQL array) or a string holding a JSON string."
  [value]
  (json/json value))

;; ---------------------------------------------------------------------------------------------
;; batches

(defn batch!
  "Sends several statements together in one round trip and returns one result per statement
  (as execute! returns them, default shape), in order. Each of `statements` is a SQL string or a
  [sql & params] vector.

  Without options each statement runs on its own: an error in one leaves the others alone, and
  its place in the result holds the ex-info (not thrown). With `{:atomic? true}` the batch is one
  implicit transaction: all apply, or none does and the error is thrown (`:index` in its ex-data
  is the statement that failed). Options `:keys`, `:json-keys` as for execute!."
  ([connection statements] (batch! connection statements nil))
  ([^Connection connection statements opts]
   (q/check-options opts (conj q/plan-options :atomic?))
   (when-not (instance? Connection connection) (throw (not-connectable connection)))
   (when-not (sequential? statements)
     (throw (errors/bad-input "batch! takes a sequence of statements (strings or [sql & params] vectors)" {})))
   (let [^Batch b (errors/translating (.batch connection))]
     (doseq [s statements]
       (let [[sql params] (q/sql-params s)]
         (.add b sql params)))
     (let [result (fn [^RowSet rs]
                    (q/execute (reify q/Source
                                 (-connection [_] connection)
                                 (-rows [_] rs))
                               (dissoc opts :atomic?)))]
       (if (:atomic? opts)
         (mapv result (errors/translating (.runAtomic b)))
         (mapv (fn [^Batch$Item item]
                 (if (.ok item) (result (.rows item)) (errors/ex (.error item))))
               (errors/translating (.run b))))))))

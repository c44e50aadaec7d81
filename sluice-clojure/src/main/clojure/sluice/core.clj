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
            [sluice.codec :as codec]
            [sluice.impl.errors :as errors]
            [sluice.impl.query :as q]
            [sluice.impl.row :as row]
            [sluice.json :as json])
  (:import (clojure.lang IPersistentMap IReduce IReduceInit Keyword)
           (io.sluice Batch Batch$Item Connection Connection$SessionBody ConnectionConfig CopyFormat Listener
                      Notification Pool PoolOptions PoolStats PreparedQuery Row RowSet SluiceException Transaction
                      Transaction$Body TxOptions TxOptions$Isolation)
           (java.io InputStream OutputStream Reader Writer)
           (java.time Duration)
           (java.util.function Consumer)))

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
  `:uri` holding a connection string the other keys add to, and `:codecs`, a map of PostgreSQL
  type name to io.sluice.types.Codec (see sluice.codec). An unknown setting is an error
  naming it; the password never appears in any message."
  ^ConnectionConfig [spec]
  (errors/translating
   (cond
     (instance? ConnectionConfig spec) spec
     (string? spec) (ConnectionConfig/parse spec)
     (map? spec) (let [b (ConnectionConfig/builder)]
                   (when-let [u (:uri spec)] (.connectionString b (str u)))
                   (doseq [[k v] (dissoc spec :uri :codecs)]
                     (.set b (setting-name k) (setting-value v)))
                   (codec/with-codecs (.build b) (:codecs spec)))
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
  Transaction
  (-with-connection [t f] (f t))
  Pool
  (-with-connection [p f] (f p))
  String
  (-with-connection [s f] (with-open [c (connect s)] (f c)))
  IPersistentMap
  (-with-connection [m f] (with-open [c (connect m)] (f c))))

(defn- not-connectable [x]
  (errors/bad-input (str "expected a connection, a transaction, a pool, a prepared statement, a URI string or a settings map, not "
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

;; ---------------------------------------------------------------------------------------------
;; options as data

(defn- duration
  "A java.time.Duration from milliseconds or a Duration."
  ^Duration [k v]
  (cond (instance? Duration v) v
        (and (integer? v) (not (neg? v))) (Duration/ofMillis (long v))
        :else (throw (errors/bad-input (str k " is a number of milliseconds or a java.time.Duration, not " (pr-str v))
                                       {:option k}))))

(defn- check-keys [opts allowed what]
  (when-not (or (nil? opts) (map? opts))
    (throw (errors/bad-input (str what " options are a map, not " (pr-str opts)) {})))
  (doseq [k (keys opts)]
    (when-not (contains? allowed k)
      (throw (errors/bad-input (str "unknown " what " option " k "; known: " (str/join ", " (sort allowed)))
                               {:option k})))))

;; ---------------------------------------------------------------------------------------------
;; the pool

(def ^:private pool-options
  {:min-size (fn [^PoolOptions o v] (.minSize o (int v)))
   :max-size (fn [^PoolOptions o v] (.maxSize o (int v)))
   :max-waiters (fn [^PoolOptions o v] (.maxWaiters o (int v)))
   :acquire-timeout (fn [^PoolOptions o v] (.acquireTimeout o (duration :acquire-timeout v)))
   :max-lifetime (fn [^PoolOptions o v] (.maxLifetime o (duration :max-lifetime v)))
   :idle-timeout (fn [^PoolOptions o v] (.idleTimeout o (duration :idle-timeout v)))
   :validate-after-idle (fn [^PoolOptions o v] (.validateAfterIdle o (duration :validate-after-idle v)))
   :leak-threshold (fn [^PoolOptions o v] (.leakThreshold o (duration :leak-threshold v)))
   :close-timeout (fn [^PoolOptions o v] (.closeTimeout o (duration :close-timeout v)))})

(defn pool
  "Opens a pool of connections (an io.sluice.Pool, AutoCloseable) from a spec (see `config`).
  A pool is a value you pass wherever a connection goes: `execute!`, `execute-one!`, `plan`,
  `with-transaction`, `copy-in!`… Independent statements go to the least busy connection and are
  pipelined there; a transaction borrows one connection for its whole life.

  Options (durations in milliseconds or as java.time.Duration): `:min-size` (1), `:max-size`
  (10), `:acquire-timeout` (30 s), `:max-waiters` (10,000), `:max-lifetime` (30 min, with
  jitter), `:idle-timeout` (10 min), `:validate-after-idle` (5 s), `:leak-threshold` (off),
  `:close-timeout` (30 s)."
  (^Pool [spec] (pool spec nil))
  (^Pool [spec opts]
   (check-keys opts (set (keys pool-options)) "pool")
   (let [^PoolOptions o (reduce-kv (fn [o k v] ((pool-options k) o v)) PoolOptions/DEFAULT (or opts {}))]
     (errors/translating (Pool/open (config spec) o)))))

(defn pool-stats
  "A snapshot of a pool's counters as a map (sizes, waits, timeouts, errors), the PoolStats
  record's fields as kebab-case keywords: `:open`, `:idle`, `:borrowed`, `:in-flight`, `:opening`,
  `:waiting`, `:acquired`, `:timeouts`, `:opened`, `:closed`, `:evicted`, `:connect-failures`,
  `:last-error`."
  [^Pool p]
  (let [^PoolStats s (.stats p)]
    (into {} (map (fn [^java.lang.reflect.RecordComponent c]
                    [(keyword (str/lower-case (str/replace (.getName c) #"([a-z])([A-Z])" "$1-$2")))
                     (.invoke (.getAccessor c) s (object-array 0))]))
          (.getRecordComponents PoolStats))))

;; ---------------------------------------------------------------------------------------------
;; transactions

(def ^:private isolation-levels
  {:read-committed TxOptions$Isolation/READ_COMMITTED
   :read-uncommitted TxOptions$Isolation/READ_COMMITTED   ; PostgreSQL runs it as read committed
   :repeatable-read TxOptions$Isolation/REPEATABLE_READ
   :serializable TxOptions$Isolation/SERIALIZABLE})

(def ^:private tx-option-keys #{:isolation :read-only? :deferrable? :rollback-only? :retries})

(defn- tx-options ^TxOptions [opts]
  (check-keys opts tx-option-keys "transaction")
  (let [{:keys [isolation read-only? deferrable? retries]} opts]
    (when (and isolation (not (isolation-levels isolation)))
      (throw (errors/bad-input (str "unknown :isolation " (pr-str isolation) "; known: "
                                    (str/join ", " (sort (keys isolation-levels))))
                               {:option :isolation})))
    (when (and retries (not (and (integer? retries) (<= 0 retries))))
      (throw (errors/bad-input (str ":retries is a count, 0 or more, not " (pr-str retries)) {:option :retries})))
    (cond-> TxOptions/DEFAULT
      isolation (.isolation ^TxOptions$Isolation (isolation-levels isolation))
      read-only? (.readOnly true)
      deferrable? (.deferrable true)
      retries (.retries (int retries)))))

(defn- tx-body ^Transaction$Body [f rollback-only?]
  (reify Transaction$Body
    (run [_ tx]
      (let [v (f tx)]
        (if rollback-only?
          (throw (ex-info "rollback-only" {::rollback-only v}))
          v)))))

(defn transact
  "Calls (f tx) in a transaction and returns its value: committed when f returns, rolled back
  when it throws (the exception is rethrown). `connectable` is a connection, a pool (which lends
  one connection for the transaction), a spec, or a transaction — then this one is nested in it,
  through a savepoint, and only `:rollback-only?` applies. The transaction `tx` goes wherever a
  connection goes (`execute!`, `plan`, `copy-in!`…) and must be used from this thread only.

  Options: `:isolation` (`:read-committed`, `:repeatable-read`, `:serializable`),
  `:read-only?`, `:deferrable?`, `:rollback-only?` (roll back even when f returns: for tests and
  dry runs), `:retries` n (on a serialization failure or deadlock, SQLSTATE 40001 / 40P01, roll
  back and run f again, up to n more times: f must then tolerate being repeated)."
  ([connectable f] (transact connectable f nil))
  ([connectable f opts]
   (let [o (tx-options opts)
         body (tx-body f (:rollback-only? opts))]
     (try
       (errors/translating
        (cond
          (instance? Transaction connectable) (.transaction ^Transaction connectable body)
          (instance? Pool connectable) (.transaction ^Pool connectable o body)
          (instance? Connection connectable) (.transaction ^Connection connectable o body)
          :else (-with-connection (connectable! connectable)
                                  (fn [^Connection c] (.transaction c o body)))))
       (catch clojure.lang.ExceptionInfo e
         (let [d (ex-data e)]
           (if (contains? d ::rollback-only) (::rollback-only d) (throw e))))))))

(defmacro with-transaction
  "(with-transaction [tx connectable opts] body…): runs body in a transaction bound to `tx`; see
  `transact` for the options and nesting. Committed when body returns, rolled back when it
  throws."
  [[sym connectable opts] & body]
  `(transact ~connectable (fn [~sym] ~@body) ~opts))

;; ---------------------------------------------------------------------------------------------
;; COPY

(defn- with-plain-connection
  "Calls (f connection tx?) with the io.sluice.Connection to run a COPY on: the connection, a
  transaction's connection, one borrowed from a pool for the call, or one opened from a spec."
  [connectable f]
  (cond
    (instance? Connection connectable) (f connectable)
    (instance? Transaction connectable) (f (.connection ^Transaction connectable))
    (instance? Pool connectable) (.session ^Pool connectable (reify Connection$SessionBody (run [_ c] (f c))))
    :else (-with-connection (connectable! connectable) f)))

(def ^:private copy-formats {:text CopyFormat/TEXT :csv CopyFormat/CSV :binary CopyFormat/BINARY})

(defn- column-name ^String [k]
  (cond (keyword? k) (if (namespace k) (str (namespace k) "/" (name k)) (name k))
        (string? k) k
        :else (throw (errors/bad-input (str "a column name is a keyword or a string, not " (pr-str k)) {}))))

(defn copy-in!
  "COPY into the database; returns the number of rows copied.

  - (copy-in! db \"copy t from stdin (format csv)\" source): `source` is a java.io.Reader, an
    InputStream, a String or a byte array, holding data in the COPY statement's format.
  - (copy-in! db \"t\" rows opts): `rows` is a sequence of vectors (values in `:columns` order) or
    of maps (keyed by the columns); Sluice encodes each value by its column's type. Options:
    `:columns` (keywords or strings; for maps, by default the keys of the first map), `:format`
    `:binary` (default), `:text` or `:csv`. The table name is written into the SQL as given
    (quote it yourself if it needs quoting); column names are quoted by Sluice.

  A bad row or a failing source ends the COPY with an error and nothing is copied; the connection
  stays usable. `db` is a connection, transaction, pool or spec."
  ([connectable copy-sql source] (copy-in! connectable copy-sql source nil))
  ([connectable ^String sql-or-table source opts]
   (when-not (string? sql-or-table)
     (throw (errors/bad-input "copy-in! takes a COPY statement or a table name as a string" {})))
   (cond
     (or (instance? Reader source) (instance? InputStream source) (string? source) (bytes? source))
     (do (when (seq opts)
           (throw (errors/bad-input "options apply to copy-in! of rows, not of a stream" {})))
         (with-plain-connection connectable
           (fn [^Connection c]
             (errors/translating
              (cond (instance? Reader source) (.from (.copy c) sql-or-table ^Reader source)
                    (string? source) (.from (.copy c) sql-or-table (java.io.StringReader. ^String source))
                    (bytes? source) (.from (.copy c) sql-or-table (java.io.ByteArrayInputStream. ^bytes source))
                    :else (.from (.copy c) sql-or-table ^InputStream source))))))

     (or (sequential? source) (nil? source) (instance? Iterable source))
     (do
       (check-keys opts #{:columns :format} "copy-in!")
       (let [fmt (get copy-formats (or (:format opts) :binary))
             _ (when-not fmt
                 (throw (errors/bad-input (str "unknown :format " (pr-str (:format opts)) "; known: :binary, :csv, :text")
                                          {:option :format})))
             first-row (first source)
             cols (or (:columns opts) (when (map? first-row) (vec (keys first-row))))
             _ (when (empty? cols)
                 (throw (errors/bad-input "copy-in! of row vectors needs :columns" {:option :columns})))
             names (mapv column-name cols)
             width (count cols)
             as-row (fn [r]
                      (cond
                        (map? r) (let [a (object-array width)]
                                   (dotimes [i width]
                                     (aset a i (q/param (get r (nth cols i)))))
                                   a)
                        (sequential? r) (let [a (object-array (map q/param r))]
                                          (when-not (= width (alength a))
                                            (throw (errors/bad-input (str "a row has " (alength a) " values for "
                                                                          width " columns: " (pr-str r))
                                                                     {})))
                                          a)
                        :else (throw (errors/bad-input (str "a row is a vector or a map, not " (pr-str r)) {}))))]
         (with-plain-connection connectable
           (fn [^Connection c]
             (errors/translating
              (.fromRows (.copy c) sql-or-table ^java.util.List names fmt
                         ^Iterable (eduction (map as-row) (or source []))))))))

     :else
     (throw (errors/bad-input (str "copy-in! reads a Reader, an InputStream, a string, bytes, or a sequence of rows, not "
                                   (.getName (class source)))
                              {})))))

(defn copy-out!
  "COPY out of the database.

  - (copy-out! db \"copy t to stdout (format csv)\" target): writes the data into `target`, a
    java.io.Writer or an OutputStream (not closed); returns the number of rows.
  - (copy-out! db \"select …\" ) or (copy-out! db query opts): runs the query as a binary COPY and
    returns its rows as a vector of plain maps (`:keys` as for execute!). Faster than a query
    for big results; the rows are decoded lazily from COPY's binary format as they arrive.

  `db` is a connection, transaction, pool or spec."
  ([connectable query] (copy-out! connectable query nil))
  ([connectable ^String sql target-or-opts]
   (when-not (string? sql)
     (throw (errors/bad-input "copy-out! takes a SQL string" {})))
   (let [target target-or-opts]
     (cond
       (or (instance? Writer target) (instance? OutputStream target))
       (with-plain-connection connectable
         (fn [^Connection c]
           (errors/translating
            (if (instance? Writer target)
              (.to (.copy c) sql ^Writer target)
              (.to (.copy c) sql ^OutputStream target)))))

       (or (nil? target) (map? target))
       (let [opts target]
         (check-keys opts #{:keys :json-keys} "copy-out!")
         (with-plain-connection connectable
           (fn [^Connection c]
             (let [out (volatile! (transient []))
                   shape (volatile! nil)]
               (when (#{:qualified :qualified-kebab} (:keys opts))
                 (errors/translating (q/load-table-names! c (.columns (.prepare c sql)))))
               (errors/translating
                (.toRows (.copy c) sql
                         (reify Consumer
                           (accept [_ r]
                             (let [^Row r r
                                   s (or @shape (vreset! shape (q/make-shape c (.columns r) opts)))]
                               (vswap! out conj! (row/realize (row/lazy-row s r nil 0))))))))
               (persistent! @out)))))

       :else
       (throw (errors/bad-input (str "copy-out! writes to a Writer or an OutputStream, or returns rows given an options map, not "
                                     (.getName (class target)))
                                {}))))))

;; ---------------------------------------------------------------------------------------------
;; LISTEN / NOTIFY

(defn- notification-map [^Notification n]
  {:channel (.channel n) :payload (.payload n) :pid (.processId n)})

(defn listen!
  "Opens a dedicated listener connection (an io.sluice.Listener, AutoCloseable) from a spec and
  LISTENs on `channels` (strings; quoted by Sluice). With `callback`, each notification is passed
  to it as {:channel :payload :pid}, on a virtual thread, as it arrives; without, take them with
  `poll!`. The listener reconnects on its own after the connection is lost and subscribes again.
  Add or drop channels later with `.listen` / `.unlisten` on the listener."
  (^Listener [spec channels] (listen! spec channels nil))
  (^Listener [spec channels callback]
   (when-not (and (coll? channels) (every? string? channels))
     (throw (errors/bad-input "listen! takes a collection of channel names (strings)" {})))
   (when-not (or (nil? callback) (ifn? callback))
     (throw (errors/bad-input "listen!'s callback is a function of one notification map" {})))
   (let [^Listener l (errors/translating
                      (Listener/open (config spec)
                                     (when callback
                                       (reify Consumer (accept [_ n] (callback (notification-map n)))))
                                     nil))]
     (try
       (doseq [ch channels] (errors/translating (.listen l ^String ch)))
       l
       (catch Throwable e (.close l) (throw e))))))

(defn poll!
  "The next notification of a listener opened without a callback, as {:channel :payload :pid},
  waiting up to `timeout-ms`; nil when none came."
  [^Listener listener timeout-ms]
  (some-> (.poll listener (Duration/ofMillis (long timeout-ms))) notification-map))

(defn notify!
  "Sends a notification on `channel` with `payload` (pg_notify), through any connectable."
  [connectable ^String channel ^String payload]
  (when-not (and (string? channel) (or (nil? payload) (string? payload)))
    (throw (errors/bad-input "notify! takes a channel name and a payload, both strings" {})))
  (execute! connectable ["select pg_notify($1, $2)" channel (or payload "")])
  nil)

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
            [sluice.impl.batch :as batch]
            [sluice.impl.datafy]
            [sluice.codec :as codec]
            [sluice.impl.errors :as errors]
            [sluice.impl.options :as options]
            [sluice.impl.placeholders :as placeholders]
            [sluice.impl.query :as q]
            [sluice.impl.records :as records]
            [sluice.impl.statement :as statement]
            [sluice.events :as events]
            [sluice.impl.row :as row]
            [sluice.impl.values :as values]
            [sluice.json :as json])
  (:import (clojure.lang IPersistentMap IReduce IReduceInit Keyword)
           (io.sluice Batch Batch$Item Connection Connection$SessionBody ConnectionConfig CopyFormat Notifications
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
  `:uri` holding a connection string the other keys add to, `:listener` a function of event
  maps or an EventListener (see sluice.events), and `:codecs`, a map of PostgreSQL type name to
  io.sluice.types.Codec (see sluice.codec). An unknown setting is an error naming it; the
  password never appears in any message."
  ^ConnectionConfig [spec]
  (errors/translating
   (cond
     (instance? ConnectionConfig spec) spec
     (string? spec) (ConnectionConfig/parse spec)
     (map? spec) (let [b (ConnectionConfig/builder)]
                   (when-let [u (:uri spec)] (.connectionString b (str u)))
                   (when-let [l (:listener spec)] (.listener b (events/listener l)))
                   (doseq [[k v] (dissoc spec :uri :listener :codecs)]
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
  (-with-connection [m f] (with-open [c (connect m)] (f c)))
  sluice.impl.options.WithOptions
  (-with-connection [w f] (-with-connection (options/unwrap w) f)))

(defn- not-connectable [x]
  (errors/bad-input (str "expected a connection, a transaction, a pool, a prepared statement, a URI string or a settings map, not "
                         (if (nil? x) "nil" (.getName (class x))))
                    {}))

(defn- connectable! [x]
  (when-not (satisfies? Connectable x) (throw (not-connectable x)))
  x)

;; ---------------------------------------------------------------------------------------------
;; statements

;; `sql` as the caller wrote it, for errors
(defrecord ^:private Prepared [connection ^PreparedQuery query sql])

(defn prepare
  "Prepares a statement on the server now (one round trip) and returns it; pass it to
  `execute!`, `execute-one!` or `plan` with a vector of parameters instead of sql-params. The
  server infers the parameter types. `connectable` is an open connection, a transaction (run the
  statement from its thread) or a pool (each call runs on whichever connection the pool gives
  it). Option: `:placeholders :question-mark` (`?` for `$n`)."
  ([connectable sql] (prepare connectable sql nil))
  ([connectable sql opts]
   (let [opts (options/merged connectable opts #{:placeholders})
         q (options/unwrap connectable)]
     (q/check-options opts #{:placeholders})
     (when-not (q/executor? q) (throw (not-connectable q)))
     (when-not (string? sql) (throw (errors/bad-input "prepare takes a SQL string" {})))
     (let [mode (placeholders/check-mode (:placeholders opts))]
       (statement/annotating sql mode
         (->Prepared q (errors/translating
                        (.prepare ^io.sluice.Queryable q (placeholders/for-mode q mode sql)))
                     sql))))))

(def ^:private statement-options
  "Options of every statement call beside the result options: the placeholder mode, the timeout."
  #{:placeholders :timeout})

(defn- timeout
  "The `:timeout` option as a Duration (seconds, as next.jdbc's; decimals allowed; or a
  java.time.Duration), or nil when absent."
  ^Duration [opts]
  (when-let [t (:timeout opts)]
    (cond
      (and (instance? Duration t) (not (.isNegative ^Duration t)) (not (.isZero ^Duration t))) t
      (and (number? t) (pos? t)) (Duration/ofNanos (long (* 1e9 (double t))))
      :else (throw (errors/bad-input (str ":timeout is a number of seconds more than 0, or a java.time.Duration, not "
                                          (pr-str t))
                                     {:option :timeout})))))

(defn- timed
  "The connection `c` itself, or a view of it running each call with the `:timeout` of `opts` in
  place of query_timeout (io.sluice.Queryable#withTimeout)."
  [c opts]
  (if-let [d (timeout opts)]
    (if (instance? io.sluice.Queryable c)
      (.withTimeout ^io.sluice.Queryable c d)
      c)
    c))

(defn- with-source
  "Calls (f source) for the statement: a Prepared with a params vector, or a connectable with
  sql-params (its SQL rewritten for `:placeholders`). A Sluice error names the SQL (`:sql`)."
  [connectable sql-params opts f]
  (if (instance? Prepared connectable)
    (let [^Prepared p connectable]
      (when-not (or (nil? sql-params) (sequential? sql-params))
        (throw (errors/bad-input "a prepared statement takes a vector of parameters" {})))
      (statement/annotating (:sql p) nil
        (f (q/->Prepared (:connection p) (:query p) (q/params-array sql-params)))))
    (let [[sql params] (q/sql-params sql-params)
          mode (placeholders/check-mode (:placeholders opts))]
      (statement/annotating sql mode
        (-with-connection (connectable! connectable)
                          (fn [c] (f (q/->Statement (timed c opts) (placeholders/for-mode c mode sql) params))))))))

(defn- call
  "Runs (f inner-connectable merged-options) for a public function `op`: the options of a
  with-options wrapper merged under the call's (those in `allowed`), checked, and the call
  between the wrapper's loggers."
  [op connectable sql-params opts allowed f]
  (let [opts (options/merged connectable opts allowed)]
    (q/check-options opts allowed)
    (options/logged connectable op sql-params #(f (options/unwrap connectable) opts))))

(defn execute!
  "Runs one statement and returns its rows as a vector of lazy maps (or, for a statement that
  returns no rows, [{:sluice/update-count n}]).

  `connectable`: a connection, a transaction, a pool, a prepared statement (then sql-params is a
  vector of parameters), a URI string or a settings map, or any of these through `with-options`.
  `sql-params`: \"sql\" or [\"sql\" p1 p2 …] with $1, $2… (or ? with `:placeholders`).

  Options:
  - `:placeholders` `:dollar` (default) or `:question-mark`: `?` placeholders numbered for you
    (strings, quoted identifiers, dollar quotes and comments skipped; `??` is a literal `?`);
  - `:builder-fn` (see sluice.builders), `:label-fn`, `:qualifier-fn`: how columns become keys;
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
   (call 'sluice.core/execute! connectable sql-params opts (into q/query-options statement-options)
         (fn [c opts] (with-source c sql-params opts #(q/execute % opts))))))

(defn execute-one!
  "Runs one statement and returns its first row as a lazy map, or nil when there is none (for a
  statement without rows, {:sluice/update-count n}). Takes execute!'s `:keys`, `:json-keys`,
  `:placeholders`, `:builder-fn`, `:label-fn` and `:qualifier-fn`."
  ([connectable sql-params] (execute-one! connectable sql-params nil))
  ([connectable sql-params opts]
   (call 'sluice.core/execute-one! connectable sql-params opts (into q/plan-options statement-options)
         (fn [c opts] (with-source c sql-params opts #(q/execute % (assoc opts :as :first)))))))

(defn plan
  "Returns a reducible (IReduceInit) that, each time it is reduced, runs the statement and streams
  its rows through the reduction as they arrive, in constant memory, without building them: a
  row is a lazy map valid only during its reduction step (take the values you need, or keep
  `(realize row)`). Works with reduce, transduce, into (with a transducer), run!. Takes `:keys`,
  `:json-keys`, `:placeholders`, `:builder-fn`, `:label-fn`, `:qualifier-fn`. A spec (string or
  map) opens a connection for each reduction; a pool lends one connection for it, so that a slow
  reduction holds up no other caller. On a connection, a statement run from inside a step on that
  same connection fails at once (its reply would queue behind the rows not yet read)."
  ([connectable sql-params] (plan connectable sql-params nil))
  ([connectable sql-params opts]
   (let [allowed (into q/plan-options statement-options)
         opts (options/merged connectable opts allowed)]
     (q/check-options opts allowed)
     (placeholders/check-mode (:placeholders opts))
     (when-not (instance? Prepared connectable) (connectable! connectable) (q/sql-params sql-params))
     (reify
       IReduceInit
       (reduce [_ f init]
         (options/logged connectable 'sluice.core/plan sql-params
                         #(with-source (options/unwrap connectable) sql-params opts
                            (fn [s] (reduce f init (q/plan-reducible s opts))))))
       IReduce
       (reduce [this f]
         (let [first? (volatile! true)
               acc (.reduce ^IReduceInit this
                            (fn [acc r]
                              (if @first? (do (vreset! first? false) (row/realize r)) (f acc r)))
                            nil)]
           (if @first? (f) acc)))))))

(defn realize
  "A plain persistent map with every column of a lazy row decoded; any other map as is."
  [r]
  (if (row/lazy-row? r) (row/realize r) r))

(defn lazy-row?
  "Whether x is a lazy row from execute!, execute-one! or plan."
  [x]
  (row/lazy-row? x))

(defn interval
  "An io.sluice.types.Interval, what an interval column reads as (months, days and microseconds,
  as PostgreSQL keeps it; `.toDuration`, `.toPeriod`), from PostgreSQL's text (\"1 day 02:00:00\",
  \"P1DT2H\"), a java.time.Duration or Period. It prints as `#sluice/interval \"1 day 02:00:00\"`,
  which reads back; as a parameter it is the interval, and so are Duration and Period."
  [x]
  (values/interval x))

(defn json
  "Marks a value to be sent as a JSON parameter. Maps are sent as JSON without it; use it for a
  vector (else sent as a PostgreSQL array) or a string holding a JSON string."
  [value]
  (json/json value))

;; ---------------------------------------------------------------------------------------------
;; batches

(declare with-plain-connection)

(defn batch!
  "Sends several statements together in one round trip and returns one result per statement
  (as execute! returns them, default shape), in order. Each of `statements` is a SQL string or a
  [sql & params] vector. `connectable`: a connection, a transaction (the batch runs inside it), a
  pool (on one connection borrowed for the batch) or a spec.

  Without options each statement runs on its own: an error in one leaves the others alone, and
  its place in the result holds its ex-info (not thrown; `:index` and `:sql` in its ex-data; it
  prints as `#sluice/failed {…}`). With `{:atomic? true}` the batch is one implicit transaction:
  all apply, or none does and the error is thrown (`:index` in its ex-data is the statement that
  failed). Options `:keys`, `:json-keys` as for execute!, and `:placeholders`."
  ([connectable statements] (batch! connectable statements nil))
  ([connectable statements opts]
   (call 'sluice.core/batch! connectable statements opts (into q/plan-options (conj statement-options :atomic?))
         (fn [x opts] (with-plain-connection x #(batch/run x % statements opts))))))

(defn execute-batch!
  "Runs one parameterised statement once for each group of parameters (a sequence of vectors),
  sent together in one round trip, all or nothing (one implicit transaction; inside a
  transaction, part of it). A single-row `insert … values (…)` goes as multi-row inserts (one
  statement per 64 rows; io.sluice.Connection#executeMany). Returns the update count of each
  group, in order (for merged inserts 1, or -1 when some rows of its statement were skipped by an
  `on conflict do nothing`); for a statement that returns rows (`insert … returning id`), every
  group's rows in one vector. Takes a connection, transaction, pool or spec, and execute!'s
  `:keys`, `:json-keys`, `:placeholders`, `:timeout`."
  ([connectable sql param-groups] (execute-batch! connectable sql param-groups nil))
  ([connectable sql param-groups opts]
   (call 'sluice.core/execute-batch! connectable (into [sql] param-groups) opts
         (into q/plan-options statement-options)
         (fn [x opts] (with-plain-connection x #(batch/execute-batch x % (timeout opts) sql param-groups opts))))))

(defn execute-script!
  "Runs SQL holding several statements separated by semicolons (a migration, a schema) through
  the simple query protocol, in one round trip, and returns one map per statement:
  `{:sluice/command \"CREATE TABLE\" :sluice/update-count n}`, with `:sluice/rows` (values as
  the server's text) for statements that return rows. Without an explicit BEGIN/COMMIT the
  script is one implicit transaction: when a statement fails, none of them applies. No
  parameters. Takes a connection, transaction, pool or spec."
  [connectable ^String sql]
  (when-not (string? sql) (throw (errors/bad-input "execute-script! takes SQL as a string" {})))
  (options/logged connectable 'sluice.core/execute-script! [sql]
                  (fn []
                    (statement/annotating sql nil
                      (-with-connection (connectable! (options/unwrap connectable)) #(batch/script % sql))))))

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
  (records/record->map (.stats p)))

;; ---------------------------------------------------------------------------------------------
;; transactions

(def ^:private isolation-levels
  {:read-committed TxOptions$Isolation/READ_COMMITTED
   :read-uncommitted TxOptions$Isolation/READ_COMMITTED   ; PostgreSQL runs it as read committed
   :repeatable-read TxOptions$Isolation/REPEATABLE_READ
   :serializable TxOptions$Isolation/SERIALIZABLE})

(def ^:private tx-option-keys
  ;; :read-only and :rollback-only are next.jdbc's spellings, taken beside ours
  #{:isolation :read-only? :deferrable? :rollback-only? :retries :read-only :rollback-only :timeout})

(defn- next-jdbc-names
  "Options with next.jdbc's spellings under ours; :isolation :none (next.jdbc: the default) dropped."
  [opts]
  (cond-> (dissoc opts :read-only :rollback-only)
    (contains? opts :read-only) (assoc :read-only? (or (:read-only? opts) (boolean (:read-only opts))))
    (contains? opts :rollback-only) (assoc :rollback-only? (or (:rollback-only? opts) (boolean (:rollback-only opts))))
    (= :none (:isolation opts)) (dissoc :isolation)))

(defn- tx-options ^TxOptions [opts]
  (check-keys opts tx-option-keys "transaction")
  (let [{:keys [isolation read-only? deferrable? retries]} (next-jdbc-names opts)]
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
      retries (.retries (int retries))
      (:timeout opts) (.timeout (timeout opts)))))

(def ^:private ^:dynamic *active-tx*
  "The transactions running on this thread, and the connections and pools they run on."
  #{})

(defn active-tx?
  "Whether a transaction begun by `with-transaction` / `transact` is running on this thread; with
  an argument, whether one runs on it (a transaction, or the connection or pool it was begun on)."
  ([] (boolean (seq *active-tx*)))
  ([connectable]
   (let [x (options/unwrap connectable)]
     (or (and (instance? Transaction x) (.isActive ^Transaction x))
         (contains? *active-tx* x)))))

(defn- tx-body ^Transaction$Body [f rollback-only? connectable]
  (reify Transaction$Body
    (run [_ tx]
      (let [v (binding [*active-tx* (conj *active-tx* tx (options/unwrap connectable))]
                (f (options/rewrap connectable tx)))]
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
  back and run f again, up to n more times: f must then tolerate being repeated), `:timeout`
  (seconds, or a java.time.Duration: the whole transaction, from begin to commit, in place of
  query_timeout for each statement; past it the statement running is cancelled and the
  transaction rolls back). next.jdbc's
  `:read-only`, `:rollback-only` and `:isolation :none` are taken too. Through a `with-options`
  wrapper, `tx` carries the wrapper's options."
  ([connectable f] (transact connectable f nil))
  ([connectable f opts]
   (let [o (tx-options opts)
         body (tx-body f (:rollback-only? (next-jdbc-names opts)) connectable)
         connectable (options/unwrap connectable)]
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
;; wrappers and borrowed connections

(defn with-options
  "`connectable` with default options for every call through it (execute!, execute-one!, plan,
  batch!, prepare, sluice.sql…): each call merges its own options over these, keeping those it
  takes (so {:keys :kebab :placeholders :question-mark} serves all). A transaction begun on it
  carries them too. Wrapping a wrapper adds to its options."
  [connectable opts]
  (options/wrap connectable opts))

(defn with-logging
  "`connectable` calling `sql-logger` before each statement, as (sql-logger op sql-params) where op
  names the function (`'sluice.core/execute!`…), and, if given, `result-logger` after it, as
  (result-logger op state result) where state is what sql-logger returned and result the
  function's value or the exception it throws. sql-params is the call's SQL argument: [sql & params]
  or a string, batch!'s statements, [sql & groups] for execute-batch!. Keeps the options of a with-options wrapper; a
  transaction begun on it logs too. To see every statement of a connection or pool, whatever the
  call, give its settings a `:listener` instead (sluice.events)."
  ([connectable sql-logger] (with-logging connectable sql-logger nil))
  ([connectable sql-logger result-logger]
   (when-not (and (ifn? sql-logger) (or (nil? result-logger) (ifn? result-logger)))
     (throw (errors/bad-input "with-logging takes a sql-logger function and an optional result-logger function" {})))
   (options/with-loggers connectable {:sql sql-logger :result result-logger})))

(defn on-connection*
  "Calls (f connection) and returns its value: a connection or a transaction as it is, a
  connection borrowed from a pool for f alone (its session state reset when given back), or one
  opened from a spec and closed after. Options of a with-options wrapper carry over."
  [connectable f]
  (let [x (options/unwrap connectable)
        g #(f (options/rewrap connectable %))]
    (cond
      (or (instance? Connection x) (instance? Transaction x)) (g x)
      (instance? Pool x) (errors/translating (.session ^Pool x (reify Connection$SessionBody (run [_ c] (g c)))))
      :else (-with-connection (connectable! x) g))))

(defmacro on-connection
  "(on-connection [conn connectable] body…): body with `conn` bound to a connection from
  `connectable`; see on-connection*. A pool lends one connection for the body: statements in it
  share that connection's session (SET, temporary tables)."
  [[sym connectable] & body]
  `(on-connection* ~connectable (fn [~sym] ~@body)))

(defmacro with-connection
  "(with-connection [conn connectable] body…): the same as on-connection (a connection from a
  pool is borrowed for the body and given back; one opened from a spec is closed after)."
  [[sym connectable] & body]
  `(on-connection* ~connectable (fn [~sym] ~@body)))

;; ---------------------------------------------------------------------------------------------
;; COPY

(defn- with-plain-connection
  "Calls (f connection tx?) with the io.sluice.Connection to run a COPY on: the connection, a
  transaction's connection, one borrowed from a pool for the call, or one opened from a spec."
  [connectable f]
  (let [connectable (options/unwrap connectable)]
   (cond
    (instance? Connection connectable) (f connectable)
    (instance? Transaction connectable) (f (.connection ^Transaction connectable))
    (instance? Pool connectable) (.session ^Pool connectable (reify Connection$SessionBody (run [_ c] (f c))))
    :else (-with-connection (connectable! connectable) f))))

(def ^:private copy-formats {:text CopyFormat/TEXT :csv CopyFormat/CSV :binary CopyFormat/BINARY})

(defn- column-name
  "The column a key names, as results name their keys: a keyword's name with dashes for
  underscores (`:created-at` and `:users/created-at` are created_at); a string as it is."
  ^String [k]
  (cond (keyword? k) (str/replace (name k) \- \_)
        (string? k) k
        :else (throw (errors/bad-input (str "a column name is a keyword or a string, not " (pr-str k)) {}))))

(defn- map-row
  "The values of a map row in the order of `cols`; a key that is not one of them is an error (it
  would be dropped silently), a column the map lacks is NULL."
  ^objects [r cols ^long row-number]
  (let [width (count cols)
        a (object-array width)
        found (loop [i 0 found 0]
                (if (= i width)
                  found
                  (let [e (find r (nth cols i))]
                    (when e (aset a i (q/param (val e))))
                    (recur (inc i) (if e (inc found) found)))))]
    (when (< found (count r))
      (let [extra (remove (set cols) (keys r))]
        (throw (errors/bad-input (str "row " row-number " has " (str/join ", " (map pr-str extra))
                                      ", not among the columns " (pr-str cols)
                                      "; copy-in! takes the columns from :columns or the first row: pass :columns with every key")
                                 {:columns cols :keys (vec extra)}))))
    a))

(defn copy-in!
  "COPY into the database; returns the number of rows copied.

  - (copy-in! db \"copy t from stdin (format csv)\" source): `source` is a java.io.Reader, an
    InputStream, a String or a byte array, holding data in the COPY statement's format.
  - (copy-in! db \"t\" rows opts): `rows` is a sequence of vectors (values in `:columns` order) or
    of maps (keyed by the columns); Sluice encodes each value by its column's type. Options:
    `:columns` (keywords or strings; for maps, by default the keys of the first map; a later map
    with another key is an error, never dropped, and a key it lacks is NULL), `:format` `:binary`
    (default), `:text` or `:csv`. A keyword names a column as result keys do (`:created-at` and
    `:users/created-at` are created_at); a string is the column's name as it is. The table name is
    written into the SQL as given (quote it yourself if it needs quoting); column names are quoted
    by Sluice.

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
             cols (vec (or (:columns opts) (when (map? first-row) (keys first-row))))
             _ (when (empty? cols)
                 (throw (errors/bad-input "copy-in! of row vectors needs :columns" {:option :columns})))
             names (mapv column-name cols)
             width (count cols)
             row-number (volatile! 0)
             as-row (fn [r]
                      (vswap! row-number inc)
                      (cond
                        (map? r) (map-row r cols @row-number)
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

(declare copy-out-with-params copy-out-sql)

(defn copy-out!
  "COPY out of the database.

  - (copy-out! db \"copy t to stdout (format csv)\" target): writes the data into `target`, a
    java.io.Writer or an OutputStream (not closed); returns the number of rows.
  - (copy-out! db \"select …\" ) or (copy-out! db query opts): runs the query as a binary COPY and
    returns its rows as a vector of plain maps (`:keys` as for execute!). Faster than a query
    for big results; the rows are decoded lazily from COPY's binary format as they arrive.
  - (copy-out! db [\"select … where x = $1\" x] opts): a query with parameters, which COPY does
    not take (values are never written into SQL): it runs as a query streamed through `plan`,
    with the same result.

  `db` is a connection, transaction, pool or spec."
  ([connectable query] (copy-out! connectable query nil))
  ([connectable sql target-or-opts]
   (if (vector? sql)
     (copy-out-with-params connectable sql target-or-opts)
     (copy-out-sql connectable sql target-or-opts))))

(defn- copy-out-with-params [connectable sql-params opts]
  (when-not (or (nil? opts) (map? opts))
    (throw (errors/bad-input (str "COPY takes no parameters, so a query with parameters cannot be copied into a "
                                  (.getName (class opts)) ": drop the parameters, or take the rows (an options map)")
                             {})))
  (check-keys opts #{:keys :json-keys} "copy-out!")
  (if (next sql-params)
    (into [] (map row/realize) (plan connectable sql-params opts))
    (copy-out-sql connectable (first sql-params) opts)))

(defn- copy-out-sql
  ([connectable ^String sql target-or-opts]
   (when-not (string? sql)
     (throw (errors/bad-input "copy-out! takes a SQL string or a [sql & params] vector" {})))
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
  "Opens a dedicated listener connection (an io.sluice.Notifications, AutoCloseable) from a spec and
  LISTENs on `channels` (strings; quoted by Sluice). With `callback`, each notification is passed
  to it as {:channel :payload :pid}, on a virtual thread, as it arrives; without, take them with
  `poll!`. The listener reconnects on its own after the connection is lost and subscribes again.
  Add or drop channels later with `.listen` / `.unlisten` on the listener."
  (^Notifications [spec channels] (listen! spec channels nil))
  (^Notifications [spec channels callback]
   (when-not (and (coll? channels) (every? string? channels))
     (throw (errors/bad-input "listen! takes a collection of channel names (strings)" {})))
   (when-not (or (nil? callback) (ifn? callback))
     (throw (errors/bad-input "listen!'s callback is a function of one notification map" {})))
   (let [^Notifications l (errors/translating
                      (Notifications/open (config spec)
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
  [^Notifications listener timeout-ms]
  (some-> (.poll listener (Duration/ofMillis (long timeout-ms))) notification-map))

(defn notify!
  "Sends a notification on `channel` with `payload` (pg_notify), through any connectable."
  [connectable ^String channel ^String payload]
  (when-not (and (string? channel) (or (nil? payload) (string? payload)))
    (throw (errors/bad-input "notify! takes a channel name and a payload, both strings" {})))
  (execute! connectable ["select pg_notify($1, $2)" channel (or payload "")])
  nil)
